import { LOCALE_INFO, LOCALES, localizePath, STORAGE_KEYS, type Locale } from '@scholar/shared';
import { Languages } from 'lucide-react';
import { useLocation } from 'react-router';
import { useLocale, useT } from '../../lib/i18n';
import { storage } from '../../lib/storage';
import { DropdownMenu, menuItemClass } from './dropdown-menu';

/** Remembers the reader's choice of language: the next visit suggests it (language-suggestion.tsx). */
export function rememberLocale(locale: Locale): void {
  try {
    storage.set(STORAGE_KEYS.locale, locale);
  } catch {
    // Storage full or refused: the choice holds for this page only.
  }
}

/** The address of the page the reader is on, in every language: the path within the language and its query. */
function useAddressesOfThisPage(): { locale: Locale; href: string }[] {
  const { pathname, search } = useLocation();
  return LOCALES.map((locale) => ({ locale, href: localizePath(locale, `${pathname}${search}`) }));
}

/**
 * The same page in another language: plain links (a page in another language is another page, rendered in it by
 * the server), each in its own language and script. Choosing one remembers it.
 */
function LanguageLinks({ className }: { className: string }) {
  const { locale: current } = useLocale();
  return useAddressesOfThisPage().map(({ locale, href }) => (
    <li key={locale}>
      <a
        href={href}
        hrefLang={LOCALE_INFO[locale].tag}
        lang={LOCALE_INFO[locale].tag}
        dir={LOCALE_INFO[locale].dir}
        aria-current={locale === current ? 'true' : undefined}
        onClick={() => rememberLocale(locale)}
        // Another language's name in the system's faces: the page downloads only its own language's face.
        className={`${className} aria-[current]:font-semibold ${locale === current ? '' : 'font-system'}`}
      >
        {LOCALE_INFO[locale].name}
      </a>
    </li>
  ));
}

/** The header's language menu: the current language's name, and the page in the others. */
export function LanguageSwitcher() {
  const t = useT();
  const { name } = useLocale();
  return (
    <DropdownMenu
      id="language-menu"
      buttonLabel={`${t('language.label')}: ${name}`}
      button={
        <>
          <Languages aria-hidden="true" className="size-5" />
          <span aria-hidden="true" className="hidden @min-[40rem]:inline">
            {name}
          </span>
        </>
      }
    >
      <LanguageLinks className={menuItemClass} />
    </DropdownMenu>
  );
}

/** The footer's language links, which work without JavaScript. */
export function FooterLanguageLinks({ linkClass }: { linkClass: string }) {
  const t = useT();
  return (
    <nav aria-labelledby="footer-language" className="mt-6">
      <h2 id="footer-language" className="font-serif text-lg font-semibold text-gold-400">
        {t('language.label')}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <LanguageLinks className={linkClass} />
      </ul>
    </nav>
  );
}
