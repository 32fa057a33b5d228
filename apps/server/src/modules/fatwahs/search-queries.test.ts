// @database: the readers’ search (full text, grouping, synonyms) in the database’s own text search
import type { ContentLanguage, PublicFatwahList } from '@scholar/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFatwah } from '../../../test/support/factories';
import { useTestApp } from '../../../test/support/use-test-app';

/**
 * The readers' search as a reader of each language expects it (docs/decisions/077), over a small library of
 * answers in English, Urdu and Bengali, some translated: every query of the set below, on the page of a language,
 * must find exactly its groups (one result per translation group), each in the page's language when the group has
 * it, those first, with the group's other versions as "also in".
 */
const { ctx } = useTestApp({ truncate: false });

interface Version {
  language: ContentLanguage;
  question: string;
  answer: string;
}
/** One answer and its translations: the first version is the one the others translate. */
const LIBRARY: Record<string, Version[]> = {
  nailPolish: [
    {
      language: 'en',
      question: 'Is my wudu valid if I am wearing nail polish?',
      answer: 'No. Water must reach the nails; remove the polish before washing.',
    },
    {
      language: 'ur',
      question: 'کیا نیل پالش لگی ہو تو وضو ہو جاتا ہے؟',
      answer: 'نہیں، ناخنوں تک پانی پہنچنا ضروری ہے، پہلے پالش اتار دیں۔',
    },
    {
      language: 'bn',
      question: 'নেইল পলিশ থাকলে কি অজু হয়?',
      answer: 'না, নখে পানি পৌঁছানো জরুরি; আগে পলিশ তুলে ফেলুন।',
    },
  ],
  drowsy: [
    {
      language: 'ur',
      question: 'کیا بیٹھے بیٹھے اونگھ آ جانے سے وضو ٹوٹ جاتا ہے؟',
      answer: 'ہلکی اونگھ سے وضو نہیں ٹوٹتا جب تک آدمی ٹیک لگا کر گہری نیند نہ سو جائے۔',
    },
    {
      language: 'bn',
      question: 'বসে বসে তন্দ্রা এলে কি অজু ভেঙে যায়?',
      answer: 'হালকা তন্দ্রায় অজু ভাঙে না, যতক্ষণ না হেলান দিয়ে গভীর ঘুমে পড়েন।',
    },
    {
      language: 'en',
      question: 'Does dozing while sitting break wudu?',
      answer: 'Light dozing does not break it unless one falls into deep sleep leaning on something.',
    },
  ],
  jewelleryZakat: [
    {
      language: 'en',
      question: 'Is zakat due on the gold jewellery I wear only at weddings?',
      answer: 'Yes, according to the Hanafi school, once the gold reaches the nisab and a lunar year passes.',
    },
    {
      language: 'ur',
      question: 'کیا شادی کے زیورات پر زکوٰۃ واجب ہے؟',
      answer: 'جی ہاں، سونا نصاب کو پہنچے اور سال گزر جائے تو زکوٰۃ واجب ہے۔',
    },
  ],
  diabetesFasting: [
    {
      language: 'en',
      question: 'Can a diabetic on insulin keep the Ramadan fasts?',
      answer: 'Ask your doctor; if fasting would harm you, make up the days later or pay fidya.',
    },
    {
      language: 'bn',
      question: 'ডায়াবেটিস থাকলে কি রমজানের রোজা রাখা যায়?',
      answer: 'ডাক্তারের পরামর্শ নিন; ক্ষতি হলে পরে কাজা করুন বা ফিদিয়া দিন।',
    },
  ],
  trainPrayer: [
    {
      language: 'en',
      question: 'How do I pray salah on a long train journey?',
      answer: 'Pray standing facing the qiblah if you can, shortening the four-unit prayers as a traveller.',
    },
  ],
  mahr: [
    {
      language: 'en',
      question: 'How much should the mahr be at a nikah?',
      answer: 'There is no upper limit; agree an amount the groom can pay.',
    },
    {
      language: 'ur',
      question: 'نکاح میں مہر کتنا ہونا چاہیے؟',
      answer: 'کوئی حد مقرر نہیں، اتنا طے کریں جتنا دولہا ادا کر سکے۔',
    },
  ],
  bankInterest: [
    {
      language: 'en',
      question: 'What should I do with the interest my bank credits to my savings account?',
      answer: 'Do not use it yourself; give it to the poor without intending reward.',
    },
    {
      language: 'bn',
      question: 'ব্যাংক সঞ্চয়ী হিসাবে যে সুদ দেয় তা দিয়ে কী করব?',
      answer: 'নিজে ব্যবহার করবেন না; সওয়াবের নিয়ত ছাড়া গরিবদের দিয়ে দিন।',
    },
  ],
  widowHajj: [
    {
      language: 'en',
      question: 'Can a widow go for Hajj without a mahram?',
      answer: 'According to the Hanafi school a woman travels for Hajj with a mahram.',
    },
  ],
  quranPhone: [
    {
      language: 'en',
      question: 'Do I need wudu to read the Quran on a phone app?',
      answer: 'Reading from a screen without touching the text is allowed without wudu.',
    },
  ],
  ghusl: [
    {
      language: 'en',
      question: 'When does ghusl become obligatory?',
      answer: 'After intercourse, a wet dream, and at the end of menstruation.',
    },
    {
      language: 'ur',
      question: 'غسل کب فرض ہوتا ہے؟',
      answer: 'ہمبستری کے بعد، احتلام کے بعد اور حیض ختم ہونے پر۔',
    },
  ],
  duaLanguage: [
    {
      language: 'en',
      question: 'Can I make dua in Urdu during sajdah?',
      answer: 'In a voluntary prayer, yes; in the obligatory prayers keep to Arabic.',
    },
  ],
  janazah: [
    {
      language: 'bn',
      question: 'জানাজার নামাজ কীভাবে পড়তে হয়?',
      answer: 'চার তাকবিরে দাঁড়িয়ে পড়া হয়, রুকু ও সিজদা নেই।',
    },
  ],
  zakatBrother: [
    {
      language: 'en',
      question: 'Can I give my zakat to my unemployed brother?',
      answer: 'Yes, a brother in need may receive your zakat; parents and children may not.',
    },
  ],
};
type Group = keyof typeof LIBRARY;

