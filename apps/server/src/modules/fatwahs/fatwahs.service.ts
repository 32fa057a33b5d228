import {
  FATWAH_MESSAGES,
  type AdminFatwah,
  type CreateFatwahBody,
  type Fatwah,
  type FatwahPagination,
  type FatwahStatus,
  type SubmitFatwahBody,
  type UpdateFatwahBody,
} from '@scholar/shared';
import { createFatwahBodySchema, submitFatwahBodySchema, updateFatwahBodySchema } from '@scholar/shared';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import {
  deleteFatwah,
  findFatwah,
  insertFatwah,
  listFatwahs,
  updateFatwah,
  type FatwahListFilter,
  type FatwahValues,
  type FatwahWithAnswerer,
} from './fatwahs.repository';

const notFoundError = () => notFound('Fatwah not found', 'FATWAH_NOT_FOUND');

/** The public shape: never the asker's email. */
export function toFatwah(row: FatwahWithAnswerer): Fatwah {
  return {
    _id: row.id,
    question: row.question,
    ...(row.answer ? { answer: row.answer } : {}),
    categories: row.categories,
    status: row.status,
    ...(row.askerName ? { askerName: row.askerName } : {}),
    answeredBy: row.answeredByName ? { name: row.answeredByName } : null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toAdminFatwah(row: FatwahWithAnswerer): AdminFatwah {
  return { ...toFatwah(row), ...(row.askerEmail ? { askerEmail: row.askerEmail } : {}) };
}

async function page<T>(
  db: Db,
  filter: FatwahListFilter,
  map: (row: FatwahWithAnswerer) => T,
): Promise<{ data: T[]; pagination: FatwahPagination }> {
  const { rows, total } = await listFatwahs(db, filter);
  return {
    data: rows.map(map),
    pagination: { page: filter.page, limit: filter.limit, total, pages: Math.ceil(total / filter.limit) },
  };
}

export function listPublished(db: Db, filter: Omit<FatwahListFilter, 'status'>) {
  return page(db, { ...filter, status: 'published' }, toFatwah);
}

export function listForAdmin(db: Db, filter: FatwahListFilter) {
  return page(db, filter, toAdminFatwah);
}

/** The public see published fatwahs only; admins see every one, with the asker's email. */
export async function getFatwah(db: Db, id: string, asAdmin: boolean): Promise<Fatwah | AdminFatwah> {
  const row = await findFatwah(db, id);
  if (!row || (!asAdmin && row.status !== 'published')) throw notFoundError();
  return asAdmin ? toAdminFatwah(row) : toFatwah(row);
}

/** A question from the public form: waits for review. Robots that fill the honeypot get a quiet success. */
export async function submitQuestion(db: Db, input: SubmitFatwahBody): Promise<{ id: string | null }> {
  const body = submitFatwahBodySchema.parse(input);
  if (body.website) return { id: null };
  const id = await insertFatwah(db, {
    question: body.question,
    categories: body.categories,
    status: 'pending',
    askerName: body.askerName ?? null,
    askerEmail: body.askerEmail?.toLowerCase() ?? null,
  });
  return { id };
}

function assertPublishable(status: FatwahStatus, answer: string | null | undefined) {
  if (status === 'published' && !answer) {
    throw badRequest(FATWAH_MESSAGES.answerBeforePublish, 'ANSWER_REQUIRED');
  }
}

export async function createFatwah(db: Db, adminId: string, input: CreateFatwahBody): Promise<AdminFatwah> {
  const body = createFatwahBodySchema.parse(input);
  assertPublishable(body.status, body.answer);
  const id = await insertFatwah(db, {
    question: body.question,
    answer: body.answer ?? null,
    categories: body.categories,
    status: body.status,
    answeredById: body.answer ? adminId : null,
    publishedAt: body.status === 'published' ? new Date() : null,
  });
  return getFatwah(db, id, true) as Promise<AdminFatwah>;
}

/**
 * A full edit or a status change. `answeredBy` becomes the admin who saved a new or changed answer;
 * `publishedAt` is set the first time the fatwah is published and kept afterwards.
 */
export async function editFatwah(
  db: Db,
  adminId: string,
  id: string,
  input: UpdateFatwahBody,
): Promise<AdminFatwah> {
  const body = updateFatwahBodySchema.parse(input);
  const current = await findFatwah(db, id);
  if (!current) throw notFoundError();
  const values: FatwahValues = { status: body.status };
  let answer = current.answer;
  if (body.question !== undefined) {
    answer = body.answer;
    values.question = body.question;
    values.categories = body.categories;
    values.answer = answer;
    if (answer !== current.answer) values.answeredById = adminId;
  }
  assertPublishable(body.status, answer);
  if (body.status === 'published' && !current.publishedAt) values.publishedAt = new Date();
  await updateFatwah(db, id, values);
  return getFatwah(db, id, true) as Promise<AdminFatwah>;
}

export async function removeFatwah(db: Db, id: string): Promise<void> {
  if (!(await deleteFatwah(db, id))) throw notFoundError();
}
