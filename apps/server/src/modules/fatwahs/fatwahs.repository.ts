import type { FatwahStatus } from '@scholar/shared';
import { and, arrayContains, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { fatwahCounts, fatwahWords, fatwahs, users, type FatwahRow } from '../../db/schema';

export interface FatwahListFilter {
  search?: string | undefined;
  category?: string | undefined;
  status?: FatwahStatus | undefined;
  page: number;
  limit: number;
}

/** A fatwah as the lists and pages show it (its search vector stays in the database). */
export type FatwahWithAnswerer = Omit<FatwahRow, 'search'> & { answeredByName: string | null };

const selection = {
  id: fatwahs.id,
  question: fatwahs.question,
  answer: fatwahs.answer,
  categories: fatwahs.categories,
  status: fatwahs.status,
  reference: fatwahs.reference,
  askerName: fatwahs.askerName,
  showAskerName: fatwahs.showAskerName,
  askerEmail: fatwahs.askerEmail,
  answerMailedAt: fatwahs.answerMailedAt,
  answeredById: fatwahs.answeredById,
  publishedAt: fatwahs.publishedAt,
  createdAt: fatwahs.createdAt,
  updatedAt: fatwahs.updatedAt,
  /** The name an admin chose to answer under, else their account name. */
  answeredByName: sql<string | null>`coalesce(${users.displayName}, ${users.name})`,
};

const tsQuery = (term: string) => sql`websearch_to_tsquery('english', ${term})`;

/** At most this many words of a search are looked up as possible misspellings. */
const MAX_TYPO_WORDS = 8;
/** Words of the fatwahs at least this similar (trigrams) to a search word stand in for it, the best three each. */
const MIN_WORD_SIMILARITY = 0.4;

/**
 * Search a reader can trust: full-text search over question and answer (English stemming, the question weighted
 * above the answer, ranked; `websearch_to_tsquery` accepts any input). Only when that finds nothing, each word of
 * the search is looked up among the words of the fatwahs (`fatwah_words`, trigram index) and the words it
 * resembles are searched in full text instead, so that a misspelt word still finds its fatwah and both steps use
 * an index.
 */
export async function listFatwahs(
  db: Db,
  filter: FatwahListFilter,
): Promise<{ rows: FatwahWithAnswerer[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(fatwahs.status, filter.status));
  if (filter.category) conditions.push(arrayContains(fatwahs.categories, [filter.category]));
  const newest =
    filter.status === 'published'
      ? [desc(fatwahs.publishedAt), desc(fatwahs.id)]
      : [desc(fatwahs.createdAt), desc(fatwahs.id)];
  const term = filter.search?.trim();
  if (!term) return pageOf(db, conditions, newest, filter, countFatwahs(db, filter));

  // The words a misspelling may stand for are looked up beside the full-text search rather than after it: a typo
  // then costs one round trip less, and a search that finds something spends one small index lookup on it.
  const [byText, words] = await Promise.all([
    pageOf(
      db,
      [...conditions, sql`${fatwahs.search} @@ ${tsQuery(term)}`],
      [desc(sql`ts_rank(${fatwahs.search}, ${tsQuery(term)})`), ...newest],
      filter,
    ),
    similarWords(db, term),
  ]);
  if (byText.total > 0 || words.length === 0) return byText;
  const query = sql.join(
    words.map((word) => sql`plainto_tsquery('english', ${word})`),
    sql` || `,
  );
  return pageOf(
    db,
    [...conditions, sql`${fatwahs.search} @@ (${query})`],
    [desc(sql`ts_rank(${fatwahs.search}, (${query}))`), ...newest],
    filter,
  );
}

/** The words of the fatwahs that a search's words look like (the best three for each). */
async function similarWords(db: Db, term: string): Promise<string[]> {
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
    inputs.map((word) => sql`(${word})`),
    sql`, `,
  );
  const rows = await queryRows<{ word: string }>(
    db,
    sql`
    SELECT DISTINCT candidate.word FROM (VALUES ${list}) AS input(word)
    CROSS JOIN LATERAL (
      SELECT ${fatwahWords.word} AS word FROM ${fatwahWords}
      WHERE ${fatwahWords.word} % input.word AND similarity(${fatwahWords.word}, input.word) >= ${MIN_WORD_SIMILARITY}
      ORDER BY similarity(${fatwahWords.word}, input.word) DESC, ${fatwahWords.word}
      LIMIT 3
    ) AS candidate`,
  );
  return rows.map((row) => row.word);
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

/** A page and the total: counted over the matches, unless the total is known already. */
async function pageOf(
  db: Db,
  conditions: SQL[],
  order: SQL[],
  filter: FatwahListFilter,
  knownTotal?: Promise<number>,
): Promise<{ rows: FatwahWithAnswerer[]; total: number }> {
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  // The page's ids first, then their rows: a common word matches thousands of fatwahs, and only the id (not the
  // question and answer) then goes through the ranking sort. The same order puts the page's rows in place.
  const page = db
    .select({ id: fatwahs.id })
    .from(fatwahs)
    .where(where)
    .orderBy(...order)
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .as('page');
  const [rows, total] = await Promise.all([
    db
      .select(selection)
      .from(page)
      .innerJoin(fatwahs, eq(fatwahs.id, page.id))
      .leftJoin(users, eq(users.id, fatwahs.answeredById))
      .orderBy(...order),
    knownTotal ??
      db
        .select({ n: count() })
        .from(fatwahs)
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
    | 'categories'
    | 'status'
    | 'askerName'
    | 'showAskerName'
    | 'askerEmail'
    | 'answerMailedAt'
    | 'answeredById'
    | 'publishedAt'
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
