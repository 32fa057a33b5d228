import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The `Idempotency-Key`s of creates a person may send again (docs/decisions/039), kept 24 hours. A key is claimed in
 * the transaction of its create and its answer stored there too, so that a create and its key commit together; a
 * failed create leaves no key. `scope` keeps one caller's keys apart from another's (`user:<id>`, or
 * `route:<METHOD path>` for a guest); `fingerprint` is an HMAC of the method, route, body and caller, so that the
 * same key with another request is refused. `answer` is the JSON body to replay (never a secret: a registration
 * keeps its account's id, not its tokens). `resourceId` names what a create made before an outside call (a checkout before
 * its Razorpay order): a retry after a crash between the two carries on with it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    answer: text('answer'),
    resourceId: uuid('resource_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
