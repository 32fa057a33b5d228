import { createHmac } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES } from '@scholar/shared';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/client';
import { idempotencyKeys, type IdempotencyKeyRow } from '../db/schema';
import { AppError, badRequest } from '../lib/errors';

/**
 * `Idempotency-Key` on the creates a person may send again (docs/decisions/039). The key is claimed in the
 * transaction of its create, with the answer, so that the two commit together: a retry after a lost answer replays
 * it (`Idempotent-Replayed: true`) and makes nothing twice; the same key with another request is refused (422); a
 * failed create rolls its key back, so a corrected retry runs. A second request with a key still being claimed
 * waits on the key's unique index and, once the first has committed, replays its answer.
 */

/** How long a key answers; older ones are forgotten (and deleted now and then). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How often one process deletes the expired keys, at most. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** A keyed request: whose keys it is among, the key, and the request's fingerprint. */
export interface KeyedRequest {
  scope: string;
  key: string;
  fingerprint: string;
}

const reused = () => new AppError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.keyReused);
const inUse = () => new AppError(409, 'IDEMPOTENCY_KEY_IN_USE', IDEMPOTENCY_MESSAGES.keyInUse, undefined, 1);

/** JSON with the keys of every object sorted: the same body however its fields were ordered. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    return Object.fromEntries(
      Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });
}

/**
 * The fingerprint of a request: an HMAC (keyed by the server's secret, since a body may hold a password) of its
 * method, route, path parameters, body (as checked by the route's schema), anything else the route names (the
 * digests of uploaded files) and, with `withCaller`, the signed-in caller.
 */
export function requestFingerprint(
  request: FastifyRequest,
  options: { also?: unknown; withCaller?: boolean } = {},
): string {
  const what = [
    request.method,
    request.routeOptions.url ?? request.url,
    request.params ?? null,
    request.body ?? null,
    options.also ?? null,
    (options.withCaller ?? true) ? (request.user?.id ?? null) : null,
  ];
  return createHmac('sha256', `idempotency:${request.server.config.jwtSecret ?? ''}`)
    .update(canonical(what))
    .digest('base64url');
}

/**
 * The request's `Idempotency-Key`, its scope and fingerprint; undefined without a key, 400 for a malformed one. A
 * signed-in caller's keys are theirs alone; a guest's are the route's.
 */
export function keyedRequest(request: FastifyRequest, also?: unknown): KeyedRequest | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw badRequest(IDEMPOTENCY_MESSAGES.keyInvalid, 'VALIDATION_ERROR', [
      { path: 'headers.idempotency-key', message: IDEMPOTENCY_MESSAGES.keyInvalid },
    ]);
  }
  const scope = request.user
    ? `user:${request.user.id}`
    : `route:${request.method} ${request.routeOptions.url ?? request.url}`;
  return { scope, key: header, fingerprint: requestFingerprint(request, { also }) };
}

const expiredBefore = () => new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS);
const keyIs = (keyed: KeyedRequest) =>
  and(eq(idempotencyKeys.scope, keyed.scope), eq(idempotencyKeys.key, keyed.key));

/** The key's record when it has not expired. */
export async function findKey(db: Db, keyed: KeyedRequest): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(keyIs(keyed));
  return row && row.createdAt >= expiredBefore() ? row : undefined;
}

/**
 * Claims the key in the caller's transaction: true when this request holds it now. While another transaction holds
 * it uncommitted, PostgreSQL makes this one wait, and answers false once that one commits (true if it rolls back).
 */
export async function claimKey(tx: Db, keyed: KeyedRequest, resourceId?: string): Promise<boolean> {
  await tx.delete(idempotencyKeys).where(and(keyIs(keyed), lt(idempotencyKeys.createdAt, expiredBefore())));
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ ...keyed, resourceId: resourceId ?? null })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** What a create made before its outside call, on the key it claimed. */
export async function setKeyResource(tx: Db, keyed: KeyedRequest, resourceId: string): Promise<void> {
  await tx.update(idempotencyKeys).set({ resourceId }).where(keyIs(keyed));
}

