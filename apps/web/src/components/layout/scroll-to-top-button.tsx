import { SCROLL_THRESHOLDS } from '@scholar/shared';
import { ArrowUp } from 'lucide-react';
import { prefersReducedMotion, useScrolledBeyond } from './scroll';

/** The round 'Scroll to top' button, 24px from the bottom and right, shown beyond 25% of the scrollable height. */
export function ScrollToTopButton() {
  const visible = useScrolledBeyond(SCROLL_THRESHOLDS.scrollToTop);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      title="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })}
      className="fixed end-6 bottom-6 z-30 grid size-12 place-items-center rounded-full bg-brand-700 text-white shadow-lg transition hover:bg-brand-800"
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
