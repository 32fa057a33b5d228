import {
  normalizeFatwahReference,
  type ContentLanguage,
  type FatwahQueueCounts,
  type FatwahStatus,
} from '@scholar/shared';
import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client';
import { searchFold, searchQuery, type Spellings } from '../../lib/search-text';
import { spellingsIn } from '../search/synonyms';
import {
  fatwahCounts,
  fatwahWords,
  fatwahs,
  publishedFatwahSearch,
  users,
  type FatwahRow,
} from '../../db/schema';

export interface FatwahListFilter {
  search?: string | undefined;
  category?: string | undefined;
  status?: FatwahStatus | undefined;
  /** The desk's queues that are not a status: no answer yet, or answered and not published (docs/decisions/049). */
  queue?: 'unanswered' | 'answered' | undefined;
  /** The reader's language: a published list without a search shows the fatwahs written in it first. */
  firstIn?: ContentLanguage | undefined;
  /** The oldest first (after a search's rank) instead of the newest. */
  oldestFirst?: boolean | undefined;
  /**
   * A published search for readers: one result per translation group, the `firstIn` language's version when the
   * group has one, those groups first (docs/decisions/077).
   */
  grouped?: boolean | undefined;
  page: number;
  limit: number;
}

/** A fatwah as the lists and pages show it (its search vector stays in the database). */
export type FatwahWithAnswerer = Omit<FatwahRow, 'search'> & { answeredByName: string | null };

const selection = {
  id: fatwahs.id,
  question: fatwahs.question,
  answer: fatwahs.answer,
  answerHtml: fatwahs.answerHtml,
  categories: fatwahs.categories,
  status: fatwahs.status,
  reference: fatwahs.reference,
  askerName: fatwahs.askerName,
  showAskerName: fatwahs.showAskerName,
  askerEmail: fatwahs.askerEmail,
  askerLocale: fatwahs.askerLocale,
  answerMailedAt: fatwahs.answerMailedAt,
  answeredById: fatwahs.answeredById,
  publishedAt: fatwahs.publishedAt,
  language: fatwahs.language,
  translationOf: fatwahs.translationOf,
  createdAt: fatwahs.createdAt,
  updatedAt: fatwahs.updatedAt,
  /** The name an admin chose to answer under, else their account name. */
  answeredByName: sql<string | null>`coalesce(${users.displayName}, ${users.name})`,
};

/** At most this many words of a search are looked up as possible misspellings. */
const MAX_TYPO_WORDS = 8;
/** Words of the fatwahs at least this similar (trigrams) to a search word stand in for it, the best three each. */
const MIN_WORD_SIMILARITY = 0.4;

/**
 * Search a reader can trust: full-text search over question and answer (English stemming, the question weighted
 * above the answer, ranked; `websearch_to_tsquery` accepts any input), in every script, with the letter forms and
 * spellings of `searchQuery` (docs/decisions/041). Only when that finds nothing, each word of
 * the search is looked up among the words of the fatwahs (`fatwah_words`, trigram index) and the words it
 * resembles are searched in full text instead, so that a misspelt word still finds its fatwah and both steps use
 * an index. The published fatwahs are searched in their narrow table (`published_fatwah_search`), the others in
 * `fatwahs`.
 */
