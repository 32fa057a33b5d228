import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFatwah } from '../../db/factories';
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
