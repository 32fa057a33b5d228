import type { SynonymSet } from '@scholar/shared';
import { describe, expect, it } from 'vitest';
import { authHeader } from '../../../test/support/app';
import { createArticle, createBook, createFatwah, createUser } from '../../../test/support/factories';
import { useTestApp } from '../../../test/support/use-test-app';

/**
 * The scholar's sets of synonyms (docs/decisions/077): what the desk adds, changes and removes is what the readers'
 * searches find at once, in fatwahs, articles and books; a set is at least two single words.
 */
const { ctx } = useTestApp();

const deskHeaders = async (role: 'admin' | 'scholar' = 'scholar') =>
  authHeader(ctx, await createUser(ctx.database.db, { role }));

const found = async (area: 'fatwahs' | 'articles' | 'books', words: string): Promise<number> => {
  const search = encodeURIComponent(words);
  const url = {
    fatwahs: `/api/fatwahs/public?search=${search}&language=en`,
    articles: `/api/articles/published?search=${search}`,
    books: `/api/books?search=${search}`,
  }[area];
  const body = (await ctx.app.inject({ url })).json();
  return area === 'articles' ? body.data.articles.length : body.data.length;
};

describe('the desk’s sets of synonyms', () => {
  it('lists the sets the site starts with', async () => {
    const response = await ctx.app.inject({
      url: '/api/fatwahs/admin/synonyms',
      headers: await deskHeaders(),
    });
    expect(response.statusCode).toBe(200);
    const sets: SynonymSet[] = response.json().data;
    expect(sets.find((set) => set.words.includes('wudu'))?.words).toEqual(
      expect.arrayContaining(['ablution', 'wazu', 'وضو', 'অজু']),
    );
  });

  it('finds by a new set at once, by the changed set after an edit, and no more after removal', async () => {
    const headers = await deskHeaders();
    const db = ctx.database.db;
    await createFatwah(db, {
      question: 'How is tayammum done with clean earth?',
      answer: 'Strike the earth twice.',
    });
    await createArticle(db, { title: 'Tayammum when water is scarce', excerpt: 'Dry ablution.' });
    await createBook(db, { name: 'The Book of Tayammum' });
    // Asked before the set exists: the public cache keeps these answers until a desk change.
    for (const area of ['fatwahs', 'articles', 'books'] as const) expect(await found(area, 'تیمم')).toBe(0);

    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/fatwahs/admin/synonyms',
      headers,
      payload: { words: ['tayammum', 'tayamum', 'تیمم', 'tayammum'] },
    });
    expect(added.statusCode).toBe(201);
    const set: SynonymSet = added.json().data;
    expect(set.words).toEqual(['tayammum', 'tayamum', 'تیمم']);
    for (const area of ['fatwahs', 'articles', 'books'] as const) expect(await found(area, 'تیمم')).toBe(1);

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/fatwahs/admin/synonyms/${set._id}`,
      headers,
      payload: { words: ['tayammum', 'তায়াম্মুম'] },
    });
    expect(edited.statusCode).toBe(200);
    expect(await found('fatwahs', 'تیمم')).toBe(0);
    expect(await found('fatwahs', 'তায়াম্মুম')).toBe(1);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/fatwahs/admin/synonyms/${set._id}`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await found('fatwahs', 'তায়াম্মুম')).toBe(0);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/fatwahs/admin/synonyms/${set._id}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('SYNONYMS_NOT_FOUND');
  });

  it('refuses a set of fewer than two words, or words with spaces, and changes nothing', async () => {
    const headers = await deskHeaders('admin');
    const before = (await ctx.app.inject({ url: '/api/fatwahs/admin/synonyms', headers })).json().data;
    for (const [words, message] of [
      [['miswak'], 'Give at least two different words'],
      [['miswak', 'miswak'], 'Give at least two different words'],
      [['miswak', 'tooth stick'], 'Give single words: one per line, or separated by commas'],
      [['miswak', 'x'.repeat(41)], 'A word has at most 40 letters'],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/fatwahs/admin/synonyms',
        headers,
        payload: { words },
      });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    const after = (await ctx.app.inject({ url: '/api/fatwahs/admin/synonyms', headers })).json().data;
    expect(after).toEqual(before);
  });
});