export async function listFatwahs(db: Db, filter: FatwahListFilter): Promise<FatwahPage> {
  const term = filter.search?.trim();
  if (!term && filter.firstIn && filter.status === 'published') {
    return pageFirstIn(db, filter, filter.firstIn);
  }
  if (!term) {
    // The counts table counts by status and category: a queue is counted over its rows.
    return pageOf(db, fatwahsWhere(filter), filter, {
      total: filter.queue ? undefined : countFatwahs(db, filter),
    });
  }
  // A fatwah's number (`Q-2026-00031`, `2026-31`) finds that fatwah, among those the list may show.
  const reference = normalizeFatwahReference(term);
  if (reference) {
    const where = fatwahsWhere(filter);
    const byReference = await pageOf(
      db,
      { ...where, conditions: [...where.conditions, eq(fatwahs.reference, reference)] },
      filter,
      {},
    );
    if (byReference.total > 0) return byReference;
  }
  const source = filter.status === 'published' ? publishedWhere(filter) : fatwahsWhere(filter);
  const grouped = filter.grouped && filter.status === 'published';
  const pageBy = (match: ReturnType<typeof matching>) =>
    grouped ? groupedPage(db, filter, match) : pageOf(db, source, filter, { match });

  // The words a misspelling may stand for are looked up beside the full-text search rather than after it: a typo
  // then costs one round trip less, and a search that finds something spends one small index lookup on it.
  const spellings = await spellingsIn(db);
  const [byText, likeness] = await Promise.all([
    pageBy(matching(source, searchQuery(term, spellings))),
    similarWords(db, term),
  ]);
  if (byText.total > 0 || likeness.length === 0) return byText;
  const query = sql.join(
    likeness.map(({ word }) => sql`plainto_tsquery('english', ${word})`),
    sql` || `,
  );
  const byLikeness = await pageBy(matching(source, sql`(${query})`));
  return byLikeness.total > 0 ? { ...byLikeness, didYouMean: didYouMean(term, likeness) } : byLikeness;
}

/** A page of a list, its total and, when a misspelt search was read as other words, the search as read. */
export interface FatwahPage {
  rows: FatwahWithAnswerer[];
  total: number;
  /** The search with each word that found nothing replaced by the word of the fatwahs it most resembles. */
  didYouMean?: string;
}

/** The search again, each word that has a likeness replaced by its best one. */
function didYouMean(term: string, likeness: readonly WordLikeness[]): string | undefined {
  const best = new Map<string, string>();
  for (const { input, word } of likeness) if (!best.has(input)) best.set(input, word);
  let changed = false;
  const words = term.split(/\s+/u).map((word) => {
    const replacement = best.get(searchFold(word.toLowerCase()));
    if (!replacement || replacement === searchFold(word.toLowerCase())) return word;
    changed = true;
    return replacement;
  });
  return changed ? words.join(' ') : undefined;
}

/**
 * A readers' search page: one result per translation group (`group_id` of the narrow table), ranked by its best
 * matching member. The result is the group's version in the reader's language when it has one, whether or not that
 * version itself matched (its translation did: the same answer), else its best match; groups with a version in the
 * reader's language come first. The other published versions come along as `translations`.
 */
