import { useEffect, useRef, useSyncExternalStore } from 'react';
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

/** True once the page is scrolled beyond `fraction` of its scrollable height (spec §9 thresholds). */
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
