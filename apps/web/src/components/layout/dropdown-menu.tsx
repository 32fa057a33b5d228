import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useHydrated } from '../../lib/hydration';
import { useDisclosure } from './use-disclosure';

export const menuItemClass =
  'block w-full px-4 py-2 text-start text-sm text-stone-700 hover:bg-brand-50 hover:text-brand-800 focus-visible:bg-brand-50';

/** The header's menus before the app runs: `<details>` of one group, so that opening one closes the others. */
export const HEADER_MENUS = 'header-menus';

const BUTTON_CLASS =
  'relative flex items-center gap-1.5 rounded-md px-2.5 py-2 text-sm font-medium text-stone-700 hover:bg-brand-50 hover:text-brand-800';
const PANEL_CLASS =
  'absolute top-full end-4 z-50 mt-2 w-56 max-w-[calc(100%-2rem)] rounded-lg border border-stone-200 bg-white py-2 shadow-lg @min-[40rem]:end-0 @min-[40rem]:max-w-none';

interface DropdownMenuProps {
  /** The panel's id, for `aria-controls`. */
  id: string;
  /** What the button shows (an icon and, where there is room, a word). */
  button: ReactNode;
  /** The button's accessible name when it shows no words. */
  buttonLabel?: string;
  /** Shown above the items, e.g. who is signed in. */
  heading?: ReactNode;
  /** The `<li>` items. */
  children: ReactNode;
  /** Classes of the element around the button and the panel (e.g. to hide it on small screens). */
  className?: string;
}

/**
 * A button that shows a list of links (disclosure pattern): `aria-expanded` and `aria-controls` on the button,
 * Escape or a press outside closes it, choosing an item or tabbing away closes it too.
 *
 * It lives in the header, a size container. Where the header is 40rem wide, the panel opens under its button;
 * in a narrower header (a phone, or large text) it hangs from the right of the whole bar, below it, and is never
 * wider than the bar, so that it stays on the screen even when the button sits away from the right edge.
 */
export function DropdownMenu({
  id,
  button,
  buttonLabel,
  heading,
  children,
  className = '',
}: DropdownMenuProps) {
  const { open, toggle, show, close, onBlur, buttonRef, panelRef } = useDisclosure();
  const hydrated = useHydrated();
  const early = useRef<HTMLDetailsElement>(null);
  // Runs once, as the app takes the page over and before it swaps the disclosure for the button.
  useLayoutEffect(() => {
    if (early.current?.open) show();
  }, [show]);

  if (!hydrated) {
    // Until the app runs the page (a slow phone, or no JavaScript): a `<details>` disclosure, which opens and
    // closes without a script, as the phone menu does; the app then takes it over as the button, open if it was.
    return (
      <details ref={early} name={HEADER_MENUS} className={`group @min-[40rem]:relative ${className}`}>
        <summary
          aria-label={buttonLabel}
          className={`${BUTTON_CLASS} cursor-pointer list-none group-open:bg-brand-50 [&::-webkit-details-marker]:hidden`}
        >
          {button}
        </summary>
        <div id={id} className={PANEL_CLASS}>
          {heading}
          <ul>{children}</ul>
        </div>
      </details>
    );
  }
  return (
    <div className={`@min-[40rem]:relative ${className}`} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={buttonLabel}
        onClick={toggle}
        className={`${BUTTON_CLASS} aria-expanded:bg-brand-50`}
      >
        {button}
      </button>
      <div
        ref={panelRef}
        id={id}
        hidden={!open}
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('a, button')) close();
        }}
        className={PANEL_CLASS}
      >
        {heading}
        <ul>{children}</ul>
      </div>
    </div>
  );
}
