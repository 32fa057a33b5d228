/** Where a failure of work done in the background is reported. */
interface ErrorLog {
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * Work done after a request's answer, which never waits for it nor fails with it: a failure is logged at error
 * level as `failure`, with `context`. `settled` waits for the work under way (a stop calls it before closing what
 * that work uses).
 */
export function backgroundWork(log: ErrorLog) {
  const underWay = new Set<Promise<void>>();
  return {
    run: (task: () => Promise<void>, failure: string, context: Record<string, unknown> = {}): void => {
      const running = task()
        .catch((error: unknown) => log.error({ err: error, ...context }, failure))
        .finally(() => underWay.delete(running));
      underWay.add(running);
    },
    settled: async (): Promise<void> => {
      await Promise.allSettled([...underWay]);
    },
  };
}
