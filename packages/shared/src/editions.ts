import { DEFAULT_LANGUAGE } from './constants';

/**
 * Kept free of zod, so that the pages that only show editions stay small (the schemas are in schemas/editions.ts).
 *
 * The languages a book can be printed in (docs/decisions/044). A cart line, a payment line and an order item name
 * one of them as `selectedLanguage`, lower-case as the API has always written it ('english').
 */
export const BOOK_LANGUAGES = ['english', 'urdu', 'bengali', 'arabic', 'hindi'] as const;
export type BookLanguage = (typeof BOOK_LANGUAGES)[number];

/** Each language's name in English: a line's `selectedLanguage` is shown capitalised (docs/product.md, "Data"). */
export const BOOK_LANGUAGE_NAMES: Record<BookLanguage, string> = {
  english: 'English',
  urdu: 'Urdu',
  bengali: 'Bengali',
  arabic: 'Arabic',
  hindi: 'Hindi',
};

/** The most editions one book has: one per language. */
export const MAX_BOOK_EDITIONS = BOOK_LANGUAGES.length;

export const EDITION_MESSAGES = {
  unknownLanguage: 'Unknown language',
  required: 'A book needs at least one edition',
  repeated: 'Each language can have only one edition',
  invalid: 'The list of editions could not be read',
  notOffered: 'This book is not offered in that language',
} as const;

export const isBookLanguage = (value: string): value is BookLanguage =>
  (BOOK_LANGUAGES as readonly string[]).includes(value);

/** The edition a line names, or undefined when the book is not offered in that language. */
export function editionOf<E extends { language: string }>(
  editions: readonly E[],
  language: string | undefined,
): E | undefined {
  const wanted = (language ?? DEFAULT_LANGUAGE).toLowerCase();
  return editions.find((edition) => edition.language === wanted);
}

/**
 * A book as a line or a message names it: "Forty Hadith" when the book has one edition, "Forty Hadith (Bengali)"
 * when it has several, so that the customer knows which one ran out.
 */
export function editionTitle(name: string, language: string | undefined, editions: number): string {
  if (editions <= 1 || !language) return name;
  const known = isBookLanguage(language) ? BOOK_LANGUAGE_NAMES[language] : language;
  return `${name} (${known})`;
}
