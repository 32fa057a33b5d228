import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { createArticle, createBook, createFatwah } from '../../test/support/factories';
import { signInAdmin, useTestApp } from '../../test/support/use-test-app';
import { searchSynonyms } from '../db/schema';
import { spellingsIn } from '../modules/search/synonyms';
import { searchFold } from './search-text';

const { ctx } = useTestApp();
const db = () => ctx.database.db;

// The Bengali nukta letters typed whole, and as letter and nukta (U+09BC).
const YA_WHOLE = '\u09DF';
const YA_SPLIT = '\u09AF\u09BC';
const RRA_WHOLE = '\u09DC';
const RRA_SPLIT = '\u09A1\u09BC';

const get = (url: string) => ctx.app.inject({ url }).then((res) => res.json());
const fatwahIds = async (search: string) =>
  (await get(`/api/fatwahs/public?search=${encodeURIComponent(search)}`)).data.map(
    (fatwah: { _id: string }) => fatwah._id,
  );
const articleIds = async (search: string) =>
  (await get(`/api/articles/published?search=${encodeURIComponent(search)}`)).data.articles.map(
    (article: { _id: string }) => article._id,
  );
const bookIds = async (search: string) =>
  (await get(`/api/books?search=${encodeURIComponent(search)}`)).data.map(
    (book: { _id: string }) => book._id,
  );

describe('search_fold and its TypeScript twin', () => {
  it('write every sample alike, in every script', async () => {
    const samples = [
      'زکوٰۃ',
      'زكاة',
      'كيا نماز ميں',
      'أحمد إمام آمين مؤمن قائم',
      'روزہ ھے ۀ',
      'مـــسجد',
      'وُضُوء',
      `সম${YA_WHOLE} সম${YA_SPLIT} ব${RRA_WHOLE} ব${RRA_SPLIT} ঢ\u09BC ঢ়`,
      'কোরআন',
      "Wuḍū Qur'ān qurʾān ‘Umrah",
      'Ramaḍān',
      // Every word of the sets the site starts with (migration 0023).
      ...(await db().select({ words: searchSynonyms.words }).from(searchSynonyms)).flatMap(
        (row) => row.words,
      ),
    ];
    for (const sample of samples) {
      const [row] = await queryRows<{ folded: string }>(db(), sql`SELECT search_fold(${sample}) AS folded`);
      expect(row?.folded, sample).toBe(searchFold(sample));
    }
  });

  it('make the letter forms, marks and nukta letters one', async () => {
    expect(searchFold('زکوٰۃ')).toBe(searchFold('زكوة'));
    expect(searchFold('نماز کے لیے')).toBe(searchFold('نماز كے ليے'));
    expect(searchFold('إسلام')).toBe(searchFold('اسلام'));
    expect(searchFold(`সম${YA_WHOLE}`)).toBe(searchFold(`সম${YA_SPLIT}`));
    expect(searchFold('wuḍū')).toBe('wudu');
    const spellings = await spellingsIn(db());
    expect(spellings.of('Wudhu')).toContain('wuzu');
    expect(spellings.of('Wudhu')).toContain('ablution');
    expect(spellings.of("Qur'an")).toEqual(spellings.of('koran'));
    expect(spellings.of('permissible')).toBeUndefined();
  });
});

