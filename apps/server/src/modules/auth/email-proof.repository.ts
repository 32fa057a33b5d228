import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailVerificationTokens } from '../../db/schema';

export type EmailProofTokenRow = typeof emailVerificationTokens.$inferSelect;

export async function insertEmailProofToken(
  db: Db,
  values: Pick<EmailProofTokenRow, 'tokenHash' | 'userId' | 'email' | 'expiresAt'>,
): Promise<void> {
  await db.insert(emailVerificationTokens).values(values);
}

/** The token of a hash, its row locked until the transaction ends (two confirmations at once: one wins). */
export async function lockEmailProofToken(
  tx: Db,
  tokenHash: string,
): Promise<EmailProofTokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markEmailProofTokenUsed(tx: Db, tokenHash: string, at: Date): Promise<void> {
  await tx
    .update(emailVerificationTokens)
    .set({ usedAt: at })
    .where(eq(emailVerificationTokens.tokenHash, tokenHash));
}
