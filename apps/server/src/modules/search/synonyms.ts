import type { SynonymSet } from '@scholar/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchSynonyms, type SearchSynonymRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { spellingsFrom, type Spellings } from '../../lib/search-text';

/**
 * The sets of synonyms (docs/decisions/077) that the readers' searches of fatwahs, articles and books widen a word by,
 * and the desk's changes to them. After a change this process reads them again at once; other instances within
 * `SYNONYMS_TTL_MS`.
 */

/** How long a process trusts the sets it read: another instance's desk edit reaches it within this time. */
export const SYNONYMS_TTL_MS = 30_000;
const cached = new WeakMap<Db, { at: number; spellings: Promise<Spellings> }>();

/** The sets of `search_synonyms`, read at most every `SYNONYMS_TTL_MS` per database. */
export function spellingsIn(db: Db): Promise<Spellings> {
  const hit = cached.get(db);
  if (hit && Date.now() - hit.at < SYNONYMS_TTL_MS) return hit.spellings;
  const spellings = db
    .select({ words: searchSynonyms.words })
    .from(searchSynonyms)
    .then((rows) => spellingsFrom(rows.map((row) => row.words)));
  cached.set(db, { at: Date.now(), spellings });
  // A failed read is not kept: the next search asks again.
  spellings.catch(() => {
    if (cached.get(db)?.spellings === spellings) cached.delete(db);
  });
  return spellings;
}

/** After a desk edit: this process reads the sets again at its next search. */
export function forgetSpellings(db: Db): void {
  cached.delete(db);
}

const notFoundError = () => notFound('Synonym set not found', 'SYNONYMS_NOT_FOUND');

const toSynonymSet = (row: SearchSynonymRow): SynonymSet => ({
  _id: row.id,
  words: row.words,
  updatedAt: row.updatedAt.toISOString(),
});

/** Every set, in the order the desk shows them: by their first word. */
export async function listSynonymSets(db: Db): Promise<SynonymSet[]> {
  const rows = await db
    .select()
    .from(searchSynonyms)
    .orderBy(asc(sql`lower(${searchSynonyms.words}[1])`), asc(searchSynonyms.id));
  return rows.map(toSynonymSet);
}

export async function addSynonymSet(db: Db, words: string[]): Promise<SynonymSet> {
  const [row] = await db.insert(searchSynonyms).values({ words }).returning();
  forgetSpellings(db);
  return toSynonymSet(row!);
}

export async function editSynonymSet(db: Db, id: string, words: string[]): Promise<SynonymSet> {
  const [row] = await db
    .update(searchSynonyms)
    .set({ words, updatedAt: new Date() })
    .where(eq(searchSynonyms.id, id))
    .returning();
  if (!row) throw notFoundError();
  forgetSpellings(db);
  return toSynonymSet(row);
}

export async function removeSynonymSet(db: Db, id: string): Promise<void> {
  const removed = await db
    .delete(searchSynonyms)
    .where(eq(searchSynonyms.id, id))
    .returning({ id: searchSynonyms.id });
  if (removed.length === 0) throw notFoundError();
  forgetSpellings(db);
}
