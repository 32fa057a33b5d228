import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` every `intervalMs` while the server runs: the first run `firstDelayMs` after the server is ready (every
 * route registered), each next one `intervalMs` after the previous ended, so runs never overlap; on a timer that
 * does not keep the process alive. Stopping the server cancels the timer and waits for a run under way. `run`
 * handles and logs its own failures: a rejection here would only end that run.
 */
export function repeatWhileRunning(
  app: FastifyInstance,
  { intervalMs, firstDelayMs }: { intervalMs: number; firstDelayMs: number },
  run: () => Promise<void>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run()
        .catch((error: unknown) => app.log.error({ err: error }, 'a repeating job failed'))
        .finally(() => {
          running = undefined;
          schedule(intervalMs);
        });
    }, delayMs);
    timer.unref();
  };
  app.addHook('onReady', async () => {
    schedule(Math.min(intervalMs, firstDelayMs));
  });
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
