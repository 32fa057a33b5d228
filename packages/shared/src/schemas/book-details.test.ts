import { describe, expect, it } from 'vitest';
import { BOOK_DETAIL_MESSAGES, isValidIsbn10, isValidIsbn13, isbnSchema } from './book-details';
import { createBookFieldsSchema, updateBookBodySchema } from './books';

const book = { name: 'Al-Adab al-Mufrad', description: 'Manners.', author: 'Imam al-Bukhari', price: 450 };

describe('ISBN', () => {
  it('takes ISBN-10 and ISBN-13 with their check digits, hyphens and spaces, and keeps them compact', () => {
    expect(isValidIsbn10('0306406152')).toBe(true);
    expect(isValidIsbn10('080442957X')).toBe(true);
    expect(isValidIsbn13('9780306406157')).toBe(true);
    expect(isbnSchema.parse('978-0-306-40615-7')).toBe('9780306406157');
    expect(isbnSchema.parse(' 0-8044-2957-x ')).toBe('080442957X');
    expect(isbnSchema.parse('')).toBeNull();
    expect(isbnSchema.parse(undefined)).toBeUndefined();
  });

  it('refuses a wrong check digit and a wrong length, each with its own message', () => {
    const wrongDigit = isbnSchema.safeParse('978-0-306-40615-8');
    expect(wrongDigit.success).toBe(false);
    expect(wrongDigit.error?.issues[0]?.message).toBe(BOOK_DETAIL_MESSAGES.isbnChecksum);
    expect(isbnSchema.safeParse('0306406153').error?.issues[0]?.message).toBe(
      BOOK_DETAIL_MESSAGES.isbnChecksum,
    );
    expect(isbnSchema.safeParse('12345').error?.issues[0]?.message).toBe(BOOK_DETAIL_MESSAGES.isbnFormat);
    expect(isbnSchema.safeParse('97803064061X7').error?.issues[0]?.message).toBe(
      BOOK_DETAIL_MESSAGES.isbnFormat,
    );
  });
});

describe('product details in the book forms', () => {
  it('reads them from a multipart form (text) and from JSON, empty as none', () => {
    const created = createBookFieldsSchema.parse({
      ...book,
      price: '450',
      pages: '312',
      binding: 'hardcover',
      isbn: '978-0-306-40615-7',
      publisher: ' Darul Ilm Press ',
    });
    expect(created).toMatchObject({
      pages: 312,
      binding: 'hardcover',
      isbn: '9780306406157',
      publisher: 'Darul Ilm Press',
    });
    const cleared = updateBookBodySchema.parse({
      ...book,
      pages: '',
      binding: null,
      isbn: '',
      publisher: '',
    });
    expect(cleared).toMatchObject({ pages: null, binding: null, isbn: null, publisher: null });
    // Left out, they stay undefined: an edit keeps what the book has.
    expect(updateBookBodySchema.parse(book).pages).toBeUndefined();
  });

  it('refuses pages that are not a whole number from 1, an unknown binding and a wrong ISBN, on its field', () => {
    const parsed = updateBookBodySchema.safeParse({
      ...book,
      pages: '0',
      binding: 'scroll',
      isbn: '9780306406158',
    });
    expect(parsed.success).toBe(false);
    const byField = Object.fromEntries(
      parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(byField).toEqual({
      pages: BOOK_DETAIL_MESSAGES.pagesInvalid,
      binding: BOOK_DETAIL_MESSAGES.bindingInvalid,
      isbn: BOOK_DETAIL_MESSAGES.isbnChecksum,
    });
  });
});
