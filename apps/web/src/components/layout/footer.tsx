import { paths, settingsIn, SOCIAL_NETWORK_NAMES, SOCIAL_NETWORKS, telHref } from '@scholar/shared';
import { Mail, MapPin, Phone, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { useLocale, useT } from '../../lib/i18n';
import { useSiteSettings } from '../../lib/site-settings';
import { FooterLanguageLinks } from './language-switcher';
import { footerLinks, legalLinks, type NavItem } from './navigation';

const headingClass = 'font-serif text-lg font-semibold text-gold-400';
const linkClass = 'rounded underline-offset-4 hover:text-white hover:underline';

/** The items of a list of the footer's links. */
function LinkItems({ links }: { links: readonly NavItem[] }) {
  const t = useT();
  return links.map((link) => (
    <li key={link.to}>
      <Link className={linkClass} to={link.to}>
        {t(link.label)}
      </Link>
    </li>
  ));
}

/**
 * The office, the contacts and the social links come from the site's settings: until they are read, those places
 * stay empty (never a placeholder), and a link left empty in the settings is not shown.
 */
export function Footer() {
  const settings = useSiteSettings();
  const t = useT();
  const { locale } = useLocale();
  // The page's language's words for the office and its hours; the English ones, marked so, where there are none.
  const local = settings ? settingsIn(settings, locale) : undefined;
  const englishMark = (english: boolean) =>
    english ? { lang: 'en', dir: 'ltr' as const } : { dir: 'auto' as const };
  const social = settings
    ? SOCIAL_NETWORKS.filter((network) => settings.social[network] !== '').map((network) => ({
        name: SOCIAL_NETWORK_NAMES[network],
        href: settings.social[network],
      }))
    : [];
  return (
    <footer className="mt-16 bg-brand-900 text-stone-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-office">
          <h2 id="footer-office" className={headingClass}>
            {t('footer.office')}
          </h2>
          <address className="mt-3 flex gap-2 text-sm leading-6 not-italic">
            <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-gold-400" />
            <span {...(local?.officeAddress.english ? { lang: 'en' } : {})}>
              {local?.officeAddress.lines.map((line, i) => (
                <span key={i} dir={local.officeAddress.english ? 'ltr' : 'auto'} className="block">
                  {line}
                </span>
              ))}
            </span>
          </address>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={headingClass}>
            {t('footer.contact')}
          </h2>
          {settings && (
            <ul className="mt-3 space-y-2 text-sm leading-6">
              <li className="flex items-center gap-2">
                <Mail aria-hidden="true" className="size-4 shrink-0 text-gold-400" />
                <a
                  dir="ltr"
                  className={`${linkClass} break-all underline`}
                  href={`mailto:${settings.contactEmail}`}
                >
                  {settings.contactEmail}
                </a>
              </li>
              <li className="flex items-center gap-2">
                <Phone aria-hidden="true" className="size-4 shrink-0 text-gold-400" />
                {/* A phone number and an address of mail read left to right on an Urdu page too. */}
                <a dir="ltr" className={`${linkClass} underline`} href={telHref(settings.phone)}>
                  {settings.phone}
                </a>
              </li>
              {local?.openingHours.text && (
                <li className="flex items-start gap-2">
                  <Clock aria-hidden="true" className="mt-1 size-4 shrink-0 text-gold-400" />
                  <span {...englishMark(local.openingHours.english)}>{local.openingHours.text}</span>
                </li>
              )}
            </ul>
          )}
        </section>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={headingClass}>
            {t('footer.quickLinks')}
          </h2>
          <ul className="mt-3 grid grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] gap-x-4 gap-y-2 text-sm sm:grid-cols-1">
            <LinkItems links={[{ to: paths.home, label: 'nav.home' }, ...footerLinks]} />
          </ul>
        </nav>
        <div>
          {social.length > 0 && (
            <section aria-labelledby="footer-follow" className="mb-6">
              <h2 id="footer-follow" className={headingClass}>
                {t('footer.follow')}
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2 text-sm">
                {social.map((s) => (
                  <li key={s.name}>
                    <a
                      className="inline-block rounded-full border border-brand-700 px-3 py-1 hover:border-gold-400 hover:text-white"
                      href={s.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('footer.socialLink', { site: t('site.name'), network: s.name })}
                    >
                      {s.name}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <h2 className={headingClass} id="footer-legal">
            {t('footer.policies')}
          </h2>
          <ul aria-labelledby="footer-legal" className="mt-3 space-y-2 text-sm">
            <LinkItems links={legalLinks} />
          </ul>
          <FooterLanguageLinks linkClass={linkClass} />
        </div>
      </div>
      <p className="border-t border-brand-800 px-4 py-4 text-center text-xs text-stone-300">
        © {new Date().getFullYear()} {t('site.name')}. {t('footer.rights')}
      </p>
    </footer>
  );
}