interface Query {
  /** What the reader types. */
  search: string;
  /** The page's language. */
  page: ContentLanguage;
  /** The groups it must find, no more. */
  finds: Group[];
  /** The search as read, when a misspelt word stood for another. */
  didYouMean?: string;
}

const QUERIES: Query[] = [
  // Wudu in its spellings, scripts and languages.
  { search: 'wudu', page: 'en', finds: ['nailPolish', 'drowsy', 'quranPhone'] },
  { search: 'ablution', page: 'en', finds: ['nailPolish', 'drowsy', 'quranPhone'] },
  { search: 'wazu', page: 'ur', finds: ['nailPolish', 'drowsy', 'quranPhone'] },
  { search: 'wuzu', page: 'en', finds: ['nailPolish', 'drowsy', 'quranPhone'] },
  { search: 'vuzu', page: 'bn', finds: ['nailPolish', 'drowsy', 'quranPhone'] },
  { search: 'Wuḍū', page: 'en', finds: ['nailPolish', 'drowsy', 'quranPhone'] },
  { search: 'وضو', page: 'ur', finds: ['nailPolish', 'drowsy', 'quranPhone'] },
  { search: 'অজু', page: 'bn', finds: ['nailPolish', 'drowsy', 'quranPhone'] },
  { search: 'nail polish', page: 'en', finds: ['nailPolish'] },
  // Zakat.
  { search: 'zakat', page: 'en', finds: ['jewelleryZakat', 'zakatBrother'] },
  { search: 'zakah', page: 'en', finds: ['jewelleryZakat', 'zakatBrother'] },
  { search: 'زکوٰۃ', page: 'ur', finds: ['jewelleryZakat', 'zakatBrother'] },
  { search: 'زكاة', page: 'ur', finds: ['jewelleryZakat', 'zakatBrother'] },
  { search: 'যাকাত', page: 'bn', finds: ['jewelleryZakat', 'zakatBrother'] },
  { search: 'zakat brother', page: 'en', finds: ['zakatBrother'] },
  { search: 'jewelry', page: 'en', finds: ['jewelleryZakat'] },
  { search: 'زیورات', page: 'ur', finds: ['jewelleryZakat'] },
  // Fasting.
  { search: 'roza', page: 'en', finds: ['diabetesFasting'] },
  { search: 'রোজা', page: 'bn', finds: ['diabetesFasting'] },
  { search: 'fasting insulin', page: 'en', finds: ['diabetesFasting'] },
  { search: 'ramzan', page: 'ur', finds: ['diabetesFasting'] },
  // Prayer.
  { search: 'namaz', page: 'en', finds: ['trainPrayer', 'duaLanguage', 'janazah'] },
  { search: 'নামাজ', page: 'bn', finds: ['trainPrayer', 'duaLanguage', 'janazah'] },
  { search: 'janaza', page: 'en', finds: ['janazah'] },
  { search: 'dua sajdah', page: 'en', finds: ['duaLanguage'] },
  // Marriage, money, Hajj, the Quran, ghusl.
  { search: 'mehr', page: 'en', finds: ['mahr'] },
  { search: 'مہر', page: 'ur', finds: ['mahr'] },
  { search: 'nikah', page: 'ur', finds: ['mahr'] },
  { search: 'riba', page: 'en', finds: ['bankInterest'] },
  { search: 'সুদ', page: 'bn', finds: ['bankInterest'] },
  { search: 'haj widow', page: 'en', finds: ['widowHajj'] },
  { search: 'حج', page: 'ur', finds: ['widowHajj'] },
  { search: 'koran phone', page: 'en', finds: ['quranPhone'] },
  { search: 'gusl', page: 'en', finds: ['ghusl'] },
  { search: 'غسل', page: 'ur', finds: ['ghusl'] },
  { search: 'drowsy', page: 'en', finds: ['drowsy'] },
  { search: 'اونگھ', page: 'bn', finds: ['drowsy'] },
  // Misspelt: read as the words of the answers, and said so.
  { search: 'jewelery', page: 'en', finds: ['jewelleryZakat'], didYouMean: 'jewellery' },
  { search: 'insullin', page: 'en', finds: ['diabetesFasting'], didYouMean: 'insulin' },
];

