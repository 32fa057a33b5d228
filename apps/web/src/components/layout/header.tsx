import { paths, SCROLL_THRESHOLDS, type User } from '@scholar/shared';
import { ChevronDown, ShoppingCart, User as UserIcon } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useCart } from '../../lib/cart';
import { T, useT } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { DropdownMenu, menuItemClass } from './dropdown-menu';
import { LanguageSwitcher } from './language-switcher';
import { MobileMenu } from './mobile-menu';
import { accountLinks, checkoutPath, publicBar, staffBar } from './navigation';
import { useScrolledBeyond } from './scroll';

/**
 * The cart icon goes to the cart in one click or tap. Beside it, where the bar is 40rem wide (640px at the
 * usual text size), a small button opens the cart menu (View Cart with the item count, Checkout); on a phone
 * the cart page has both.
 */
function CartMenu({ user }: { user: User | null }) {
  const count = useCart().totals.itemCount;
  const t = useT();
  return (
    <div className="flex items-center">
      <NavLink
        to={paths.cart}
        aria-label={t('cart.label', { count })}
        className={({ isActive }) =>
          `relative grid size-10 place-items-center rounded-md text-stone-700 hover:bg-brand-50 hover:text-brand-800 ${
            isActive ? 'bg-brand-50 text-brand-800' : ''
          }`
        }
      >
        <ShoppingCart aria-hidden="true" className="size-5" />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="cart-badge"
            className="absolute -top-0.5 -end-0.5 grid min-w-5 place-items-center rounded-full bg-brand-700 px-1 text-xs leading-5 font-semibold text-white"
          >
            {count}
          </span>
        )}
      </NavLink>
      <DropdownMenu
        id="cart-menu"
        buttonLabel={t('cart.menu')}
        className="hidden @min-[40rem]:block"
        button={<ChevronDown aria-hidden="true" className="-mx-1 size-4" />}
      >
        <li>
          <Link to={paths.cart} className={menuItemClass}>
            {t('cart.view', { count })}
          </Link>
        </li>
        <li>
          <Link to={checkoutPath(user)} className={menuItemClass}>
            {t('cart.checkout')}
          </Link>
        </li>
      </DropdownMenu>
    </div>
  );
}

function AccountMenu() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const t = useT();
  return (
    <DropdownMenu
      id="account-menu"
      button={
        <>
          <UserIcon aria-hidden="true" className="size-5" />
          <span className="sr-only @min-[40rem]:not-sr-only">{t('nav.account')}</span>
          <ChevronDown aria-hidden="true" className="hidden size-4 @min-[40rem]:block" />
        </>
      }
      heading={
        user && (
          <p className="border-b border-stone-100 px-4 pb-2 text-xs text-stone-600">
            <T
              id="nav.signedInAs"
              values={{ name: user.name }}
              components={{ 0: <span className="font-semibold text-stone-800" /> }}
            />
          </p>
        )
      }
    >
      {accountLinks(user).map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={menuItemClass}>
            {t(link.label)}
          </Link>
        </li>
      ))}
      {user && (
        <li>
          <button
            type="button"
            className={menuItemClass}
            onClick={() => {
              void logout().then(() => navigate(paths.home));
            }}
          >
            {t('nav.logout')}
          </button>
        </li>
      )}
    </DropdownMenu>
  );
}

/**
 * The navigation bar of every page (docs/product.md, "Navigation"): page links for guests and users with a cart,
 * the links of a staff member's desks without one, an account menu, and a hamburger menu while the links do not fit in a row (below 768px
 * for the public links at the usual text size). The header is a size container: its widths are in rem and measured
 * against the room the header has, so at larger text the links fold into the menu sooner, and where even the folded
 * bar is too wide (a phone at 200 % text) the buttons wrap onto a second line instead of leaving the screen. It
 * turns translucent after 5% scroll.
 */
export function Header() {
  const { user, isStaff } = useSession();
  const translucent = useScrolledBeyond(SCROLL_THRESHOLDS.translucentNav);
  // Staff see the links of their role's desks, and have no cart.
  const bar = isStaff && user ? staffBar(user.role) : publicBar;
  const t = useT();
  return (
    <header
      data-translucent={translucent}
      className={`@container sticky top-0 z-40 border-b transition-colors duration-200 ${
        translucent
          ? 'border-stone-200/70 bg-white/80 shadow-sm backdrop-blur-md'
          : 'border-stone-200 bg-white'
      }`}
    >
      <nav
        aria-label={t('nav.main')}
        className="relative mx-auto flex max-w-7xl flex-wrap items-center justify-end gap-1 px-4 py-2.5"
      >
        <Link to={paths.home} className="me-auto rounded font-serif text-xl font-bold text-brand-800">
          {t('site.name')}
        </Link>
        <ul className={`items-center gap-0.5 ${bar.rowClass}`}>
          {bar.links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === paths.home}
                className={({ isActive }) =>
                  `block rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap @min-[64rem]:px-3 ${
                    isActive
                      ? 'bg-brand-50 text-brand-800'
                      : 'text-stone-700 hover:bg-brand-50 hover:text-brand-800'
                  }`
                }
              >
                {t(link.label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-1">
          {!isStaff && <LanguageSwitcher />}
          {!isStaff && <CartMenu user={user} />}
          <AccountMenu />
          <MobileMenu links={bar.links} hiddenClass={bar.menuHiddenClass} />
        </div>
      </nav>
    </header>
  );
}
