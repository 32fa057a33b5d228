import { Menu, X } from 'lucide-react';
import { NavLink } from 'react-router';
import { paths } from '@scholar/shared';
import type { NavItem } from './navigation';
import { useDisclosure } from './use-disclosure';

/**
 * The page links behind a hamburger button on screens narrower than 768px. Like the dropdowns, Escape, a press
 * outside, choosing a link or tabbing away closes it.
 */
export function MobileMenu({ links }: { links: NavItem[] }) {
  const { open, toggle, close, onBlur, buttonRef, panelRef } = useDisclosure();
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label="Menu"
        onClick={toggle}
        onBlur={onBlur}
        className="grid size-10 place-items-center rounded-md text-stone-700 hover:bg-brand-50 md:hidden"
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
        className="absolute inset-x-0 top-full border-b border-stone-200 bg-white shadow-md md:hidden"
      >
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
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