/** The id of each stored version, by group and language; and each version's group. */
const ids: Record<string, Partial<Record<ContentLanguage, string>>> = {};
const groupOf = new Map<string, Group>();

beforeAll(async () => {
  const db = ctx.database.db;
  let age = 0;
  for (const [group, versions] of Object.entries(LIBRARY)) {
    let first: string | undefined;
    const stored: Partial<Record<ContentLanguage, string>> = {};
    ids[group] = stored;
    for (const version of versions) {
      age += 1;
      const row = await createFatwah(db, {
        ...version,
        translationOf: first ?? null,
        createdAt: new Date(Date.UTC(2026, 9, 1) + age * 3_600_000),
      });
      first ??= row.id;
      stored[version.language] = row.id;
      groupOf.set(row.id, group);
    }
  }
});

const search = async (words: string, language: ContentLanguage): Promise<PublicFatwahList> => {
  const query = new URLSearchParams({ search: words, language });
  const response = await ctx.app.inject({ url: `/api/fatwahs/public?${query.toString()}` });
  expect(response.statusCode).toBe(200);
  return response.json<PublicFatwahList>();
};

describe('the readers’ search, query by query', () => {
  it('holds at least 30 queries across English, Urdu, Bengali and transliterations', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(30);
    const pages = new Set(QUERIES.map((query) => query.page));
    expect(pages).toEqual(new Set(['en', 'ur', 'bn']));
  });

  for (const query of QUERIES) {
    it(`"${query.search}" on the ${query.page} pages finds ${query.finds.join(', ')}`, async () => {
      const list = await search(query.search, query.page);
      const groups = list.data.map((fatwah) => groupOf.get(fatwah._id));
      // Exactly its groups, each once.
      expect(new Set(groups)).toEqual(new Set(query.finds));
      expect(groups).toHaveLength(query.finds.length);
      expect(list.pagination.total).toBe(query.finds.length);
      // Each in the page's language when its group has it; those first.
      const inPageLanguage = list.data.map((fatwah) => fatwah.language === query.page);
      for (const [index, fatwah] of list.data.entries()) {
        const group = groupOf.get(fatwah._id)!;
        const own = ids[group]![query.page];
        expect(fatwah._id, `${group} in ${query.page}`).toBe(own ?? fatwah._id);
        if (!own) expect(inPageLanguage.slice(index + 1).every((own) => !own)).toBe(true);
        // Its other versions, as "also in".
        const others = Object.entries(ids[group]!)
          .filter(([, id]) => id !== fatwah._id)
          .map(([language]) => language)
          .sort();
        expect((fatwah.translations ?? []).map((other) => other.language).sort()).toEqual(others);
      }
      expect(list.didYouMean).toBe(query.didYouMean);
    });
  }

  it('offers the newest answers in the reader’s language when a search finds nothing', async () => {
    for (const language of ['en', 'ur', 'bn'] as const) {
      const list = await search('telescope astronomy', language);
      expect(list.data).toEqual([]);
      expect(list.pagination.total).toBe(0);
      expect(list.nearest).toHaveLength(3);
      expect(list.nearest?.[0]?.language).toBe(language);
    }
  });
});
