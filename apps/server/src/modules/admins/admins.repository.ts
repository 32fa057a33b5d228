import { STAFF_ROLES, type StaffRole } from '@scholar/shared';
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminInvites, users, type UserRow } from '../../db/schema';

export type AdminInviteRow = typeof adminInvites.$inferSelect;

/** Every staff member (admin, scholar, shop), oldest first. */
export function listStaff(db: Db): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/**
 * Locks every admin's row until the transaction ends and answers their ids. Removals take turns: a second one waits
 * for the first, then sees the first's admin gone (PostgreSQL checks a locked row again once it is free), so that
 * two admins removing each other at once cannot leave none. Locked in id order, so two lockers never deadlock.
 */
export async function lockAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** The invitations neither used nor expired, newest first, with the name of who sent each. */
export function listPendingInvites(db: Db, now = new Date()) {
  return db
    .select({
      id: adminInvites.id,
      email: adminInvites.email,
      role: adminInvites.role,
      expiresAt: adminInvites.expiresAt,
      createdAt: adminInvites.createdAt,
      invitedBy: users.name,
    })
    .from(adminInvites)
    .leftJoin(users, eq(users.id, adminInvites.invitedById))
    .where(and(isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, now)))
    .orderBy(desc(adminInvites.createdAt), desc(adminInvites.id));
}

export async function insertInvite(
  db: Db,
  values: { email: string; role: StaffRole; tokenHash: string; invitedById: string; expiresAt: Date },
): Promise<AdminInviteRow> {
  const [row] = await db.insert(adminInvites).values(values).returning();
  if (!row) throw new Error('invite not inserted');
  return row;
}

/** Takes back the unused invitations of an email (a new one replaces them). */
export async function deleteUnusedInvitesFor(db: Db, email: string): Promise<void> {
  await db.delete(adminInvites).where(and(eq(adminInvites.email, email), isNull(adminInvites.usedAt)));
}

/** Deletes an unused invitation; false when there is none with this id (or it was used). */
export async function deleteUnusedInvite(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(adminInvites)
    .where(and(eq(adminInvites.id, id), isNull(adminInvites.usedAt)))
    .returning({ id: adminInvites.id });
  return rows.length === 1;
}

export async function findInviteByHash(db: Db, tokenHash: string): Promise<AdminInviteRow | undefined> {
  const [row] = await db.select().from(adminInvites).where(eq(adminInvites.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Uses an invitation once: answers it when it was unused and unexpired (a second use gets nothing). */
export async function consumeInvite(
  db: Db,
  id: string,
  now = new Date(),
): Promise<AdminInviteRow | undefined> {
  const [row] = await db
    .update(adminInvites)
    .set({ usedAt: now })
    .where(and(eq(adminInvites.id, id), isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, now)))
    .returning();
  return row;
}
