import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema';

/** The one row of the site's settings (id 1). */
const ROW_ID = 1;

/** The stored settings as they are in the database; undefined before an admin first saves them. */
export async function readSettingsRow(db: Db): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ data: siteSettings.data })
    .from(siteSettings)
    .where(eq(siteSettings.id, ROW_ID));
  return row?.data;
}

/** Stores the settings whole, in the one row (made on the first save). */
export async function writeSettingsRow(db: Db, data: Record<string, unknown>): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ id: ROW_ID, data })
    .onConflictDoUpdate({ target: siteSettings.id, set: { data, updatedAt: sql`now()` } });
}