async function groupedPage(
  db: Db,
  filter: FatwahListFilter,
  match: ReturnType<typeof matching>,
): Promise<FatwahPage> {
  const p = publishedFatwahSearch;
  const inCategory = filter.category ? sql`AND ${arrayContains(p.categories, [filter.category])}` : sql``;
  const language = filter.firstIn;
  const own = language
    ? sql`(SELECT own.id FROM ${p} AS own WHERE own.group_id = m.group_id AND own.language = ${language}
        ORDER BY own.published_at DESC NULLS LAST, own.id DESC LIMIT 1)`
    : sql`NULL::uuid`;
  const [ids, counted] = await Promise.all([
    queryRows<{ id: string }>(
      db,
      sql`WITH hits AS (
          SELECT ${p.id} AS id, ${p.groupId} AS group_id, ${p.publishedAt} AS published_at, ${match.rank} AS rank
          FROM ${p} WHERE ${match.where} ${inCategory}
        ), matched AS (
          SELECT group_id, max(rank) AS rank, max(published_at) AS newest,
            (array_agg(id ORDER BY rank DESC, published_at DESC NULLS LAST, id DESC))[1] AS best
          FROM hits GROUP BY group_id
        ), chosen AS (
          SELECT m.group_id, m.rank, m.newest, m.best, ${own} AS own FROM matched AS m
        )
        SELECT coalesce(own, best) AS id FROM chosen
        ORDER BY (own IS NOT NULL) DESC, rank DESC, newest DESC NULLS LAST, group_id DESC
        LIMIT ${filter.limit} OFFSET ${(filter.page - 1) * filter.limit}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`SELECT count(DISTINCT ${p.groupId})::int AS n FROM ${p} WHERE ${match.where} ${inCategory}`,
    ),
  ]);
  const total = Number(counted[0]?.n ?? 0);
  if (ids.length === 0) return { rows: [], total };
  const rows = await rowsOf(
    db,
    ids.map((row) => row.id),
  );
  return { rows, total };
}

/** The rows of these fatwahs, in this order. */
async function rowsOf(db: Db, ids: string[]): Promise<FatwahWithAnswerer[]> {
  const rows = await db
    .select(selection)
    .from(fatwahs)
    .leftJoin(users, eq(users.id, fatwahs.answeredById))
    .where(inArray(fatwahs.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The other published versions of each of these fatwahs (their translation groups), in the order of the
 * languages: a search result's "also in" links.
 */
export async function publishedGroupMembers(
  db: Db,
  ids: string[],
): Promise<Map<string, { id: string; language: ContentLanguage; question: string }[]>> {
  const result = new Map<string, { id: string; language: ContentLanguage; question: string }[]>();
  if (ids.length === 0) return result;
  const p = publishedFatwahSearch;
  const rows = await queryRows<{ of: string; id: string; language: ContentLanguage; question: string }>(
    db,
    sql`SELECT asked.id AS of, member.id, member.language, f.question
      FROM ${p} AS asked
      JOIN ${p} AS member ON member.group_id = asked.group_id AND member.id <> asked.id
      JOIN ${fatwahs} AS f ON f.id = member.id
      WHERE asked.id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      ORDER BY member.language, member.published_at, member.id`,
  );
  for (const row of rows) {
    const list = result.get(row.of) ?? [];
    list.push({ id: row.id, language: row.language, question: row.question });
    result.set(row.of, list);
  }
  return result;
}

/**
 * A page of the published fatwahs with those written in `language` first, each part newest first. Two ordered
 * scans, each served by an index and stopped at the end of the page (`fatwahs_published_language_idx` for the
 * reader's language, `fatwahs_published_idx` for the others), rather than a sort of every published fatwah.
 */
async function pageFirstIn(db: Db, filter: FatwahListFilter, language: ContentLanguage): Promise<FatwahPage> {
  const reach = filter.page * filter.limit;
  const inCategory = filter.category
    ? sql`AND ${arrayContains(fatwahs.categories, [filter.category])}`
    : sql``;
  const part = (tier: number, sameLanguage: boolean) => sql`(
    SELECT ${fatwahs.id} AS id, ${fatwahs.publishedAt} AS published_at, ${tier}::int AS tier FROM ${fatwahs}
    WHERE ${fatwahs.status} = 'published'
      AND ${sameLanguage ? sql`${fatwahs.language} = ${language}` : sql`${fatwahs.language} <> ${language}`}
      ${inCategory}
    ORDER BY ${fatwahs.publishedAt} DESC NULLS FIRST, ${fatwahs.id} DESC
    LIMIT ${reach})`;
  const [ids, total] = await Promise.all([
    queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM (${part(0, true)} UNION ALL ${part(1, false)}) AS page
        ORDER BY tier, published_at DESC NULLS FIRST, id DESC
        LIMIT ${filter.limit} OFFSET ${(filter.page - 1) * filter.limit}`,
    ),
    countFatwahs(db, filter),
  ]);
  if (ids.length === 0) return { rows: [], total };
  return {
    rows: await rowsOf(
      db,
      ids.map((row) => row.id),
    ),
    total,
  };
}

/** How many published fatwahs (of a category, when given) each language has. */
export async function publishedLanguageCounts(
  db: Db,
  category: string | undefined,
): Promise<Partial<Record<ContentLanguage, number>>> {
  const rows = await db
    .select({ language: fatwahs.language, n: count() })
    .from(fatwahs)
    .where(
      and(
        eq(fatwahs.status, 'published'),
        category ? arrayContains(fatwahs.categories, [category]) : undefined,
      ),
    )
    .groupBy(fatwahs.language);
  return Object.fromEntries(rows.map((row) => [row.language, row.n]));
}

/** The fatwahs of a source that a full-text query matches, and their rank. */
function matching(source: PageSource, query: SQL): { where: SQL; rank: SQL<number> } {
  return {
    where: sql`${source.search} @@ ${query}`,
    rank: sql<number>`ts_rank(${source.search}, ${query})`,
  };
}

/**
 * Where a page is chosen: a table with the fatwah's id, its search vector and the time the list is ordered by
 * (newest first), and the conditions of the filter on it.
 */