/** Stores the answer of a key not answered yet; false when another request answered it first. */
export async function storeAnswer(
  db: Db,
  keyed: KeyedRequest,
  statusCode: number,
  answer: unknown,
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ statusCode, answer: JSON.stringify(answer) })
    .where(and(keyIs(keyed), isNull(idempotencyKeys.statusCode)))
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** Forgets a key and its answer: the create it answered was taken back. */
export async function forgetKey(db: Db, keyed: KeyedRequest): Promise<void> {
  await db.delete(idempotencyKeys).where(keyIs(keyed));
}

/** Forgets a key whose create failed after it was claimed (one with an answer is kept). */
export async function releaseKey(db: Db, keyed: KeyedRequest): Promise<void> {
  await db.delete(idempotencyKeys).where(and(keyIs(keyed), isNull(idempotencyKeys.statusCode)));
}

/** When the expired keys of each app's database were last deleted. */
const prunedAt = new WeakMap<Database, number>();

/** Deletes the expired keys, at most once every ten minutes per app. */
async function pruneExpiredKeys(server: FastifyInstance, now = Date.now()): Promise<void> {
  if (now - (prunedAt.get(server.database) ?? 0) < PRUNE_EVERY_MS) return;
  prunedAt.set(server.database, now);
  await server.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, expiredBefore()));
}

/** The earlier answer of a key: 422 for another request, undefined while it has none yet. */
export function earlierAnswer(
  row: IdempotencyKeyRow,
  keyed: KeyedRequest,
): { statusCode: number; body: unknown } | undefined {
  if (row.fingerprint !== keyed.fingerprint) throw reused();
  if (row.statusCode === null || row.answer === null) return undefined;
  return { statusCode: row.statusCode, body: JSON.parse(row.answer) as unknown };
}

/** Sends an earlier answer again, marked as such. */
export function sendReplay(reply: FastifyReply, statusCode: number, body: unknown): FastifyReply {
  return reply.code(statusCode).header('idempotent-replayed', 'true').send(body);
}

export interface IdempotentCreate<Body, Prepared> {
  /** The status of a new create's answer. */
  status: number;
  /** Work done before the transaction and skipped by a replay: checking images, hashing a password. */
  prepare?: () => Promise<Prepared>;
  /** Undoes `prepare` when its work went unused (a replay, a failure): removes stored files. */
  discard?: (prepared: Prepared) => Promise<void>;
  /** The create, in the key's transaction (`db` is that transaction when the request has a key). */
  create: (db: Db, prepared: Prepared) => Promise<Body>;
  /** Beside the body, what tells two requests apart (the digests of uploaded files). */
  fingerprintAlso?: unknown;
  /** What is stored for replays; by default the whole body. Never a secret. */
  keep?: (body: Body) => unknown;
  /** The body of a replay from what was stored (a new session for a registration); by default what was stored. */
  replay?: (kept: unknown) => Promise<unknown>;
  /**
   * Work outside the database once the create has committed, for a new create only (never a replay): a mail. When
   * it fails, `undo` takes the create back and the key is forgotten, so that the request sent again does it all
   * anew; the failure is the answer.
   */
  afterCommit?: { run: (body: Body) => Promise<void>; undo: (body: Body) => Promise<void> };
}

/**
 * Runs a create that honours `Idempotency-Key` and sends its answer. Without a key it just runs. With one: an
 * earlier answer of the same request is replayed, another request's key answers 422; otherwise the key is claimed,
 * the create runs and the answer is stored in one transaction.
 */
