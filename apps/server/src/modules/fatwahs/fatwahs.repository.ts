import type { FatwahStatus } from '@scholar/shared';
import { and, arrayContains, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fatwahs, users, type FatwahRow } from '../../db/schema';

export interface FatwahListFilter {
  search?: string | undefined;
  category?: string | undefined;
  status?: FatwahStatus | undefined;
  page: number;
  limit: number;
}

export type FatwahWithAnswerer = FatwahRow & { answeredByName: string | null };

const selection = {
  id: fatwahs.id,
  question: fatwahs.question,
  answer: fatwahs.answer,
  categories: fatwahs.categories,
  status: fatwahs.status,
  askerName: fatwahs.askerName,
  askerEmail: fatwahs.askerEmail,
  answeredById: fatwahs.answeredById,
  publishedAt: fatwahs.publishedAt,
  search: fatwahs.search,
  createdAt: fatwahs.createdAt,
  updatedAt: fatwahs.updatedAt,
  answeredByName: users.name,
};

const tsQuery = (term: string) => sql`websearch_to_tsquery('english', ${term})`;

/**
 * Search a reader can trust: full-text search over question and answer (English stemming, the question weighted
 * above the answer, ranked; `websearch_to_tsquery` accepts any input). Only when that finds nothing, a misspelt word
 * is looked for by trigram word similarity against the question (`<%`, backed by the trigram index). Keeping the
 * two apart lets each use its own index instead of an OR that defeats both.
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
  if (!term) return pageOf(db, conditions, newest, filter);

  const byText = await pageOf(
    db,
    [...conditions, sql`${fatwahs.search} @@ ${tsQuery(term)}`],
    [desc(sql`ts_rank(${fatwahs.search}, ${tsQuery(term)})`), ...newest],
    filter,
  );
  if (byText.total > 0) return byText;
  return pageOf(
    db,
    [...conditions, sql`${term} <% ${fatwahs.question}`],
    [desc(sql`word_similarity(${term}, ${fatwahs.question})`), ...newest],
    filter,
  );
}

async function pageOf(
  db: Db,
  conditions: SQL[],
  order: SQL[],
  filter: FatwahListFilter,
): Promise<{ rows: FatwahWithAnswerer[]; total: number }> {
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select(selection)
      .from(fatwahs)
      .leftJoin(users, eq(users.id, fatwahs.answeredById))
      .where(where)
      .orderBy(...order)
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(fatwahs).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
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
    | 'askerEmail'
    | 'answeredById'
    | 'publishedAt'
  >
>;

export async function insertFatwah(db: Db, values: FatwahValues & { question: string }): Promise<string> {
  const [row] = await db.insert(fatwahs).values(values).returning({ id: fatwahs.id });
  if (!row) throw new Error('fatwah not inserted');
  return row.id;
}

export async function updateFatwah(db: Db, id: string, values: FatwahValues): Promise<boolean> {
  const rows = await db.update(fatwahs).set(values).where(eq(fatwahs.id, id)).returning({ id: fatwahs.id });
  return rows.length === 1;
}

export async function deleteFatwah(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(fatwahs).where(eq(fatwahs.id, id)).returning({ id: fatwahs.id });
  return rows.length === 1;
}