describe('fatwah search in every script', () => {
  it('finds an Urdu answer typed with Arabic letter forms, and by its transliteration', async () => {
    const zakat = await createFatwah(db(), {
      language: 'ur',
      question: 'کیا سونے کے زیورات پر زکوٰۃ واجب ہے؟',
      answer: 'جی ہاں، جب سونا اور چاندی مل کر نصاب کو پہنچ جائیں تو سال گزرنے پر زکوٰۃ واجب ہے۔',
    });
    const fasting = await createFatwah(db(), {
      language: 'ur',
      question: 'کیا بیماری میں روزہ چھوڑنا جائز ہے؟',
      answer: 'اگر ڈاکٹر کہے کہ روزہ نقصان دے گا تو چھوڑ دیں اور بعد میں قضا کریں۔',
    });
    const english = await createFatwah(db(), {
      question: 'Is there zakat on a house one lives in?',
      answer: 'No.',
    });

    // Arabic kaf and teh marbuta, no superscript alef; the English spelling of the word is among its spellings.
    expect(await fatwahIds('زكوة')).toEqual([zakat.id, english.id]);
    expect(await fatwahIds('زکوٰۃ')).toEqual([zakat.id, english.id]);
    expect(await fatwahIds('زكوة سونے')).toEqual([zakat.id]);
    expect(await fatwahIds('سونے زيورات')).toEqual([zakat.id]); // Arabic yeh
    expect(await fatwahIds('بيماري')).toEqual([fasting.id]); // Arabic yeh
    expect(await fatwahIds('روزه')).toEqual([fasting.id]); // Arabic heh
    expect(await fatwahIds('roza')).toEqual([fasting.id]);
    expect(await fatwahIds('كيا')).toHaveLength(2);
  });

  it('finds a Bengali word with its nukta letter whole or in two parts', async () => {
    const whole = await createFatwah(db(), {
      language: 'bn',
      question: `রমজানে কুরআন ${'প'}${RRA_WHOLE}ার সম${YA_WHOLE} কি অজু জরুরি?`,
      answer: 'কুরআন স্পর্শ করতে অজু জরুরি।',
    });
    const split = await createFatwah(db(), {
      language: 'bn',
      question: `নামাজের সম${YA_SPLIT} কখন শুরু হ${YA_SPLIT}?`,
      answer: 'সূর্য ঢলে যাওয়ার পর যোহরের সময় শুরু হয়।',
    });
    expect(await fatwahIds(`প${RRA_SPLIT}ার`)).toEqual([whole.id]);
    expect(await fatwahIds(`প${RRA_WHOLE}ার`)).toEqual([whole.id]);
    expect(new Set(await fatwahIds(`সম${YA_WHOLE}`))).toEqual(new Set([whole.id, split.id]));
    expect(new Set(await fatwahIds(`সম${YA_SPLIT}`))).toEqual(new Set([whole.id, split.id]));
    expect(await fatwahIds('রমজান')).toEqual([whole.id]);
  });

  it('finds "wudu" by wudhu, wuzu and wuḍū, and "zakat" by zakaah, on the public list and the desk', async () => {
    const wudu = await createFatwah(db(), {
      question: 'Does sleeping break wudu?',
      answer: 'Deep sleep lying down breaks it.',
    });
    const zakat = await createFatwah(db(), {
      question: 'When is zakat due on savings?',
      answer: 'After a lunar year above the nisab.',
    });
    for (const word of ['wudhu', 'wuzu', 'Wuḍū', 'وضو']) expect(await fatwahIds(word)).toEqual([wudu.id]);
    expect(await fatwahIds('zakaah')).toEqual([zakat.id]);
    expect(await fatwahIds('zakaah savings')).toEqual([zakat.id]); // with English words, stemmed

    const admin = await ctx.app.inject({
      url: '/api/fatwahs?search=wuzu&status=all',
      headers: await signInAdmin(ctx),
    });
    expect(admin.json().data.map((fatwah: { _id: string }) => fatwah._id)).toEqual([wudu.id]);
  });

  it('finds a misspelt Urdu word through the fatwahs’ words, folded', async () => {
    const fatwah = await createFatwah(db(), {
      language: 'ur',
      question: 'کیا استخارہ کی دعا پڑھنا سنت ہے؟',
      answer: 'جی ہاں، استخارہ سنت ہے۔',
    });
    expect(await fatwahIds('استخاره')).toEqual([fatwah.id]); // heh form
    expect(await fatwahIds('استخارا')).toEqual([fatwah.id]); // a misspelling
  });
});

describe('article search in every script', () => {
  it('finds Urdu, Bengali and English articles by other letter forms and spellings', async () => {
    const urdu = await createArticle(db(), {
      language: 'ur',
      title: 'رمضان کی تیاری',
      excerpt: 'رمضان سے پہلے دل کی تیاری۔',
      content: '<p>رمضان المبارک سے پہلے قضا روزے پورے کیجیے اور قرآن کی تلاوت بڑھائیے۔</p>',
    });
    const bengali = await createArticle(db(), {
      language: 'bn',
      title: 'যাকাতের হিসাব',
      excerpt: 'সহজ পদ্ধতি।',
      content: `<p>সোনা ও রুপার নিসাব পূর্ণ হলে এক বছর পর যাকাত দিতে হ${YA_WHOLE}। ব${RRA_WHOLE} অঙ্কের সঞ্চ${YA_WHOLE}ও হিসাব করুন।</p>`,
    });
    const english = await createArticle(db(), {
      title: 'Calculating Zakat on Savings',
      content: '<p>Keep a record of your wudu and your savings.</p>',
    });
    expect(await articleIds('تياري')).toEqual([urdu.id]); // Arabic yeh
    expect(await articleIds('روزے')).toEqual([urdu.id]);
    expect(await articleIds('ramzan')).toEqual([urdu.id]);
    expect(await articleIds(`ব${RRA_SPLIT}`)).toEqual([bengali.id]);
    expect(await articleIds('হিসাব')).toEqual([bengali.id]);
    // One word in two scripts: the Bengali spelling finds the English article, the English one the Bengali.
    expect(new Set(await articleIds('যাকাত'))).toEqual(new Set([bengali.id, english.id]));
    expect(new Set(await articleIds('zakaah'))).toEqual(new Set([bengali.id, english.id]));
    expect(await articleIds('wuzu')).toEqual([english.id]); // in the content
  });
});

describe('book search in every script', () => {
  it('finds Urdu, Bengali and English books by other letter forms and spellings', async () => {
    const urdu = await createBook(db(), { name: 'فتاویٰ رحیمیہ', author: 'مفتی عبد الرحیم لاجپوری' });
    const bengali = await createBook(db(), { name: `নামাজের মাসা${YA_WHOLE}েল`, author: 'মাওলানা আব্দুল্লাহ' });
    const english = await createBook(db(), { name: 'The Book of Zakat', author: 'Darul Ilm' });
    const wudu = await createBook(db(), { name: 'Wudu Made Easy', author: 'Darul Ilm' });

    expect(await bookIds('فتاوى رحيميه')).toEqual([urdu.id]); // alef maksura, Arabic yeh and heh, no superscript
    expect(await bookIds('لاجپوري')).toEqual([urdu.id]);
    expect(await bookIds(`মাসা${YA_SPLIT}েল`)).toEqual([bengali.id]);
    expect(await bookIds('zakaah')).toEqual([english.id]);
    expect(await bookIds('wudhu')).toEqual([wudu.id]);
    expect(await bookIds('books zakat')).toEqual([english.id]); // stemmed
  });
});