interface PageSource {
  table: typeof fatwahs | typeof publishedFatwahSearch;
  id: AnyPgColumn;
  search: AnyPgColumn;
  newest: AnyPgColumn;
  conditions: SQL[];
}

/** `fatwahs` itself, newest published first for published ones, else newest asked first. */
function fatwahsWhere(filter: FatwahListFilter): PageSource {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(fatwahs.status, filter.status));
  if (filter.queue) {
    conditions.push(
      filter.queue === 'unanswered' ? isNull(fatwahs.answer) : isNotNull(fatwahs.answer),
      ne(fatwahs.status, 'published'),
    );
  }
  if (filter.category) conditions.push(arrayContains(fatwahs.categories, [filter.category]));
  return {
    table: fatwahs,
    id: fatwahs.id,
    search: fatwahs.search,
    newest: filter.status === 'published' ? fatwahs.publishedAt : fatwahs.createdAt,
    conditions,
  };
}

/**
 * The published fatwahs' narrow search table: a common word matches thousands of them and the ranking reads the
 * vector of each, from about half the pages that their rows in `fatwahs` fill.
 */
function publishedWhere(filter: FatwahListFilter): PageSource {
  return {
    table: publishedFatwahSearch,
    id: publishedFatwahSearch.id,
    search: publishedFatwahSearch.search,
    newest: publishedFatwahSearch.publishedAt,
    conditions: filter.category ? [arrayContains(publishedFatwahSearch.categories, [filter.category])] : [],
  };
}

/** A word of the fatwahs that a search's word (folded) resembles. */
interface WordLikeness {
  input: string;
  word: string;
}

/** The words of the fatwahs that a search's words look like (the best three for each, the best first). */
async function similarWords(db: Db, term: string): Promise<WordLikeness[]> {
  const inputs = [
    ...new Set(
      term
        .toLowerCase()
        .split(/[\s\p{P}\p{S}]+/u)
        .filter((word) => word.length >= 3 && word.length <= 40),
    ),
  ].slice(0, MAX_TYPO_WORDS);
  if (inputs.length === 0) return [];
  const list = sql.join(
    // Folded as the words of `fatwah_words` are (migration 0012).
    inputs.map((word) => sql`(search_fold(${word}))`),
    sql`, `,
  );
  return queryRows<WordLikeness>(
    db,
    sql`
    SELECT input.word AS input, candidate.word FROM (VALUES ${list}) AS input(word)
    CROSS JOIN LATERAL (
      SELECT ${fatwahWords.word} AS word, similarity(${fatwahWords.word}, input.word) AS likeness
      FROM ${fatwahWords}
      WHERE ${fatwahWords.word} % input.word AND similarity(${fatwahWords.word}, input.word) >= ${MIN_WORD_SIMILARITY}
      ORDER BY likeness DESC, ${fatwahWords.word}
      LIMIT 3
    ) AS candidate
    ORDER BY input.word, candidate.likeness DESC, candidate.word`,
  );
}

