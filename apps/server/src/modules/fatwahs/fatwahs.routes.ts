import {
  adminFatwahListSchema,
  adminFatwahSchema,
  adminFatwahsQuerySchema,
  answerPreviewBodySchema,
  answerPreviewSchema,
  fatwahAskerStatusSchema,
  fatwahLinkSchema,
  fatwahStatusQuerySchema,
  similarFatwahsQuerySchema,
  createFatwahBodySchema,
  envelope,
  FATWAH_CATEGORIES,
  FATWAH_MESSAGES,
  publicFatwahListSchema,
  fatwahSchema,
  idempotencyHeadersSchema,
  idParamsSchema,
  publicFatwahsQuerySchema,
  submitFatwahBodySchema,
  submittedFatwahSchema,
  synonymSetBodySchema,
  synonymSetSchema,
  updateFatwahBodySchema,
  worksAtDesk,
} from '@scholar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fatwahAnsweredMail } from '../../mail/fatwah-answered';
import { mailLanguage } from '../../mail/i18n';
import { routeLimit } from '../../lib/rate-limit';
import { siteLocaleOf } from '../../lib/site-locale';
import { requireUser } from '../../plugins/auth';
import { registerDeskRoutes } from '../../plugins/staff-routes';
import { idempotent } from '../../plugins/idempotency';
import {
  askerStatus,
  createFatwah,
  editFatwah,
  getFatwah,
  listForAdmin,
  listPublished,
  previewAnswer,
  relatedFatwahs,
  removeFatwah,
  similarPublished,
  submitQuestion,
} from './fatwahs.service';
import { addSynonymSet, editSynonymSet, listSynonymSets, removeSynonymSet } from '../search/synonyms';

/** Questions a single address may send in an hour. */
export const QUESTIONS_PER_IP_PER_HOUR = 5;
/** Status checks a single address may make in 15 minutes: enough for an asker, too few to try numbers. */
export const STATUS_CHECKS_PER_IP = 10;
/** Look-ups of similar questions an address may make in a minute while typing (debounced by the page). */
export const SIMILAR_LOOKUPS_PER_IP_PER_MINUTE = 30;
const security = [{ bearerAuth: [] }];

