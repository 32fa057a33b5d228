import { useCallback } from 'react';
import { lineLanguage } from './guest-cart';
import { useT } from './i18n';

/** A language the site does not know, shown as a line's language is: capitalised (`urdu` → `Urdu`). */
export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The name of a book's language (an edition, a line's `selectedLanguage`) in the page's language: "Bengali" on an
 * English page, "বাংলা" on a Bengali one, "بنگلہ" on an Urdu one. A language the site does not know is shown as it
 * came, capitalised.
 */
export function useLanguageName(): (language: string) => string {
  const t = useT();
  return useCallback(
    (language: string) =>
      t('edition.language', { language: language.toLowerCase(), name: capitalise(language) }),
    [t],
  );
}

/**
 * The name of each line of `lines` where a label must tell it apart: the book's name, with its edition's language
 * when the list holds another edition of the same book ("Riyad as-Salihin (Bengali)").
 */
export function useLineNames(
  lines: readonly { _id: string; name: string; selectedLanguage?: string | undefined }[],
): (line: { _id: string; name: string; selectedLanguage?: string | undefined }) => string {
  const t = useT();
  const languageName = useLanguageName();
  const editions = new Map<string, number>();
  for (const line of lines) {
    const id = line._id.toLowerCase();
    editions.set(id, (editions.get(id) ?? 0) + 1);
  }
  return (line) =>
    (editions.get(line._id.toLowerCase()) ?? 0) > 1
      ? t('shop.cart.edition', { name: line.name, language: languageName(lineLanguage(line)) })
      : line.name;
}
