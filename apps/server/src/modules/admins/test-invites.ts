import type { Db } from '../../db/client';
import { newOpaqueToken } from '../auth/tokens';
import { insertInvite } from './admins.repository';

/** An invitation stored as the service stores one, with its token (tests only). */
export async function createInvite(
  db: Db,
  values: { email?: string; invitedById: string; expiresAt?: Date },
): Promise<{ id: string; token: string; email: string }> {
  const { token, hash } = newOpaqueToken();
  const email = (values.email ?? `invited-${hash.slice(0, 12)}@example.com`).toLowerCase();
  const row = await insertInvite(db, {
    email,
    tokenHash: hash,
    invitedById: values.invitedById,
    expiresAt: values.expiresAt ?? new Date(Date.now() + 60 * 60 * 1000),
  });
  return { id: row.id, token, email };
}
