import type { Book } from '@scholar/shared';
import { describe, expect, it } from 'vitest';
import { authHeader } from '../../../test/support/app';
import { createBook, createUser } from '../../../test/support/factories';
import { multipart } from '../../../test/support/multipart';
import { makeImage } from '../../../test/support/test-images';
import { useTestApp } from '../../../test/support/use-test-app';

/**
 * A book's name, author and description in Urdu and Bengali (docs/decisions/078): the desk writes them with the
 * book, the API answers them, and the readers' search finds the book by its name in any of them.
 */
const { ctx } = useTestApp();

const admin = async () => authHeader(ctx, await createUser(ctx.database.db, { role: 'shop' }));
const searchIds = async (words: string) =>
  (await ctx.app.inject({ url: `/api/books?search=${encodeURIComponent(words)}` }))
    .json<{ data: Book[] }>()
    .data.map((book) => book._id);

const URDU = {
  name: 'نماز کا عملی طریقہ',
  author: 'دار العلم پبلیکیشنز',
  description: 'وضو اور نماز کی رہنمائی۔',
};
const BENGALI = { name: 'নামাজের নির্দেশিকা', author: 'দারুল ইলম', description: 'অজু ও নামাজের নির্দেশিকা।' };

describe('a book in Urdu and Bengali', () => {
  it('is written with the book, in a multipart form as JSON text, answered, and found by its name in each', async () => {
    const { payload, headers } = await multipart([
      { name: 'name', value: 'A Practical Guide to Salah' },
      { name: 'author', value: 'Darul Ilm Publications' },
      { name: 'description', value: 'A step-by-step guide.' },
      { name: 'price', value: '150' },
      { name: 'translations', value: JSON.stringify({ ur: URDU, bn: BENGALI }) },
      { name: 'images', file: await makeImage('png', 30, 40), filename: 'cover.png' },
    ]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/books',
      headers: { ...headers, ...(await admin()) },
      payload,
    });
    expect(created.statusCode).toBe(201);
    const book = created.json<{ data: Book }>().data;
    expect(book.translations).toEqual({ ur: URDU, bn: BENGALI });
    expect((await ctx.app.inject({ url: `/api/books/${book._id}` })).json().data.translations).toEqual({
      ur: URDU,
      bn: BENGALI,
    });
    // Its name and author in every language are searched: Urdu with Arabic letter forms, Bengali, English.
    expect(await searchIds('نماز')).toEqual([book._id]);
    expect(await searchIds('طريقہ')).toEqual([book._id]);
    expect(await searchIds('নির্দেশিকা')).toEqual([book._id]);
    expect(await searchIds('Salah')).toEqual([book._id]);
  });

  it('keeps its words on an edit that leaves them out, changes them on one that sends them, and refuses long ones', async () => {
    const headers = await admin();
    const book = await createBook(ctx.database.db, { name: 'Forty Hadith', translations: { ur: URDU } });
    const edit = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/books/${book.id}`, headers, payload });
    const base = { name: 'Forty Hadith', author: 'Imam an-Nawawi', description: 'Forty hadith.', price: 120 };
    const kept = await edit(base);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.translations).toEqual({ ur: URDU });

    const changed = await edit({ ...base, translations: { bn: BENGALI } });
    expect(changed.json().data.translations).toEqual({ bn: BENGALI });
    expect(await searchIds('نماز')).toEqual([]);

    const refused = await edit({ ...base, translations: { ur: { ...URDU, name: 'ن'.repeat(201) } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { path: 'body.translations.ur.name', message: 'Name must be at most 200 characters long' },
    ]);
    expect((await ctx.app.inject({ url: `/api/books/${book.id}` })).json().data.translations).toEqual({
      bn: BENGALI,
    });
  });
});
