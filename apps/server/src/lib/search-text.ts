import { sql, type SQL } from 'drizzle-orm';

/**
 * Search in every script (docs/decisions/041). The search vectors of fatwahs, articles and books are made from
 * their text as the SQL function `search_fold` (migration 0012) writes it, and so is every query, so that a word
 * typed with other letter forms (ي or ی, ك or ک, ة or ۃ), with or without harakat, or with a Bengali nukta letter
 * whole or in two parts, is the word of the text. English words are still stemmed.
 *
 * Beside it, the sets of words readers use for the same thing, in other spellings, scripts and languages
 * (`search_synonyms`, kept by the scholar on the desk, docs/decisions/077; read by modules/search/synonyms.ts): a
 * query word found in a set is searched as any word of it.
 */

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

/** The words of a search that stand for others: each folded word of a set leads to every word of its set. */
export interface Spellings {
  /** The words a search word stands for (itself among them), or undefined when no set has it. */
  of(word: string): readonly string[] | undefined;
}

/** The sets as a lookup. A word in two sets leads to the words of both. */
export function spellingsFrom(sets: readonly (readonly string[])[]): Spellings {
  const byWord = new Map<string, Set<string>>();
  for (const set of sets) {
    const words = [...new Set(set.map((word) => searchFold(word.trim())).filter(Boolean))];
    for (const word of words) {
      const known = byWord.get(word) ?? new Set<string>();
      for (const other of words) known.add(other);
      byWord.set(word, known);
    }
  }
  const lists = new Map([...byWord].map(([word, words]) => [word, [...words]] as const));
  return { of: (word) => lists.get(searchFold(word)) };
}

/** At most this many words of a search are widened to their other spellings. */
const MAX_WIDENED_WORDS = 8;

/**
 * The full-text query of a reader's search. The words of a set become "any of its spellings" (each stemmed as
 * English, as the vectors are); the rest keeps web-search syntax (quotes, `or`, `-word`) through
 * `websearch_to_tsquery`. Every part goes through `search_fold` first. Both configurations are `english`: its
 * stemmer changes only English endings, so the words of other scripts stay whole.
 */
export function searchQuery(term: string, spellings: Spellings): SQL {
  const rest: string[] = [];
  const widened: (readonly string[])[] = [];
  for (const word of term.split(/\s+/).filter(Boolean)) {
    // A word that ends a sentence is still the word ("wudu?", "زکوٰۃ؟", "যাকাত।").
    const bare = word.replace(/[.,;:!?؟،۔।]+$/u, '');
    const set = widened.length < MAX_WIDENED_WORDS ? spellings.of(bare) : undefined;
    if (set) widened.push(set);
    else rest.push(word);
  }
  const parts = widened.map(
    (set) =>
      sql`(${sql.join(
        set.map((spelling) => sql`plainto_tsquery('english', search_fold(${spelling}))`),
        sql` || `,
      )})`,
  );
  // The rest only when there is one: a search of table words alone is theirs alone.
  if (rest.length > 0 || parts.length === 0) {
    parts.unshift(sql`websearch_to_tsquery('english', search_fold(${rest.join(' ')}))`);
  }
  return sql`(${sql.join(parts, sql` && `)})`;
}
