import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBook } from '../../../test/support/factories';
import { multipart } from '../../../test/support/multipart';
import { makeImage } from '../../../test/support/test-images';
import { signInAdmin, useTestApp } from '../../../test/support/use-test-app';
import { books } from '../../db/schema';

const { ctx } = useTestApp();

const fields = { description: 'Manners of the believer.', author: 'Imam al-Bukhari', price: 450 };

/** A book's product details, as the API answers them. */
const details = (pages: number, binding: string, isbn: string, publisher: string) => ({
  pages,
  binding,
  isbn,
  publisher,
});

describe("a book's product details", () => {
  it('are set by the desk, shown by the book, kept when an edit leaves them out and cleared when empty', async () => {
    const admin = await signInAdmin(ctx);
    const book = await createBook(ctx.database.db, { name: 'Al-Adab al-Mufrad' });
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/books/${book.id}`, headers: admin, payload });

    const set = await put({
      name: book.name,
      ...fields,
      pages: 312,
      binding: 'hardcover',
      isbn: '978-0-306-40615-7',
      publisher: 'Darul Ilm Press',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject(details(312, 'hardcover', '9780306406157', 'Darul Ilm Press'));
    // The public read shows them (its cache was cleared by the edit).
    const read = await ctx.app.inject({ url: `/api/books/${book.id}` });
    expect(read.json().data).toMatchObject({ pages: 312, isbn: '9780306406157' });

    // Left out: kept. Empty: cleared.
    expect((await put({ name: 'Al-Adab', ...fields })).json().data.publisher).toBe('Darul Ilm Press');
    const cleared = await put({ name: 'Al-Adab', ...fields, publisher: '', isbn: '' });
    expect(cleared.json().data).toMatchObject({ publisher: null, isbn: null, pages: 312 });
  });

  it('refuses an ISBN whose check digit is wrong, on its field, and changes nothing', async () => {
    const admin = await signInAdmin(ctx);
    const book = await createBook(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${book.id}`,
      headers: admin,
      payload: { name: 'Renamed', ...fields, isbn: '978-0-306-40615-8' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({
      path: 'body.isbn',
      message: 'This ISBN is not valid: its check digit does not match. Check it for a typing mistake.',
    });
    const [row] = await ctx.database.db.select().from(books).where(eq(books.id, book.id));
    expect(row?.name).toBe(book.name);
  });

  it('come with a new book from the multipart form', async () => {
    const admin = await signInAdmin(ctx);
    const { payload, headers } = await multipart([
      { name: 'name', value: 'Bulugh al-Maram' },
      { name: 'description', value: 'Hadith of rulings.' },
      { name: 'author', value: 'Ibn Hajar' },
      { name: 'price', value: '380' },
      { name: 'pages', value: '540' },
      { name: 'binding', value: 'paperback' },
      { name: 'isbn', value: '0-306-40615-2' },
      { name: 'publisher', value: 'Dar us-Salam' },
      { name: 'images', filename: 'cover.png', type: 'image/png', file: await makeImage('png', 60, 80) },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/books',
      headers: { ...admin, ...headers },
      payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject(details(540, 'paperback', '0306406152', 'Dar us-Salam'));
  });
});

describe("the desk's table", () => {
  it('finds books by a search, a page at a time, counted in the database', async () => {
    const tag = `Zubdah${Date.now().toString(36)}`;
    for (let i = 0; i < 5; i += 1) await createBook(ctx.database.db, { name: `${tag} volume ${i + 1}` });
    const page = (n: number) =>
      ctx.app.inject({ url: `/api/books?search=${tag}&page=${n}&limit=2&sort=name` });
    const first = (await page(1)).json();
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 3, totalItems: 5, limit: 2 });
    expect(first.data.map((b: { name: string }) => b.name)).toEqual([`${tag} volume 1`, `${tag} volume 2`]);
    const last = (await page(3)).json();
    expect(last.data.map((b: { name: string }) => b.name)).toEqual([`${tag} volume 5`]);
    expect(last.data[0].editions[0]).toMatchObject({ language: 'english' });
  });
});
