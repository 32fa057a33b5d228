import {
  defaultDeskSort,
  FATWAH_MESSAGES,
  NEAREST_ANSWERS,
  normalizeFatwahReference,
  SIMILAR_MIN_WORDS,
  type AdminFatwah,
  type AdminFatwahList,
  type FatwahAskerStatus,
  type FatwahLink,
  type FatwahDeskSort,
  type FatwahQueue,
  type FatwahStatusQuery,
  type CreateFatwahBody,
  type ContentLanguage,
  type Fatwah,
  type FatwahPagination,
  type PublicFatwahList,
  type FatwahStatus,
  type Locale,
  type SubmitFatwahBody,
  type UpdateFatwahBody,
} from '@scholar/shared';
import {
  createFatwahBodySchema,
  fatwahStatusQuerySchema,
  submitFatwahBodySchema,
  updateFatwahBodySchema,
} from '@scholar/shared';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { markdownToHtml } from '../../lib/rich-text';
import { translationRoot } from '../../lib/translations';
import {
  deleteFatwah,
  findByReference,
  findFatwah,
  findTranslationLink,
  insertFatwah,
  listFatwahs,
  lockFatwah,
  moveTranslations,
  publishedGroupMembers,
  publishedLanguageCounts,
  publishedLike,
  publishedTranslations,
  queueCounts,
  updateFatwah,
  type FatwahLinkRow,
  type FatwahListFilter,
  type FatwahValues,
  type FatwahWithAnswerer,
} from './fatwahs.repository';

const notFoundError = () => notFound('Fatwah not found', 'FATWAH_NOT_FOUND');

/**
 * The public shape: never the asker's email, and their name only when they ticked "Show my name with the
 * question" (docs/decisions/009).
 */
