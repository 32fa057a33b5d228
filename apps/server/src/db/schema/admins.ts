import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, timestamptz } from './columns';
import { userRole, users } from './users';

/** An admin's invitation to another: a one-time link (only its hash is kept) to set a password. */
export const adminInvites = pgTable(
  'admin_invites',
  {
    id: id(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The staff role the invited person gets: admin, scholar or shop. */
    role: userRole('role').notNull().default('admin'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('admin_invites_token_hash_key').on(t.tokenHash),
    index('admin_invites_email_idx').on(t.email),
  ],
);