export async function idempotent<Body, Prepared = undefined>(
  request: FastifyRequest,
  reply: FastifyReply,
  spec: IdempotentCreate<Body, Prepared>,
): Promise<FastifyReply> {
  const { db } = request.server;
  const keyed = keyedRequest(request, spec.fingerprintAlso);
  const replay = async (answer: { statusCode: number; body: unknown }) =>
    sendReplay(reply, answer.statusCode, spec.replay ? await spec.replay(answer.body) : answer.body);

  if (keyed) {
    await pruneExpiredKeys(request.server);
    const row = await findKey(db, keyed);
    const answer = row && earlierAnswer(row, keyed);
    if (answer) return replay(answer);
  }
  const prepared = (await spec.prepare?.()) as Prepared;
  let outcome: { body: Body } | { earlier: IdempotencyKeyRow | undefined };
  try {
    outcome = keyed
      ? await db.transaction(async (tx) => {
          if (!(await claimKey(tx, keyed))) return { earlier: await findKey(tx, keyed) };
          const body = await spec.create(tx, prepared);
          await storeAnswer(tx, keyed, spec.status, spec.keep ? spec.keep(body) : body);
          return { body };
        })
      : { body: await spec.create(db, prepared) };
  } catch (error) {
    await spec.discard?.(prepared);
    throw error;
  }
  if ('body' in outcome) {
    if (spec.afterCommit) {
      try {
        await spec.afterCommit.run(outcome.body);
      } catch (error) {
        await spec.afterCommit.undo(outcome.body);
        if (keyed) await forgetKey(db, keyed);
        throw error;
      }
    }
    return reply.code(spec.status).send(outcome.body);
  }
  await spec.discard?.(prepared);
  const answer = outcome.earlier && keyed && earlierAnswer(outcome.earlier, keyed);
  if (!answer) throw inUse();
  return replay(answer);
}

export interface IdempotentTwoStepCreate<Made extends { id: string }, Body> {
  /** The status of the answer. */
  status: number;
  /** Step one, in the key's transaction: what is made before the outside call (a checkout). */
  make: (db: Db) => Promise<Made>;
  /** What step one made, by its id, when a retry carries on with it; undefined when it cannot go on. */
  find: (db: Db, id: string) => Promise<Made | undefined>;
  /** Step two: the outside call and its record, for what step one made. Safe to run twice for one thing made. */
  finish: (made: Made) => Promise<Body>;
}

/**
 * A create whose answer needs an outside call (a Razorpay order), which no transaction should wait for: the key
 * is claimed with what step one makes, in one transaction; then the outside call; then the answer is stored. A
 * retry whose key has no answer yet (the first is still at the outside call, or died there) carries on with what
 * step one made instead of making it again. A failed step two releases the key.
 */
export async function idempotentInTwoSteps<Made extends { id: string }, Body>(
  request: FastifyRequest,
  reply: FastifyReply,
  spec: IdempotentTwoStepCreate<Made, Body>,
): Promise<FastifyReply> {
  const { db } = request.server;
  const keyed = keyedRequest(request);
  if (!keyed) return reply.code(spec.status).send(await spec.finish(await spec.make(db)));
  await pruneExpiredKeys(request.server);

  type Earlier = { answer: { statusCode: number; body: unknown } } | { made: Made } | undefined;
  /** What an earlier request with the key left: its answer, what it made, or nothing to go on with. */
  const earlier = async (row: IdempotencyKeyRow | undefined): Promise<Earlier> => {
    if (!row) return undefined;
    const answer = earlierAnswer(row, keyed);
    if (answer) return { answer };
    const made = row.resourceId ? await spec.find(db, row.resourceId) : undefined;
    if (made) return { made };
    await releaseKey(db, keyed);
    return undefined;
  };

  let state = await earlier(await findKey(db, keyed));
  if (!state) {
    const claimed = await db.transaction(
      async (tx): Promise<{ made: Made } | { row: IdempotencyKeyRow | undefined }> => {
        if (!(await claimKey(tx, keyed))) return { row: await findKey(tx, keyed) };
        const made = await spec.make(tx);
        await setKeyResource(tx, keyed, made.id);
        return { made };
      },
    );
    state = 'made' in claimed ? claimed : await earlier(claimed.row);
    if (!state) throw inUse();
  }
  if ('answer' in state) return sendReplay(reply, state.answer.statusCode, state.answer.body);

  let body: Body;
  try {
    body = await spec.finish(state.made);
  } catch (error) {
    await releaseKey(db, keyed);
    throw error;
  }
  if (await storeAnswer(db, keyed, spec.status, body)) return reply.code(spec.status).send(body);
  // Another request with the key answered first: both say the same.
  const row = await findKey(db, keyed);
  const answer = row && earlierAnswer(row, keyed);
  return answer ? sendReplay(reply, answer.statusCode, answer.body) : reply.code(spec.status).send(body);
}
