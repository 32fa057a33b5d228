import type { FastifyInstance } from 'fastify';
import { nextScheduledArticleTime } from './articles.service';

/** setTimeout's longest wait (about 24.8 days); a later time is waited for in several steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Waited past the scheduled time, so that the database's clock has reached it too when the cache is cleared. */
const MARGIN_MS = 50;

/**
 * Makes an article scheduled for later appear to readers at its time, with no request from the desk: a timer
 * clears the `articles` area of the public cache (answers and rendered pages) when the next scheduled article is
 * due, on this instance and the others (docs/decisions/050). Planned at start and again whenever the area is
 * cleared (a write here or on another instance, or this timer), so that it always waits for the earliest one.
 */
export function clearCacheWhenScheduledArticlesAppear(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  /** Only the latest planning sets the timer (an older one may answer later). */
  let planning = 0;

  const plan = async () => {
    const turn = ++planning;
    const next = await nextScheduledArticleTime(app.db);
    if (closed || turn !== planning) return;
    clearTimeout(timer);
    timer = undefined;
    if (!next) return;
    const wait = Math.min(Math.max(next.getTime() - Date.now(), 0) + MARGIN_MS, MAX_TIMER_MS);
    timer = setTimeout(() => {
      timer = undefined;
      // Clearing the area plans the next one (below); a long wait cut in steps only plans again.
      if (Date.now() >= next.getTime()) app.invalidatePublicCache('articles');
      else replan();
    }, wait);
    timer.unref();
  };
  const replan = () => {
    plan().catch((error: unknown) => app.log.error({ err: error }, 'scheduled articles: planning failed'));
  };

  app.onPublicCacheCleared((area) => {
    if (area === 'articles') replan();
  });
  app.addHook('onReady', async () => {
    replan();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}
