import {
  adminFatwahSchema,
  adminFatwahsQuerySchema,
  createFatwahBodySchema,
  envelope,
  FATWAH_CATEGORIES,
  FATWAH_MESSAGES,
  fatwahListSchema,
  fatwahSchema,
  idempotencyHeadersSchema,
  idParamsSchema,
  publicFatwahsQuerySchema,
  submitFatwahBodySchema,
  submittedFatwahSchema,
  updateFatwahBodySchema,
  worksAtDesk,
} from '@scholar/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fatwahAnsweredMail } from '../../mail/fatwah-answered';
import { mailLanguage } from '../../mail/i18n';
import { routeLimit } from '../../lib/rate-limit';
import { siteLocaleOf } from '../../lib/site-locale';
import { requireDesk, requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import {
  createFatwah,
  editFatwah,
  getFatwah,
  listForAdmin,
  listPublished,
  removeFatwah,
  submitQuestion,
} from './fatwahs.service';

/** Questions a single address may send in an hour. */
export const QUESTIONS_PER_IP_PER_HOUR = 5;
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
        response: { 200: fatwahListSchema(fatwahSchema) },
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
  await app.register(async (instance) => {
    const admin = instance.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', requireDesk('fatwahs'));

    admin.get(
      '/fatwahs',
      {
        schema: {
          tags: ['fatwahs'],
          summary: 'Every fatwah: search, status, category, pages',
          security,
          querystring: adminFatwahsQuerySchema,
          response: { 200: fatwahListSchema(adminFatwahSchema) },
        },
      },
      async (request) => {
        const { search, category, status, page, limit } = request.query;
        return {
          success: true as const,
          ...(await listForAdmin(app.db, {
            search,
            category,
            status: status && status !== 'all' ? status : undefined,
            page,
            limit,
          })),
        };
      },
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
