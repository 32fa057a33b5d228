import { sql, type SQL } from 'drizzle-orm';

/**
 * Search in every script (docs/decisions/041). The search vectors of fatwahs, articles and books are made from
 * their text as the SQL function `search_fold` (migration 0012) writes it, and so is every query, so that a word
 * typed with other letter forms (ي or ی, ك or ک, ة or ۃ), with or without harakat, or with a Bengali nukta letter
 * whole or in two parts, is the word of the text. English words are still stemmed.
 *
 * Beside it, a table of the spellings readers use for the same word: a query word found there is searched in each
 * of them. It is read at query time only, so a new spelling needs no migration.
 */

/**
 * Each line: the spellings of one word, in any script and any letter form (they are folded before use). Add a
 * spelling to its line, or a new line; a spelling belongs to one line only.
 */
export const SEARCH_SPELLINGS: readonly (readonly string[])[] = [
  ['wudu', 'wudhu', 'wuzu', 'wuḍū', 'wuzoo', 'vuzu', 'وضو', 'অজু', 'ওযু', 'ওজু'],
  ['zakat', 'zakah', 'zakaat', 'zakaah', 'zakāt', 'zakath', 'زکوٰۃ', 'زكاة', 'যাকাত'],
  ['salah', 'salat', 'salaat', 'namaz', 'namaaz', 'ṣalāh', 'نماز', 'صلاة', 'নামাজ', 'নামায', 'সালাত'],
  ['sawm', 'saum', 'roza', 'rozah', 'rozha', 'روزہ', 'صوم', 'রোজা', 'রোযা', 'সাওম'],
  ['hajj', 'haj', 'hadj', 'حج', 'হজ', 'হজ্জ'],
  ['ramadan', 'ramazan', 'ramzan', 'ramadhan', 'ramaḍān', 'رمضان', 'রমজান', 'রমযান'],
  ['quran', "qur'an", 'koran', 'quraan', 'qurʾān', 'قرآن', 'কুরআন', 'কোরআন'],
  ['hadith', 'hadees', 'hadis', 'hadeeth', 'ḥadīth', 'حدیث', 'হাদিস', 'হাদীস'],
  ['ghusl', 'gusl', 'ghusal', 'ghosl', 'غسل', 'গোসল'],
  ['dhikr', 'zikr', 'zikar', 'thikr', 'ذکر', 'যিকির', 'জিকির'],
  ['iddah', 'iddat', 'idda', 'عدت', 'ইদ্দত'],
  ['janazah', 'janaza', 'jenazah', 'جنازہ', 'জানাজা'],
  ['fatwa', 'fatwah', 'fatawa', 'fatwaa', 'فتویٰ', 'فتوى', 'ফতোয়া', 'ফতওয়া'],
];

/** Letters made one by `search_fold`: yeh, kaf and heh forms (teh marbuta with heh), alef wasla. */
const LETTER_FORMS: Record<string, string> = {
  '\u064A': '\u06CC',
  '\u0649': '\u06CC',
  '\u0643': '\u06A9',
  '\u0629': '\u0647',
  '\u06C3': '\u0647',
  '\u06C1': '\u0647',
  '\u06BE': '\u0647',
  '\u06D5': '\u0647',
  '\u0671': '\u0627',
};
const LETTER_FORM = new RegExp(`[${Object.keys(LETTER_FORMS).join('')}]`, 'gu');
/** Latin marks, transliteration apostrophes and ʿayn, tatweel, harakat (hamza and madda too), superscript alef. */
// eslint-disable-next-line no-misleading-character-class -- a class of the marks themselves, to drop them
const DROPPED = /[\u0300-\u036F\u02BB-\u02BF\u2018\u2019'\u0640\u064B-\u065F\u0670]/gu;
/** The Bengali nukta letters NFD splits, whole again. */
const NUKTA_LETTERS: [string, string][] = [
  ['\u09AF\u09BC', '\u09DF'],
  ['\u09A1\u09BC', '\u09DC'],
  ['\u09A2\u09BC', '\u09DD'],
];

/** `search_fold` in TypeScript, step for step (a test holds the two to the same output). */
export function searchFold(text: string): string {
  let folded = text
    .toLowerCase()
    .normalize('NFD')
    .replace(DROPPED, '')
    .replace(LETTER_FORM, (letter) => LETTER_FORMS[letter] ?? letter);
  for (const [split, whole] of NUKTA_LETTERS) folded = folded.replaceAll(split, whole);
  return folded;
}

/** The table by folded spelling: each spelling leads to every spelling of its line. */
const SPELLINGS_OF = new Map<string, readonly string[]>(
  SEARCH_SPELLINGS.flatMap((line) => {
    const spellings = [...new Set(line.map(searchFold))];
    return spellings.map((spelling) => [spelling, spellings] as const);
  }),
);

/** The spellings a search word stands for (itself among them), or undefined when the table has none. */
export function spellingsOf(word: string): readonly string[] | undefined {
  return SPELLINGS_OF.get(searchFold(word));
}

/** At most this many words of a search are widened to their other spellings. */
const MAX_WIDENED_WORDS = 8;

/**
 * The full-text query of a reader's search. The words of the table become "any of its spellings" (each stemmed as
 * English, as the vectors are); the rest keeps web-search syntax (quotes, `or`, `-word`) through
 * `websearch_to_tsquery`. Every part goes through `search_fold` first. Both configurations are `english`: its
 * stemmer changes only English endings, so the words of other scripts stay whole.
 */
export function searchQuery(term: string): SQL {
  const rest: string[] = [];
  const widened: (readonly string[])[] = [];
  for (const word of term.split(/\s+/).filter(Boolean)) {
    // A word that ends a sentence is still the word ("wudu?", "زکوٰۃ؟", "যাকাত।").
    const bare = word.replace(/[.,;:!?؟،۔।]+$/u, '');
    const spellings = widened.length < MAX_WIDENED_WORDS ? spellingsOf(bare) : undefined;
    if (spellings) widened.push(spellings);
    else rest.push(word);
  }
  const parts = widened.map(
    (spellings) =>
      sql`(${sql.join(
        spellings.map((spelling) => sql`plainto_tsquery('english', search_fold(${spelling}))`),
        sql` || `,
      )})`,
  );
  // The rest only when there is one: a search of table words alone is theirs alone.
  if (rest.length > 0 || parts.length === 0) {
    parts.unshift(sql`websearch_to_tsquery('english', search_fold(${rest.join(' ')}))`);
  }
  return sql`(${sql.join(parts, sql` && `)})`;
}
