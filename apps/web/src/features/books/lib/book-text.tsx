import { CONTENT_LANGUAGE_INFO, type Book, type Locale } from '@scholar/shared';
import { bookIn, type BookInLanguage, type BookTextLanguage } from '../../../lib/book-in';

export { bookIn };
import { useLocale, useT } from '../../../lib/i18n';

/** `bookIn` for the page's language. */
export function useBookIn<
  T extends Pick<Book, 'name' | 'author' | 'description'> & Partial<Pick<Book, 'translations'>>,
>(book: T): BookInLanguage<T> {
  return bookIn(book, useLocale().locale);
}

/** `lang` and `dir` for a field written in another language than the page's; nothing when it is the page's. */
export function textLanguageProps(
  language: BookTextLanguage,
  pageLocale: Locale,
): { lang?: string; dir?: 'ltr' | 'rtl' } {
  return language === pageLocale ? {} : { lang: language, dir: CONTENT_LANGUAGE_INFO[language].dir };
}

/**
 * "English" beside words shown in English on an Urdu or Bengali page: what the reader is about to read. Hidden from
 * screen readers, which hear the words' own `lang` instead; it does not change the name of a heading or a link.
 */
export function FallbackChip({ language }: { language: BookTextLanguage }) {
  const { locale } = useLocale();
  const t = useT();
  if (language === locale) return null;
  return (
    <span
      aria-hidden="true"
      lang={language}
      title={t('contentLanguage.shownIn', { language: CONTENT_LANGUAGE_INFO[language].name })}
      className="font-system ms-2 inline-block rounded-full border border-stone-300 px-2 py-0.5 align-middle text-xs font-medium text-stone-600"
    >
      {CONTENT_LANGUAGE_INFO[language].name}
    </span>
  );
}
