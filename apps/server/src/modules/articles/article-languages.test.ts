import { describe, expect, it } from 'vitest';
import { createArticle, createFatwah } from '../../../test/support/factories';
import { signInAdmin, useTestApp } from '../../../test/support/use-test-app';

const { ctx } = useTestApp();
const db = () => ctx.database.db;

const body = {
  title: 'رمضان کی تیاری',
  content: 'رمضان سے پہلے دل کو تیار کیجیے۔\nقضا روزے پورے کیجیے۔',
  featuredImage: 'https://images.example.com/ramadan.jpg',
  isPublished: true,
};

async function post(payload: object) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/articles/admin',
    headers: await signInAdmin(ctx),
    payload,
  });
}

async function put(id: string, payload: object) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/articles/admin/${id}`,
    headers: await signInAdmin(ctx),
    payload,
  });
}

const read = async (id: string) =>
  (await ctx.app.inject({ url: `/api/articles/published/${id}` })).json().data;

describe('an article in a language', () => {
  it('is English unless told, keeps its language on an edit without one, and refuses an unknown one', async () => {
    const english = await post({ ...body, title: 'Preparing for Ramadan' });
    expect(english.json().data).toMatchObject({ language: 'en', translationOf: null });
    const urdu = await post({ ...body, language: 'ur' });
    expect(urdu.statusCode).toBe(201);
    const id = urdu.json().data._id as string;
    expect((await put(id, { ...body, title: 'رمضان' })).json().data.language).toBe('ur');
    expect((await put(id, { ...body, language: 'bn' })).json().data.language).toBe('bn');

    const bad = await post({ ...body, language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Language must be one of: en, ur, bn, ar');

    // The lists carry the language, for the cards' lang and dir.
    const list = (await ctx.app.inject({ url: '/api/articles/published' })).json().data.articles;
    expect(list.map((article: { language: string }) => article.language).sort()).toEqual(['bn', 'en']);
  });
});

describe('translations of an article', () => {
  it('lists the published members of its group on every member, each with language and title', async () => {
    const english = await createArticle(db(), { title: 'Preparing the Heart for Ramadan' });
    const urdu = await post({ ...body, language: 'ur', translationOf: english.id });
    const urduId = urdu.json().data._id as string;
    const bengali = await post({
      ...body,
      title: 'রমজানের জন্য হৃদয়ের প্রস্তুতি',
      language: 'bn',
      translationOf: urduId,
    });
    const bengaliId = bengali.json().data._id as string;
    expect(bengali.json().data.translationOf).toBe(english.id);
    await createArticle(db(), { isPublished: false, language: 'ar', translationOf: english.id });

    expect((await read(english.id)).translations).toEqual([
      { _id: urduId, language: 'ur', title: body.title },
      { _id: bengaliId, language: 'bn', title: 'রমজানের জন্য হৃদয়ের প্রস্তুতি' },
    ]);
    expect((await read(bengaliId)).translations.map((t: { _id: string }) => t._id)).toEqual([
      english.id,
      urduId,
    ]);
    // An edit that leaves the link out keeps it; null unlinks.
    await put(urduId, { ...body, title: 'رمضان کی تیاری کیسے کریں' });
    expect((await read(english.id)).translations).toHaveLength(2);
    await put(urduId, { ...body, translationOf: null });
    expect((await read(english.id)).translations.map((t: { _id: string }) => t._id)).toEqual([bengaliId]);
  });

  it('refuses a link to itself, to no article and to a fatwah, with a message', async () => {
    const article = await createArticle(db());
    const self = await put(article.id, { ...body, translationOf: article.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({
      error: 'An article cannot be a translation of itself',
      code: 'TRANSLATION_INVALID',
    });
    const fatwah = await createFatwah(db());
    const other = await post({ ...body, translationOf: fatwah.id });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe('Translation of: there is no article with this id');
    expect((await post({ ...body, translationOf: 'not-an-id' })).statusCode).toBe(400);
  });
});

describe('the public list in the reader’s language', () => {
  it('shows the articles written in it first, each part newest first, and counts each language', async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes));
    const made: { id: string; language: string }[] = [];
    for (const [i, language] of (['en', 'bn', 'en', 'ur', 'bn', 'en'] as const).entries()) {
      const row = await createArticle(db(), { language, createdAt: at(i) });
      made.push({ id: row.id, language });
    }
    await createArticle(db(), { language: 'bn', isPublished: false, createdAt: at(20) });
    const newestFirst = [...made].reverse();
    const res = await ctx.app.inject({ url: '/api/articles/published?language=bn&limit=10' });
    expect(res.statusCode).toBe(200);
    const { articles, languages } = res.json().data;
    expect(articles.map((a: { _id: string }) => a._id)).toEqual([
      ...newestFirst.filter((a) => a.language === 'bn').map((a) => a.id),
      ...newestFirst.filter((a) => a.language !== 'bn').map((a) => a.id),
    ]);
    expect(languages).toEqual({ en: 3, bn: 2, ur: 1 });
    // A search ranks by the search alone, and counts nothing.
    const searched = (
      await ctx.app.inject({ url: '/api/articles/published?language=bn&search=Article' })
    ).json();
    expect(searched.data).not.toHaveProperty('languages');
  });
});