/** Fatwahs of a status (or every status) and category, from the counts table. */
async function countFatwahs(db: Db, filter: Pick<FatwahListFilter, 'status' | 'category'>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${fatwahCounts.fatwahs}), 0)`.mapWith(Number) })
    .from(fatwahCounts)
    .where(
      and(
        eq(fatwahCounts.category, filter.category ?? ''),
        filter.status ? eq(fatwahCounts.status, filter.status) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * A page (the best matches of a search first, else the newest) and the total: counted over the matches, unless
 * known already.
 */
async function pageOf(
  db: Db,
  source: PageSource,
  filter: FatwahListFilter,
  { match, total: knownTotal }: { match?: ReturnType<typeof matching>; total?: Promise<number> },
): Promise<FatwahPage> {
  const conditions = match ? [...source.conditions, match.where] : source.conditions;
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const age = filter.oldestFirst ? asc : desc;
  // The page's ids first, then their rows: a common word matches thousands of fatwahs, and only the id (not the
  // question and answer) then goes through the ranking sort. The page brings its order out for its rows, and sorts
  // by its rank's name: the same rank written again (with its own parameters) would be computed twice per match.
  const page = db
    .select({
      id: source.id,
      rank: (match?.rank ?? sql<number>`0`).as('rank'),
      newest: source.newest,
    })
    .from(source.table)
    .where(where)
    .orderBy(...(match ? [desc(sql.identifier('rank'))] : []), age(source.newest), age(source.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .as('page');
  const [rows, total] = await Promise.all([
    db
      .select(selection)
      .from(page)
      .innerJoin(fatwahs, eq(fatwahs.id, page.id))
      .leftJoin(users, eq(users.id, fatwahs.answeredById))
      .orderBy(desc(page.rank), age(page.newest), age(page.id)),
    knownTotal ??
      db
        .select({ n: count() })
        .from(source.table)
        .where(where)
        .then((totals) => totals[0]?.n ?? 0),
  ]);
  return { rows, total };
}

export async function findFatwah(db: Db, id: string): Promise<FatwahWithAnswerer | undefined> {
  const [row] = await db
    .select(selection)
    .from(fatwahs)
    .leftJoin(users, eq(users.id, fatwahs.answeredById))
    .where(eq(fatwahs.id, id))
    .limit(1);
  return row;
}

export type FatwahValues = Partial<
  Pick<
    typeof fatwahs.$inferInsert,
    | 'question'
    | 'answer'
    | 'answerHtml'
    | 'categories'
    | 'status'
    | 'askerName'
    | 'showAskerName'
    | 'askerEmail'
    | 'askerLocale'
    | 'answerMailedAt'
    | 'answeredById'
    | 'publishedAt'
    | 'language'
    | 'translationOf'
  >
>;

export async function insertFatwah(
  db: Db,
  values: FatwahValues & { question: string },
): Promise<{ id: string; reference: string }> {
  const [row] = await db
    .insert(fatwahs)
    .values(values)
    .returning({ id: fatwahs.id, reference: fatwahs.reference });
  if (!row) throw new Error('fatwah not inserted');
  return row;
}

/** Locks the fatwah's row until the transaction ends (concurrent edits take turns); false when there is none. */
export async function lockFatwah(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: fatwahs.id }).from(fatwahs).where(eq(fatwahs.id, id)).for('update');
  return rows.length === 1;
}

export async function updateFatwah(db: Db, id: string, values: FatwahValues): Promise<boolean> {
  const rows = await db.update(fatwahs).set(values).where(eq(fatwahs.id, id)).returning({ id: fatwahs.id });
  return rows.length === 1;
}

export async function deleteFatwah(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(fatwahs).where(eq(fatwahs.id, id)).returning({ id: fatwahs.id });
  return rows.length === 1;
}

/** A fatwah's place in its translation group: its id and the fatwah it translates (null for the first). */
export async function findTranslationLink(
  db: Db,
  id: string,
): Promise<{ id: string; translationOf: string | null } | undefined> {
  const [row] = await db
    .select({ id: fatwahs.id, translationOf: fatwahs.translationOf })
    .from(fatwahs)
    .where(eq(fatwahs.id, id))
    .limit(1);
  return row;
}

/** The translations of `from` become translations of `to`: `from` joins `to`'s group and brings its own. */
export async function moveTranslations(db: Db, from: string, to: string): Promise<void> {
  await db.update(fatwahs).set({ translationOf: to }).where(eq(fatwahs.translationOf, from));
}

/**
 * The other published fatwahs of a fatwah's translation group: the first of the group (`root`) and every fatwah
 * that translates it, but the fatwah itself; in the order of the languages, then oldest first.
 */
export function publishedTranslations(
  db: Db,
  fatwah: { id: string; translationOf: string | null },
): Promise<{ id: string; language: FatwahRow['language']; question: string }[]> {
  const root = fatwah.translationOf ?? fatwah.id;
  return db
    .select({ id: fatwahs.id, language: fatwahs.language, question: fatwahs.question })
    .from(fatwahs)
    .where(
      and(
        or(eq(fatwahs.id, root), eq(fatwahs.translationOf, root)),
        ne(fatwahs.id, fatwah.id),
        eq(fatwahs.status, 'published'),
      ),
    )
    .orderBy(asc(fatwahs.language), asc(fatwahs.createdAt), asc(fatwahs.id));
}

/** How many fatwahs each desk queue holds, in one scan. */
export async function queueCounts(db: Db): Promise<FatwahQueueCounts> {
  const notPublished = sql`${fatwahs.status} <> 'published'`;
  const [row] = await db
    .select({
      unanswered: sql<number>`count(*) filter (where ${fatwahs.answer} is null and ${notPublished})`.mapWith(
        Number,
      ),
      answered:
        sql<number>`count(*) filter (where ${fatwahs.answer} is not null and ${notPublished})`.mapWith(
          Number,
        ),
      published: sql<number>`count(*) filter (where ${fatwahs.status} = 'published')`.mapWith(Number),
    })
    .from(fatwahs);
  return row ?? { unanswered: 0, answered: 0, published: 0 };
}

/** At most this many words of a text are looked for in other fatwahs. */
const MAX_LIKENESS_WORDS = 24;

/**
 * "Any of these words" as a full-text query: every word of the text, each in every spelling of the spellings table
 * (`wudhu`, `wuzu`, `wudu`), and the words of the fatwahs that a misspelt word resembles. Stop words drop out.
 * Undefined when nothing is left to look for.
 */
async function anyWordQuery(db: Db, text: string): Promise<SQL | undefined> {
  const words = [
    ...new Set(
      text
        .split(/[\s\p{P}\p{S}]+/u)
        .map((word) => searchFold(word))
        .filter((word) => word.length >= 2 && word.length <= 40),
    ),
  ].slice(0, MAX_LIKENESS_WORDS);
  if (words.length === 0) return undefined;
  const sets: Spellings = await spellingsIn(db);
  const spellings = new Set(words.flatMap((word) => sets.of(word) ?? [word]));
  for (const { word } of await similarWords(db, words.join(' '))) spellings.add(word);
  return sql`(${sql.join(
    [...spellings].map((word) => sql`plainto_tsquery('english', search_fold(${word}))`),
    sql` || `,
  )})`;
}

/** A published fatwah named beside another: enough to link it. */
export interface FatwahLinkRow {
  id: string;
  question: string;
  reference: string;
  language: ContentLanguage;
  categories: string[];
  publishedAt: Date | null;
}

/**
 * Published fatwahs whose text looks like `text`: ranked by the full-text match of any of its words (question above
 * answer) plus the trigram likeness of the questions. `sameCategory` keeps those sharing a category and, when
 * fewer match the words, fills the list with the category's newest (a fatwah's related reading).
 */
export async function publishedLike(
  db: Db,
  text: string,
  options: { exclude?: string | undefined; sameCategory?: string[] | undefined; limit: number },
): Promise<FatwahLinkRow[]> {
  const query = await anyWordQuery(db, text);
  if (!query && !options.sameCategory) return [];
  const search = publishedFatwahSearch;
  const matches = query ? sql<boolean>`(${search.search} @@ ${query})` : sql<boolean>`false`;
  const score = query
    ? sql<number>`(ts_rank(${search.search}, ${query}) + similarity(${fatwahs.question}, ${text}))`
    : sql<number>`0`;
  return db
    .select({
      id: fatwahs.id,
      question: fatwahs.question,
      reference: fatwahs.reference,
      language: fatwahs.language,
      categories: fatwahs.categories,
      publishedAt: fatwahs.publishedAt,
    })
    .from(search)
    .innerJoin(fatwahs, eq(fatwahs.id, search.id))
    .where(
      and(
        eq(fatwahs.status, 'published'),
        options.exclude ? ne(search.id, options.exclude) : undefined,
        options.sameCategory ? arrayOverlaps(search.categories, options.sameCategory) : matches,
      ),
    )
    .orderBy(desc(matches), desc(score), desc(search.publishedAt), desc(search.id))
    .limit(options.limit);
}

/** The fatwah of a reference, with what the asker's status page compares and tells. */
export async function findByReference(
  db: Db,
  reference: string,
): Promise<{ id: string; status: FatwahStatus; answered: boolean; askerEmail: string | null } | undefined> {
  const [row] = await db
    .select({
      id: fatwahs.id,
      status: fatwahs.status,
      answered: sql<boolean>`${fatwahs.answer} is not null`,
      askerEmail: fatwahs.askerEmail,
    })
    .from(fatwahs)
    .where(eq(fatwahs.reference, reference))
    .limit(1);
  return row;
}
