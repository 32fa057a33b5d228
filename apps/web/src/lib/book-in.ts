import type { Book, Locale } from '@scholar/shared';

/** The language a shown field of a book is written in: the page's, or English standing in for it. */
export type BookTextLanguage = 'en' | 'ur' | 'bn';

type BookWords = Pick<Book, 'name' | 'author' | 'description'> & Partial<Pick<Book, 'translations'>>;

/** A book's words as a page of `locale` shows them (docs/decisions/078), and the language each is in. */
export interface BookInLanguage<T extends BookWords> {
  book: T;
  languages: Record<'name' | 'author' | 'description', BookTextLanguage>;
}

/**
 * The book (or a cart line of it) with its name, author and description in `locale` where its translations have
 * them, else the English ones (each field on its own).
 */
export function bookIn<T extends BookWords>(book: T, locale: Locale): BookInLanguage<T> {
  const own = locale === 'en' ? undefined : book.translations?.[locale];
  const field = (key: 'name' | 'author' | 'description'): [string, BookTextLanguage] => {
    const text = own?.[key]?.trim();
    return text ? [text, locale] : [book[key], 'en'];
  };
  const [name, nameLanguage] = field('name');
  const [author, authorLanguage] = field('author');
  const [description, descriptionLanguage] = field('description');
  return {
    book: { ...book, name, author, description },
    languages: { name: nameLanguage, author: authorLanguage, description: descriptionLanguage },
  };
}
