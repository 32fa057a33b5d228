import { Menu, X } from 'lucide-react';
import { NavLink } from 'react-router';
import { paths } from '@scholar/shared';
import { useLayoutEffect, useRef } from 'react';
import { useHydrated } from '../../lib/hydration';
import { useT } from '../../lib/i18n';
import type { NavItem } from './navigation';
import { HEADER_MENUS } from './dropdown-menu';
import { useDisclosure } from './use-disclosure';

/** The panel's links, the same before and after the app takes the menu over. */
function MenuLinks({ links }: { links: NavItem[] }) {
  const t = useT();
  return (
    <ul className="mx-auto max-w-7xl px-4 py-2">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            end={link.to === paths.home}
            className={({ isActive }) =>
              `block rounded-md px-3 py-3 text-base font-medium ${
                isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-brand-50'
              }`
            }
          >
            {t(link.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

const BUTTON_CLASS = 'grid size-10 place-items-center rounded-md text-stone-700 hover:bg-brand-50';
const PANEL_CLASS =
  'absolute inset-x-0 top-full max-h-[calc(100dvh-100%)] overflow-y-auto border-b border-stone-200 bg-white shadow-md';

/**
 * The page links behind a hamburger button, while the header has no room for them in a row: `hiddenClass` (a
 * container query of the header, e.g. `@min-[48rem]:hidden`) hides the button and the panel from the width at
 * which the row fits. The panel hangs below the whole bar and, when the text is large, scrolls within the screen
 * instead of running past its bottom. Like the dropdowns, Escape, a press outside, choosing a link or tabbing
 * away closes it.
 *
 * Until the app runs the page (the page as the server sent it, on a slow phone or without JavaScript) the menu is
 * a `<details>` disclosure, which opens and closes without a script; the app then takes it over as a button, open
 * if the reader had opened it.
 */
export function MobileMenu({ links, hiddenClass }: { links: NavItem[]; hiddenClass: string }) {
  const { open, toggle, show, close, onBlur, buttonRef, panelRef } = useDisclosure();
  const hydrated = useHydrated();
  const early = useRef<HTMLDetailsElement>(null);
  const t = useT();
  // Runs once, as the app takes the page over and before it swaps the disclosure for the button.
  useLayoutEffect(() => {
    if (early.current?.open) show();
  }, [show]);

  if (!hydrated) {
    return (
      <details ref={early} name={HEADER_MENUS} className={`group ${hiddenClass}`}>
        <summary
          aria-label={t('nav.menu')}
          className={`${BUTTON_CLASS} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        >
          <Menu aria-hidden="true" className="size-6 group-open:hidden" />
          <X aria-hidden="true" className="hidden size-6 group-open:block" />
        </summary>
        <div id="mobile-menu" className={PANEL_CLASS}>
          <MenuLinks links={links} />
        </div>
      </details>
    );
  }
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={t('nav.menu')}
        onClick={toggle}
        onBlur={onBlur}
        className={`${BUTTON_CLASS} ${hiddenClass}`}
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
      </button>
      <div
        ref={panelRef}
        id="mobile-menu"
        hidden={!open}
        onBlur={onBlur}
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('a')) close();
        }}
        className={`${PANEL_CLASS} ${hiddenClass}`}
      >
        <MenuLinks links={links} />
      </div>
    </>
  );
}
