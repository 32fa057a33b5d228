import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** How far down the page is scrolled, from 0 (top) to 1 (bottom); 0 when the page does not scroll. */
export function scrolledFraction(): number {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  if (scrollable <= 0) return 0;
  return window.scrollY / scrollable;
}

/** True when the visitor asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange);
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
  };
}

/** True once the page is scrolled beyond `fraction` of its scrollable height (docs/product.md, "Constants"). */
export function useScrolledBeyond(fraction: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => scrolledFraction() > fraction,
    () => false,
  );
}

/**
 * Navigating forward to a new path jumps instantly to the top. Going back or forward through the history (POP)
 * leaves the position to the browser, and a change of the query string alone does not move the page.
 */
export function useScrollToTopOnNavigate(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (navigationType !== NavigationType.Pop) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, navigationType]);
}

/** Where the pages of this tab were scrolled, by history entry, kept for this tab's session. */
const POSITIONS_KEY = 'scrollPositions';
/** The most entries kept (the oldest go first). */
const MAX_POSITIONS = 200;
/** How long a restore waits for the page to grow tall enough (its list still loading). */
const RESTORE_WAIT_MS = 3000;

function readPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(POSITIONS_KEY) ?? '[]');
    return new Map(Array.isArray(stored) ? (stored as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(POSITIONS_KEY, JSON.stringify([...positions].slice(-MAX_POSITIONS)));
  } catch {
    // Storage full or refused: positions are kept for this page only.
  }
}

/** Whether the document itself was reloaded or reached through Back or Forward (not opened afresh). */
function documentWasRevisited(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  const type = (entry as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}

/**
 * Scrolls to `top` once the page is tall enough for it, waiting up to 3 s for its content to arrive; the visitor
 * scrolling, touching or pressing a key first cancels it. Answers the cancel.
 */
function restoreTo(top: number): () => void {
  let frame = 0;
  const started = performance.now();
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const event of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
      window.removeEventListener(event, stop);
  };
  const attempt = () => {
    const room = document.documentElement.scrollHeight - window.innerHeight;
    if (room >= top || performance.now() - started > RESTORE_WAIT_MS) {
      stop();
      window.scrollTo({ top: Math.max(0, Math.min(top, room)), left: 0, behavior: 'instant' });
      return;
    }
    frame = requestAnimationFrame(attempt);
  };
  for (const event of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
    window.addEventListener(event, stop, { passive: true });
  attempt();
  return stop;
}

/**
 * Going back or forward through the history returns to where that page was scrolled, like a multi-page site: a
 * list opened again from one of its items shows the same rows. Positions are kept per history entry for the
 * tab's session (and so survive a reload); the browser's own restoration is turned off, as it would act before
 * the page has its content.
 */
export function useScrollRestoration(): void {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  positions.current ??= readPositions();
  const currentKey = useRef(key);
  const initialKey = useRef(key);
  const navigated = useRef(false);

  useEffect(() => {
    const { history } = window;
    const before = 'scrollRestoration' in history ? history.scrollRestoration : undefined;
    if (before) history.scrollRestoration = 'manual';
    const save = () => {
      if (positions.current) writePositions(positions.current);
    };
    const record = () => {
      const map = positions.current;
      if (!map) return;
      map.delete(currentKey.current);
      map.set(currentKey.current, window.scrollY);
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      if (before) history.scrollRestoration = before;
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      save();
    };
  }, []);

  // Before the browser paints the new page, so that the scroll events it causes count for the new entry.
  useLayoutEffect(() => {
    currentKey.current = key;
    if (key !== initialKey.current) navigated.current = true;
    // The first page of a document opened afresh starts at the top, even with a position kept for its entry.
    const opened = !navigated.current && !documentWasRevisited();
    if (navigationType !== NavigationType.Pop || opened) return;
    const top = positions.current?.get(key);
    return top === undefined ? undefined : restoreTo(top);
  }, [key, navigationType]);
}

/**
 * After a change of page in a paged list: brings the list's top (`element`, with a `scroll-margin-top` clearing
 * the sticky header) into view, smoothly unless the visitor asked for less motion.
 */
export function scrollToListTop(element: HTMLElement | null): void {
  element?.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}
