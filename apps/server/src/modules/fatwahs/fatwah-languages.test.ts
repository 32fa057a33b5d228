import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFatwah } from '../../../test/support/factories';
import { fatwahs } from '../../db/schema';
import { signInAdmin, useTestApp } from '../../../test/support/use-test-app';

const { ctx } = useTestApp();
const db = () => ctx.database.db;

const answered = {
  question: 'کیا وضو کے بعد سونے سے وضو ٹوٹ جاتا ہے؟',
  answer: 'لیٹ کر گہری نیند سے وضو ٹوٹ جاتا ہے۔',
  categories: ['Purification'],
  status: 'published',
};

async function post(payload: object) {
  return ctx.app.inject({ method: 'POST', url: '/api/fatwahs', headers: await signInAdmin(ctx), payload });
}

async function put(id: string, payload: object) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/fatwahs/${id}`,
    headers: await signInAdmin(ctx),
    payload,
  });
}

describe('a fatwah in a language', () => {
  it('is English unless told, keeps the language sent, and refuses an unknown one with its message', async () => {
    const english = await post({ ...answered, question: 'Does sleep break wudu?' });
    expect(english.statusCode).toBe(201);
    expect(english.json().data).toMatchObject({ language: 'en', translationOf: null, translations: [] });

    const urdu = await post({ ...answered, language: 'ur' });
    expect(urdu.json().data.language).toBe('ur');
    const [row] = await db().select().from(fatwahs).where(eq(fatwahs.id, urdu.json().data._id));
    expect(row?.language).toBe('ur');

    const klingon = await post({ ...answered, language: 'tlh' });
    expect(klingon.statusCode).toBe(400);
    expect(klingon.json().error).toBe('Language must be one of: en, ur, bn, ar');

    // An edit without the language keeps it; with one, changes it.
    const id = urdu.json().data._id as string;
    const kept = await put(id, { ...answered, question: 'وضو اور نیند' });
    expect(kept.json().data.language).toBe('ur');
    const changed = await put(id, { ...answered, language: 'ar' });
    expect(changed.json().data.language).toBe('ar');
    expect((await put(id, { ...answered, language: 'urdu' })).statusCode).toBe(400);
  });
});

describe('translations of a fatwah', () => {
  it('links a translation to the first of its group and lists every published member on each page', async () => {
    const english = await createFatwah(db(), { question: 'Does sleep break wudu?' });
    const urdu = await post({ ...answered, language: 'ur', translationOf: english.id });
    expect(urdu.statusCode).toBe(201);
    const urduId = urdu.json().data._id as string;
    // A translation of the translation is stored as a translation of the first.
    const bengali = await post({
      ...answered,
      question: 'ঘুমালে কি অজু ভেঙে যায়?',
      answer: 'শুয়ে গভীর ঘুমে অজু ভেঙে যায়।',
      language: 'bn',
      translationOf: urduId,
    });
    const bengaliId = bengali.json().data._id as string;
    expect(bengali.json().data.translationOf).toBe(english.id);
    // A draft in the group is not linked to the public.
    await createFatwah(db(), { status: 'draft', language: 'ar', translationOf: english.id, answer: null });

    const page = async (id: string) => (await ctx.app.inject({ url: `/api/fatwahs/${id}` })).json().data;
    expect((await page(english.id)).translations).toEqual([
      { _id: urduId, language: 'ur', question: answered.question },
      { _id: bengaliId, language: 'bn', question: 'ঘুমালে কি অজু ভেঙে যায়?' },
    ]);
    expect((await page(urduId)).translations.map((t: { _id: string }) => t._id)).toEqual([
      english.id,
      bengaliId,
    ]);
    expect((await page(bengaliId)).translations.map((t: { language: string }) => t.language)).toEqual([
      'en',
      'ur',
    ]);

    // Unlinked, it lists no one and no one lists it.
    const unlinked = await put(bengaliId, { ...answered, translationOf: null });
    expect(unlinked.json().data).toMatchObject({ translationOf: null, translations: [] });
    expect((await page(english.id)).translations.map((t: { _id: string }) => t._id)).toEqual([urduId]);
  });

  it('brings its own translations along when the first of a group joins another', async () => {
    const english = await createFatwah(db(), { question: 'Is zakat due on jewellery?' });
    const urdu = await createFatwah(db(), { language: 'ur', question: 'کیا زیورات پر زکوٰۃ ہے؟' });
    const bengali = await createFatwah(db(), {
      language: 'bn',
      question: 'গহনার উপর কি যাকাত আছে?',
      translationOf: urdu.id,
    });
    const joined = await put(urdu.id, {
      question: urdu.question,
      answer: 'جی ہاں۔',
      categories: ['Zakat'],
      status: 'published',
      translationOf: english.id,
    });
    expect(joined.statusCode).toBe(200);
    const [moved] = await db().select().from(fatwahs).where(eq(fatwahs.id, bengali.id));
    expect(moved?.translationOf).toBe(english.id);
    const englishPage = (await ctx.app.inject({ url: `/api/fatwahs/${english.id}` })).json().data;
    expect(englishPage.translations.map((t: { _id: string }) => t._id)).toEqual([urdu.id, bengali.id]);
  });

  it('refuses a link to itself, to no fatwah, to an article and to a malformed id, with a message', async () => {
    const fatwah = await createFatwah(db());
    const self = await put(fatwah.id, { ...answered, translationOf: fatwah.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({
      error: 'A fatwah cannot be a translation of itself',
      code: 'TRANSLATION_INVALID',
      details: [{ path: 'body.translationOf', message: 'A fatwah cannot be a translation of itself' }],
    });

    const missing = await post({ ...answered, translationOf: '01900000-0000-7000-8000-000000000009' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Translation of: there is no fatwah with this id');

    const article = await ctx.app.inject({
      method: 'POST',
      url: '/api/articles/admin',
      headers: await signInAdmin(ctx),
      payload: { title: 'Wudu', content: 'Text.', featuredImage: 'https://images.example.com/a.jpg' },
    });
    const other = await post({ ...answered, translationOf: article.json().data._id });
    expect(other.json().error).toBe('Translation of: there is no fatwah with this id');

    const malformed = await post({ ...answered, translationOf: 'fatwah-1' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('Translation of: give the id of the item this one translates');
    expect(await db().select().from(fatwahs)).toHaveLength(1);
  });
});

describe('the public list in the reader’s language', () => {
  it('shows the fatwahs written in it first, newest first, pages without gaps, and counts each language', async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes));
    // Interleaved in time: English, Urdu, Bengali and Arabic fatwahs, the newest last.
    const made: { id: string; language: string }[] = [];
    const languages = ['en', 'ur', 'en', 'bn', 'ur', 'en', 'ar', 'ur', 'en', 'bn'] as const;
    for (const [i, language] of languages.entries()) {
      const row = await createFatwah(db(), { status: 'published', language, createdAt: at(i) });
      made.push({ id: row.id, language });
    }
    // A question still waiting for its answer is in no list or count.
    await createFatwah(db(), { status: 'pending', language: 'ur', createdAt: at(30) });
    const newestFirst = [...made].reverse();
    const expected = [
      ...newestFirst.filter((f) => f.language === 'ur'),
      ...newestFirst.filter((f) => f.language !== 'ur'),
    ].map((f) => f.id);

    const read = (query: string) => ctx.app.inject({ url: `/api/fatwahs/public?${query}` });
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await read(`language=ur&limit=3&page=${page}`);
      expect(res.statusCode).toBe(200);
      pages.push(...(res.json().data as { _id: string }[]).map((f) => f._id));
      expect(res.json().pagination).toMatchObject({ total: 10, pages: 4 });
      expect(res.json().languages).toEqual({ en: 4, ur: 3, bn: 2, ar: 1 });
    }
    expect(pages).toEqual(expected);

    // In Bengali, the two Bengali fatwahs lead.
    const bengali = (await read('language=bn&limit=2')).json();
    expect(bengali.data.map((f: { language: string }) => f.language)).toEqual(['bn', 'bn']);
    // Without a language the list is newest first, as before, and counts nothing.
    const plain = (await read('limit=10')).json();
    expect(plain.data.map((f: { _id: string }) => f._id)).toEqual(newestFirst.map((f) => f.id));
    expect(plain).not.toHaveProperty('languages');
    // A category narrows both the list and the counts.
    const category = (await read('language=ur&category=Purification&limit=10')).json();
    expect(category.languages).toEqual({});
    expect(category.data).toEqual([]);
    // A language the site does not know is refused with its message.
    const unknown = await read('language=fr');
    expect(unknown.statusCode).toBe(400);
  });
});
