import { Link, NavLink } from 'react-router';
import { paths } from '../../app/paths';
import { site } from '../../content/site';

const links = [
  { to: paths.home, label: 'Home' },
  { to: paths.about, label: 'About' },
  { to: paths.initiatives, label: 'Initiatives' },
  { to: paths.articles, label: 'Articles' },
  { to: paths.fatwahs, label: 'Fatwahs' },
];

export function Header() {
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link to={paths.home} className="font-serif text-xl font-bold text-brand-800">
          {site.name}
        </Link>
        <ul className="flex flex-wrap items-center gap-4 text-sm font-medium">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === paths.home}
                className={({ isActive }) =>
                  isActive
                    ? 'text-brand-700 underline underline-offset-4'
                    : 'text-stone-700 hover:text-brand-700'
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>
            <Link to={paths.login} className="text-stone-700 hover:text-brand-700">
              Login
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