export function toFatwah(row: FatwahWithAnswerer): Fatwah {
  return {
    _id: row.id,
    question: row.question,
    language: row.language,
    translationOf: row.translationOf,
    ...(row.answer ? { answer: row.answer, answerHtml: answerHtmlOf(row) } : {}),
    reference: row.reference,
    categories: row.categories,
    status: row.status,
    ...(row.askerName && row.showAskerName ? { askerName: row.askerName } : {}),
    answeredBy: row.answeredByName ? { name: row.answeredByName } : null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The answer as readers see it: stored when saved; an answer saved before answers were Markdown (no `answer_html`)
 * is rendered here, through the same sanitiser.
 */
const answerHtmlOf = (row: Pick<FatwahWithAnswerer, 'answer' | 'answerHtml'>): string =>
  row.answerHtml ?? markdownToHtml(row.answer ?? '');

/** The HTML readers will be shown for an answer's Markdown: the desk's preview. */
export const previewAnswer = (answer: string): { html: string } => ({ html: markdownToHtml(answer) });

/** Admins see the asker's name whatever they chose, the choice and the email. */
export function toAdminFatwah(row: FatwahWithAnswerer): AdminFatwah {
  return {
    ...toFatwah(row),
    ...(row.askerName ? { askerName: row.askerName } : {}),
    showAskerName: row.showAskerName,
    ...(row.askerEmail ? { askerEmail: row.askerEmail } : {}),
  };
}

async function page<T>(
  db: Db,
  filter: FatwahListFilter,
  map: (row: FatwahWithAnswerer) => T,
): Promise<{ data: T[]; pagination: FatwahPagination; didYouMean?: string }> {
  const { rows, total, didYouMean } = await listFatwahs(db, filter);
  return {
    data: rows.map(map),
    pagination: { page: filter.page, limit: filter.limit, total, pages: Math.ceil(total / filter.limit) },
    ...(didYouMean ? { didYouMean } : {}),
  };
}

/**
 * The published fatwahs. With the reader's language (`firstIn`) and no search, those written in it come first and
 * the answer says how many each language has, so that the list can name the others. A search shows one result per
 * translation group, in the reader's language first, each with its other versions (docs/decisions/077); one that
 * finds nothing offers the nearest answers.
 */
export async function listPublished(
  db: Db,
  filter: Omit<FatwahListFilter, 'status'>,
): Promise<Omit<PublicFatwahList, 'success'>> {
  const searching = Boolean(filter.search?.trim());
  const [list, languages] = await Promise.all([
    page(db, { ...filter, status: 'published', grouped: searching }, (row) => row),
    filter.firstIn && !searching ? publishedLanguageCounts(db, filter.category) : undefined,
  ]);
  const members = searching
    ? await publishedGroupMembers(
        db,
        list.data.map((row) => row.id),
      )
    : undefined;
  const data = list.data.map((row) => {
    const fatwah = toFatwah(row);
    const others = members?.get(row.id);
    return others
      ? {
          ...fatwah,
          translations: others.map((other) => ({
            _id: other.id,
            language: other.language,
            question: other.question,
          })),
        }
      : fatwah;
  });
  const nearest =
    searching && list.pagination.total === 0 && filter.page === 1
      ? await nearestAnswers(db, filter.search ?? '', filter.firstIn)
      : undefined;
  return {
    ...list,
    data,
    ...(languages ? { languages } : {}),
    ...(nearest ? { nearest } : {}),
  };
}

/**
 * What a search that found nothing offers: the published answers sharing most of its words (any of them, in any
 * spelling, or resembling them), else the newest in the reader's language.
 */
async function nearestAnswers(
  db: Db,
  search: string,
  language: ContentLanguage | undefined,
): Promise<FatwahLink[]> {
  const like = await publishedLike(db, search, { limit: NEAREST_ANSWERS });
  if (like.length > 0) return like.map(toFatwahLink);
  const { rows } = await listFatwahs(db, {
    page: 1,
    limit: NEAREST_ANSWERS,
    status: 'published',
    firstIn: language,
  });
  return rows.map(toFatwahLink);
}

/**
 * The newest published fatwahs for a feed: all of them, or those written in `language` (read as the list in that
 * language first, where they lead, without the list's counts).
 */
export async function latestPublished(db: Db, limit: number, language?: ContentLanguage): Promise<Fatwah[]> {
  const { data } = await page(db, { page: 1, limit, status: 'published', firstIn: language }, toFatwah);
  return language ? data.filter((fatwah) => fatwah.language === language) : data;
}

/**
 * The desk's list: a queue (docs/decisions/049) or a status, a page of it, and how many each queue holds. The
 * published queue is the published status.
 */
export async function listForAdmin(
  db: Db,
  filter: Omit<FatwahListFilter, 'queue' | 'oldestFirst'> & {
    queue?: FatwahQueue | undefined;
    sort?: FatwahDeskSort | undefined;
  },
): Promise<Omit<AdminFatwahList, 'success'>> {
  const { queue, sort, ...filters } = filter;
  const rest = { ...filters, oldestFirst: (sort ?? defaultDeskSort(queue)) === 'oldest' };
  const listed: FatwahListFilter =
    queue === 'published'
      ? { ...rest, status: 'published' }
      : queue
        ? { ...rest, queue, status: undefined }
        : rest;
  const [list, counts] = await Promise.all([page(db, listed, toAdminFatwah), queueCounts(db)]);
  return { ...list, counts };
}

const toFatwahLink = (row: FatwahLinkRow): FatwahLink => ({
  _id: row.id,
  question: row.question,
  reference: row.reference,
  language: row.language,
  categories: row.categories,
  publishedAt: row.publishedAt?.toISOString() ?? null,
});

/** How many published fatwahs like a question the desk and the ask page show. */
export const SIMILAR_LIMIT = 5;
/** How many related fatwahs a fatwah's page shows. */
export const RELATED_LIMIT = 4;

/**
 * Published fatwahs like a question: for the desk beside a question (without the question itself), and for an asker
 * while they type (nothing before the question has `SIMILAR_MIN_WORDS` words).
 */
export async function similarPublished(
  db: Db,
  text: string,
  exclude?: string,
  { minWords = SIMILAR_MIN_WORDS }: { minWords?: number } = {},
): Promise<FatwahLink[]> {
  if (text.trim().split(/\s+/u).filter(Boolean).length < minWords) return [];
  return (await publishedLike(db, text, { exclude, limit: SIMILAR_LIMIT })).map(toFatwahLink);
}

/**
 * A published fatwah's related reading: up to four others sharing a category, those whose text is like its question
 * first, then the category's newest.
 */
export async function relatedFatwahs(db: Db, id: string): Promise<FatwahLink[]> {
  const row = await findFatwah(db, id);
  if (!row || row.status !== 'published') throw notFoundError();
  const rows = await publishedLike(db, row.question, {
    exclude: row.id,
    sameCategory: row.categories,
    limit: RELATED_LIMIT,
  });
  return rows.map(toFatwahLink);
}

/**
 * The asker's status page: with the reference and the email they gave, where their question is, and nothing else.
 * A wrong email answers exactly as a wrong reference does, so that the page tells no one whether a number exists
 * (docs/decisions/049).
 */
export async function askerStatus(db: Db, input: FatwahStatusQuery): Promise<FatwahAskerStatus> {
  const { reference: typed, email } = fatwahStatusQuerySchema.parse(input);
  const reference = normalizeFatwahReference(typed);
  const row = reference ? await findByReference(db, reference) : undefined;
  if (!reference || !row || !row.askerEmail || row.askerEmail.toLowerCase() !== email) {
    throw notFound(FATWAH_MESSAGES.statusNotFound, 'FATWAH_STATUS_NOT_FOUND');
  }
  if (row.status === 'published') return { status: 'published', reference, fatwahId: row.id };
  return { status: row.answered ? 'answered' : 'received', reference };
}

/**
 * The public see published fatwahs only; admins see every one, with the asker's email. Either way with the
 * published translations, for the page to link (docs/decisions/041).
 */
export async function getFatwah(db: Db, id: string, asAdmin: boolean): Promise<Fatwah | AdminFatwah> {
  const row = await findFatwah(db, id);
  if (!row || (!asAdmin && row.status !== 'published')) throw notFoundError();
  const translations = (await publishedTranslations(db, row)).map((translation) => ({
    _id: translation.id,
    language: translation.language,
    question: translation.question,
  }));
  return { ...(asAdmin ? toAdminFatwah(row) : toFatwah(row)), translations };
}

/** The fatwah a sent `translationOf` links to, as stored: the first of its group (lib/translations). */
const fatwahTranslationRoot = (
  db: Db,
  sent: string | null | undefined,
  self?: { id: string; translationOf: string | null },
) => translationRoot(sent, self, (id) => findTranslationLink(db, id), 'fatwah');

/**
 * A question from the public form: waits for review, and answers its id and reference. It keeps the language of
 * the page it was asked on, for the mail that tells the asker of the answer. Robots that fill the honeypot get a
 * quiet success.
 */
export async function submitQuestion(
  db: Db,
  input: SubmitFatwahBody,
  locale: Locale,
): Promise<{ id: string | null; reference: string | null }> {
  const body = submitFatwahBodySchema.parse(input);
  if (body.website) return { id: null, reference: null };
  return insertFatwah(db, {
    question: body.question,
    categories: body.categories,
    status: 'pending',
    askerName: body.askerName ?? null,
    showAskerName: body.askerName ? body.showAskerName : false,
    askerEmail: body.askerEmail?.toLowerCase() ?? null,
    askerLocale: locale,
  });
}

function assertPublishable(status: FatwahStatus, answer: string | null | undefined) {
  if (status === 'published' && !answer) {
    throw badRequest(FATWAH_MESSAGES.answerBeforePublish, 'ANSWER_REQUIRED');
  }
}

export async function createFatwah(db: Db, adminId: string, input: CreateFatwahBody): Promise<AdminFatwah> {
  const body = createFatwahBodySchema.parse(input);
  assertPublishable(body.status, body.answer);
  const { id } = await insertFatwah(db, {
    question: body.question,
    answer: body.answer ?? null,
    answerHtml: body.answer ? markdownToHtml(body.answer) : null,
    categories: body.categories,
    status: body.status,
    language: body.language,
    translationOf: (await fatwahTranslationRoot(db, body.translationOf)) ?? null,
    answeredById: body.answer ? adminId : null,
    publishedAt: body.status === 'published' ? new Date() : null,
  });
  return getFatwah(db, id, true) as Promise<AdminFatwah>;
}

/** The asker to tell, once, that their question is answered and published. */
export interface AnsweredAsker {
  email: string;
  name: string | null;
  /** The language of the page they asked on. */
  locale: Locale;
}

/**
 * A full edit or a status change. `answeredBy` becomes the admin who saved a new or changed answer;
 * `publishedAt` is set the first time the fatwah is published and kept afterwards.
 *
 * The first time a fatwah with an asker's email is published with an answer, `answer_mailed_at` is set in the same
 * transaction, the row locked, and `mailTo` names the asker: the caller sends the mail after the commit. A later
 * publish, edit or concurrent publish finds the mark and mails no one.
 */
export async function editFatwah(
  db: Db,
  adminId: string,
  id: string,
  input: UpdateFatwahBody,
): Promise<{ fatwah: AdminFatwah; mailTo: AnsweredAsker | null }> {
  const body = updateFatwahBodySchema.parse(input);
  const mailTo = await db.transaction(async (tx) => {
    if (!(await lockFatwah(tx, id))) throw notFoundError();
    const current = await findFatwah(tx, id);
    if (!current) throw notFoundError();
    const values: FatwahValues = { status: body.status };
    let answer = current.answer;
    if (body.question !== undefined) {
      answer = body.answer;
      values.question = body.question;
      values.categories = body.categories;
      values.answer = answer;
      // Rendered once, here: readers are served the stored HTML.
      values.answerHtml = answer ? markdownToHtml(answer) : null;
      if (answer !== current.answer) values.answeredById = adminId;
      if (body.language) values.language = body.language;
      const root = await fatwahTranslationRoot(tx, body.translationOf, current);
      if (root !== undefined) values.translationOf = root;
      // Joining another group, the fatwah brings its own translations along (a group has one first fatwah).
      if (root && current.translationOf === null) await moveTranslations(tx, id, root);
    }
    assertPublishable(body.status, answer);
    const now = new Date();
    if (body.status === 'published' && !current.publishedAt) values.publishedAt = now;
    const tell =
      body.status === 'published' && Boolean(answer) && current.askerEmail && !current.answerMailedAt;
    if (tell) values.answerMailedAt = now;
    await updateFatwah(tx, id, values);
    return tell && current.askerEmail
      ? { email: current.askerEmail, name: current.askerName, locale: current.askerLocale }
      : null;
  });
  return { fatwah: (await getFatwah(db, id, true)) as AdminFatwah, mailTo };
}

export async function removeFatwah(db: Db, id: string): Promise<void> {
  if (!(await deleteFatwah(db, id))) throw notFoundError();
}

/* ---- Read by the subscriptions' sending job (docs/decisions/048): appended, nothing above depends on it. ---- */
import { and as whereAll, asc as ascending, eq as equals, gt as after, lte as atMost } from 'drizzle-orm';
import { fatwahs as fatwahTable } from '../../db/schema';

/** A published fatwah as a subscription mail tells of it. */
export interface PublishedFatwahNotice {
  id: string;
  question: string;
  /** The answer as readers see it (sanitised HTML). */
  answerHtml: string | null;
  language: ContentLanguage;
  publishedAt: Date;
}

/** The fatwahs published in (`from`, `to`], oldest first, at most `limit`. */
export async function publishedFatwahsBetween(
  db: Db,
  from: Date,
  to: Date,
  limit = 500,
): Promise<PublishedFatwahNotice[]> {
  const rows = await db
    .select({
      id: fatwahTable.id,
      question: fatwahTable.question,
      answerHtml: fatwahTable.answerHtml,
      language: fatwahTable.language,
      publishedAt: fatwahTable.publishedAt,
    })
    .from(fatwahTable)
    .where(
      whereAll(
        equals(fatwahTable.status, 'published'),
        after(fatwahTable.publishedAt, from),
        atMost(fatwahTable.publishedAt, to),
      ),
    )
    .orderBy(ascending(fatwahTable.publishedAt), ascending(fatwahTable.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt! }));
}
