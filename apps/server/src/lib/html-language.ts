import { LOCALE_INFO, type Locale } from '@scholar/shared';
import { FACE_CHOICE_SCRIPT } from './face-choice';

const HTML_TAG = /<html\b[^>]*>/i;
const HEAD_TAG = /<head\b[^>]*>/i;

/**
 * A page's `<html>` in a language: its tag and direction (`<html lang="ur" dir="rtl">`), and first in its head the
 * script that chooses the faces its text is drawn in (`FACE_CHOICE_SCRIPT`).
 */
export function withLanguage(html: string, locale: Locale): string {
  const { tag, dir } = LOCALE_INFO[locale];
  return html
    .replace(HTML_TAG, () => `<html lang="${tag}" dir="${dir}">`)
    .replace(HEAD_TAG, (head) => `${head}\n    <script>${FACE_CHOICE_SCRIPT}</script>`);
}
