import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { site } from '../../content/site';

export function Footer() {
  return (
    <footer className="mt-16 bg-brand-900 text-stone-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <section aria-labelledby="footer-office">
          <h2 id="footer-office" className="font-serif text-lg font-semibold text-gold-400">
            Office
          </h2>
          <address className="mt-2 text-sm leading-6 not-italic">
            {site.office.lines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="font-serif text-lg font-semibold text-gold-400">
            Contact
          </h2>
          <p className="mt-2 text-sm leading-6">
            <a className="underline" href={`mailto:${site.contact.email}`}>
              {site.contact.email}
            </a>
            <br />
            <a className="underline" href={`tel:${site.contact.phone.replace(/\s/g, '')}`}>
              {site.contact.phone}
            </a>
            <br />
            {site.contact.hours}
          </p>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className="font-serif text-lg font-semibold text-gold-400">
            Follow
          </h2>
          <ul className="mt-2 flex flex-wrap gap-3 text-sm">
            {site.social.map((s) => (
              <li key={s.name}>
                <a className="underline" href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
          <ul className="mt-4 space-y-1 text-sm">
            <li>
              <Link className="underline" to={paths.privacyPolicy}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link className="underline" to={paths.terms}>
                Terms and Conditions
              </Link>
            </li>
            <li>
              <Link className="underline" to={paths.returnPolicy}>
                Return Policy
              </Link>
            </li>
          </ul>
        </section>
      </div>
      <p className="border-t border-brand-800 py-4 text-center text-xs text-stone-300">
        © {new Date().getFullYear()} {site.name}
      </p>
    </footer>
  );
}
