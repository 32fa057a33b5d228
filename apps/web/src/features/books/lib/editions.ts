import {
  DEFAULT_LANGUAGE,
  type Book,
  type BookEdition,
  type BookLanguage,
  type Locale,
} from '@scholar/shared';

/** The edition a page in each interface language offers first, when the book is printed in it. */
const EDITION_OF_LOCALE: Record<Locale, BookLanguage> = { en: 'english', ur: 'urdu', bn: 'bengali' };

/** An edition that can be bought: copies left, or its stock not tracked. */
export const isInStock = (edition: Pick<BookEdition, 'stock'>) => edition.stock === null || edition.stock > 0;

/**
 * The editions of a book, in the owner's order. A book answered without any (an answer from before editions) is
 * sold as one English edition at the book's price and stock.
 */
export function editionsOf(book: Pick<Book, 'editions' | 'price' | 'stock'>): BookEdition[] {
  if (book.editions?.length) return book.editions;
  return [{ language: DEFAULT_LANGUAGE, stock: book.stock, price: book.price, ownPrice: false }];
}

/**
 * The edition chosen until the reader picks one: the one in the interface's language (Bengali on a Bengali page)
 * whenever the book is printed in it, even sold out, so that the page never offers another language in its place
 * without a word; else the first in stock, else the first. A book card shows this edition's price and stock and its
 * Add to Cart adds it; the book page preselects it.
 */
export function defaultEdition(editions: readonly BookEdition[], locale: Locale): BookEdition {
  const own = editions.find((edition) => edition.language === EDITION_OF_LOCALE[locale]);
  return own ?? editions.find(isInStock) ?? editions[0]!;
}

/** The edition a book card shows and adds on a page in `locale` (`defaultEdition` of the book's editions). */
export const cardEdition = (book: Pick<Book, 'editions' | 'price' | 'stock'>, locale: Locale): BookEdition =>
  defaultEdition(editionsOf(book), locale);

/** The back-in-stock ask's place on the book page, where a sold-out book card's link leads. */
export const NOTIFY_ANCHOR = 'notify';
