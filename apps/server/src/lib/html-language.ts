import { LOCALE_INFO, type Locale } from '@scholar/shared';

const HTML_TAG = /<html\b[^>]*>/i;

/** A page's `<html>` in a language: its tag and direction (`<html lang="ur" dir="rtl">`). */
export function withLanguage(html: string, locale: Locale): string {
  const { tag, dir } = LOCALE_INFO[locale];
  return html.replace(HTML_TAG, () => `<html lang="${tag}" dir="${dir}">`);
}