export const fatwahsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fatwahs/public',
    {
      config: { publicCache: 'fatwahs' },
      schema: {
        tags: ['fatwahs'],
        summary: 'Published fatwahs: search, category, pages; the reader’s language first',
        querystring: publicFatwahsQuerySchema,
        response: { 200: publicFatwahListSchema },
      },
    },
    async (request) => {
      const { search, category, page, limit, language } = request.query;
      return {
        success: true as const,
        ...(await listPublished(app.db, { search, category, page, limit, firstIn: language })),
      };
    },
  );

  app.get(
    '/fatwahs/categories',
    {
      config: { publicCache: 'fatwahs' },
      schema: {
        tags: ['fatwahs'],
        summary: 'The category names',
        response: { 200: envelope(z.array(z.string())) },
      },
    },
    async () => ({ success: true as const, data: [...FATWAH_CATEGORIES] }),
  );

  app.get(
    '/fatwahs/similar',
    {
      config: {
        publicCache: 'fatwahs',
        rateLimit: routeLimit(
          SIMILAR_LOOKUPS_PER_IP_PER_MINUTE,
          '1 minute',
          'Too many look-ups in a short time. Please wait a minute.',
        ),
      },
      schema: {
        tags: ['fatwahs'],
        summary: 'Published fatwahs like a question being typed (nothing under three words)',
        querystring: similarFatwahsQuerySchema,
        response: { 200: envelope(z.array(fatwahLinkSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await similarPublished(app.db, request.query.q, request.query.exclude),
    }),
  );

  app.get(
    '/fatwahs/:id/related',
    {
      config: { publicCache: 'fatwahs' },
      schema: {
        tags: ['fatwahs'],
        summary: 'Up to four published fatwahs of the same category, the most alike first',
        params: idParamsSchema,
        response: { 200: envelope(z.array(fatwahLinkSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await relatedFatwahs(app.db, request.params.id) }),
  );

  app.post(
    '/fatwahs/status',
    {
      config: {
        rateLimit: routeLimit(STATUS_CHECKS_PER_IP, '15 minutes', FATWAH_MESSAGES.statusTooMany),
      },
      schema: {
        tags: ['fatwahs'],
        summary: 'The asker’s status page: reference and email → received, answered or published',
        body: fatwahStatusQuerySchema,
        response: { 200: envelope(fatwahAskerStatusSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await askerStatus(app.db, request.body) }),
  );

  app.get(
    '/fatwahs/:id',
    {
      config: { publicCache: 'fatwahs' },
      schema: {
        tags: ['fatwahs'],
        summary: 'One fatwah (published only, unless the caller is an admin)',
        params: idParamsSchema,
        response: { 200: envelope(z.union([adminFatwahSchema, fatwahSchema])) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getFatwah(app.db, request.params.id, worksAtDesk(request.user?.role, 'fatwahs')),
    }),
  );

  app.post(
    '/fatwahs/submit',
    {
      config: {
        rateLimit: routeLimit(
          QUESTIONS_PER_IP_PER_HOUR,
          '1 hour',
          'You have sent several questions in a short time. Please wait an hour before asking another.',
        ),
      },
      schema: {
        tags: ['fatwahs'],
        summary: 'Ask the scholars a question (reviewed before publication)',
        headers: idempotencyHeadersSchema,
        body: submitFatwahBodySchema,
        response: { 201: envelope(submittedFatwahSchema) },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, {
        status: 201,
        create: async (db) => {
          const { id, reference } = await submitQuestion(db, request.body, siteLocaleOf(request));
          return {
            success: true as const,
            data: { _id: id, status: 'pending' as const, reference },
            message: FATWAH_MESSAGES.submitted,
          };
        },
      }),
  );

  // The scholars' desk: every route below needs an admin.
  await registerDeskRoutes(app, 'fatwahs', (admin) => {
    admin.get(
      '/fatwahs',
      {
        schema: {
          tags: ['fatwahs'],
          summary: 'Every fatwah: a queue or a status, search, category, pages; and the count of each queue',
          security,
          querystring: adminFatwahsQuerySchema,
          response: { 200: adminFatwahListSchema },
        },
      },
      async (request) => {
        const { search, category, status, queue, sort, page, limit } = request.query;
        return {
          success: true as const,
          ...(await listForAdmin(app.db, {
            search,
            category,
            status: status && status !== 'all' ? status : undefined,
            queue,
            sort,
            page,
            limit,
          })),
        };
      },
    );

    admin.post(
      '/fatwahs/admin/preview',
      {
        schema: {
          tags: ['fatwahs'],
          summary: 'The HTML readers will be shown for an answer’s Markdown',
          security,
          body: answerPreviewBodySchema,
          response: { 200: envelope(answerPreviewSchema) },
        },
      },
      async (request) => ({ success: true as const, data: previewAnswer(request.body.answer) }),
    );

    admin.get(
      '/fatwahs/admin/similar',
      {
        schema: {
          tags: ['fatwahs'],
          summary: 'Published fatwahs like a question, for the desk to link',
          security,
          querystring: similarFatwahsQuerySchema,
          response: { 200: envelope(z.array(fatwahLinkSchema)) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await similarPublished(app.db, request.query.q, request.query.exclude, { minWords: 1 }),
      }),
    );

    admin.post(
      '/fatwahs',
      {
        config: { invalidates: 'fatwahs' },
        schema: {
          tags: ['fatwahs'],
          summary: 'Write a fatwah (draft by default)',
          security,
          headers: idempotencyHeadersSchema,
          body: createFatwahBodySchema,
          response: { 201: envelope(adminFatwahSchema) },
        },
      },
      async (request, reply) =>
        idempotent(request, reply, {
          status: 201,
          create: async (db) => ({
            success: true as const,
            data: await createFatwah(db, requireUser(request).id, request.body),
            message: 'Fatwah created successfully',
          }),
        }),
    );

    admin.put(
      '/fatwahs/:id',
      {
        config: { invalidates: 'fatwahs' },
        schema: {
          tags: ['fatwahs'],
          summary: 'Edit a fatwah, or change its status alone',
          security,
          params: idParamsSchema,
          body: updateFatwahBodySchema,
          response: { 200: envelope(adminFatwahSchema) },
        },
      },
      async (request) => {
        const { fatwah, mailTo } = await editFatwah(
          app.db,
          requireUser(request).id,
          request.params.id,
          request.body,
        );
        // Committed: the asker hears of the answer once (a mail failure is logged only).
        if (mailTo) {
          app.mailer.sendLater(
            fatwahAnsweredMail(fatwah, mailTo, mailLanguage(mailTo.locale, app.config.publicUrl)),
            'fatwah answer mail failed',
            {
              fatwahId: fatwah._id,
            },
          );
        }
        return { success: true as const, data: fatwah, message: 'Fatwah updated successfully' };
      },
    );

    // The sets of synonyms every readers' search widens a word by (docs/decisions/077): the scholar's to extend.
    const searchAreas = ['fatwahs', 'articles', 'books'] as const;
    admin.get(
      '/fatwahs/admin/synonyms',
      {
        schema: {
          tags: ['fatwahs'],
          summary: 'The sets of words searched as one (spellings, scripts, languages)',
          security,
          response: { 200: envelope(z.array(synonymSetSchema)) },
        },
      },
      async () => ({ success: true as const, data: await listSynonymSets(app.db) }),
    );

    admin.post(
      '/fatwahs/admin/synonyms',
      {
        config: { invalidates: searchAreas },
        schema: {
          tags: ['fatwahs'],
          summary: 'Add a set of words searched as one',
          security,
          body: synonymSetBodySchema,
          response: { 201: envelope(synonymSetSchema) },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return {
          success: true as const,
          data: await addSynonymSet(app.db, request.body.words),
          message: 'Synonyms added',
        };
      },
    );

    admin.put(
      '/fatwahs/admin/synonyms/:id',
      {
        config: { invalidates: searchAreas },
        schema: {
          tags: ['fatwahs'],
          summary: 'Change a set of words searched as one',
          security,
          params: idParamsSchema,
          body: synonymSetBodySchema,
          response: { 200: envelope(synonymSetSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await editSynonymSet(app.db, request.params.id, request.body.words),
        message: 'Synonyms saved',
      }),
    );

    admin.delete(
      '/fatwahs/admin/synonyms/:id',
      {
        config: { invalidates: searchAreas },
        schema: {
          tags: ['fatwahs'],
          summary: 'Remove a set of words searched as one',
          security,
          params: idParamsSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        await removeSynonymSet(app.db, request.params.id);
        return { success: true as const, data: null, message: 'Synonyms removed' };
      },
    );

    admin.delete(
      '/fatwahs/:id',
      {
        config: { invalidates: 'fatwahs' },
        schema: {
          tags: ['fatwahs'],
          summary: 'Delete a fatwah',
          security,
          params: idParamsSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        await removeFatwah(app.db, request.params.id);
        return { success: true as const, data: null, message: 'Fatwah deleted successfully' };
      },
    );
  });
};
