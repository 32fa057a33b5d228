import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ARTICLE_IMAGE_FIELD,
  ARTICLE_MESSAGES,
  adminArticlesQuerySchema,
  articleImageSchema,
  apiErrorSchema,
  articleBodySchema,
  articleListSchema,
  articlePreviewBodySchema,
  articlePreviewSchema,
  articleSchema,
  articleStatsSchema,
  articleSummarySchema,
  envelope,
  idempotencyHeadersSchema,
  idParamsSchema,
  publishedArticlesQuerySchema,
  recentArticlesQuerySchema,
} from '@scholar/shared';
import { z } from 'zod';
import { badRequest } from '../../lib/errors';
import { requireDesk, requireUser } from '../../plugins/auth';
import { staffFailures } from '../../plugins/staff-routes';
import { idempotent } from '../../plugins/idempotency';
import { readImageForm, registerImageForms } from '../uploads/multipart';
import { isRenderRead } from '../../lib/render-reads';
import {
  countArticleView,
  createArticle,
  deleteArticle,
  getAdminArticles,
  getArticle,
  getArticleStats,
  getPublishedArticles,
  getRecentArticles,
  previewArticle,
  readPublishedArticle,
  toggleArticlePublished,
  updateArticle,
  uploadArticleImage,
} from './articles.service';
import { clearCacheWhenScheduledArticlesAppear } from './scheduled-articles';

const security = [{ bearerAuth: [] }];
const tags = ['articles'];
const articleEnvelope = envelope(articleSchema);
const listEnvelope = envelope(articleListSchema);

/** What readers see: published articles only. */
const publicArticleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/articles/published',
    {
      config: { publicCache: 'articles' },
      schema: {
        tags,
        summary: 'Published articles, a page at a time (without their content: the excerpt stands in)',
        querystring: publishedArticlesQuerySchema,
        response: { 200: listEnvelope, 400: apiErrorSchema },
      },
    },
    async (request) => ({ success: true as const, data: await getPublishedArticles(app.db, request.query) }),
  );

  app.get(
    '/articles/published/:id',
    {
      schema: {
        tags,
        summary: 'One published article; every call counts one view',
        params: idParamsSchema,
        response: { 200: articleEnvelope, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // A read made for a page the server renders is not a view: the reader's browser counts it (below).
      const article = await readPublishedArticle(app.db, request.params.id, {
        countView: !isRenderRead(request),
      });
      // Each read is a view: no cache may answer in the server's place.
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data: article };
    },
  );

  app.post(
    '/articles/published/:id/views',
    {
      schema: {
        tags,
        summary:
          "Counts one view of a published article whose page arrived with it (the page's browser sends it); answers the count",
        params: idParamsSchema,
        response: {
          200: envelope(z.object({ views: z.number().int() })),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => ({ success: true as const, data: await countArticleView(app.db, request.params.id) }),
  );

  app.get(
    '/articles/recent',
    {
      config: { publicCache: 'articles' },
      schema: {
        tags,
        summary: 'The newest published articles (without their content)',
        querystring: recentArticlesQuerySchema,
        response: { 200: envelope(z.array(articleSummarySchema)), 400: apiErrorSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getRecentArticles(app.db, request.query.limit),
    }),
  );
};

/** The editors' desk. The role is checked before any body is read: guest 401, other roles 403. */
const adminArticleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireDesk('articles'));
  await registerImageForms(app);

  app.post(
    '/articles/admin/images',
    {
      schema: {
        tags,
        summary: 'Upload a featured image (multipart/form-data, one file in the field "image")',
        description:
          "The books' pipeline: the bytes must be a JPEG, PNG, WebP or GIF of at most 5 MB that decodes completely; " +
          'it is stored with WebP variants 400 and 800 px wide. Answers the path to send as `featuredImage`.',
        security,
        consumes: ['multipart/form-data'],
        response: { 201: envelope(articleImageSchema), ...staffFailures, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(ARTICLE_MESSAGES.imageNotMultipart, 'INVALID_FORM');
      const form = await readImageForm(request, ARTICLE_IMAGE_FIELD);
      const image = await uploadArticleImage(
        app.uploads,
        form.files.map((file) => file.data),
      );
      return reply
        .code(201)
        .send({ success: true as const, data: image, message: ARTICLE_MESSAGES.imageUploaded });
    },
  );

  app.post(
    '/articles/admin/preview',
    {
      schema: {
        tags,
        summary: 'The Markdown rendered as readers will see it (sanitised HTML); nothing is saved',
        security,
        body: articlePreviewBodySchema,
        response: { 200: envelope(articlePreviewSchema), ...staffFailures },
      },
    },
    async (request) => ({ success: true as const, data: previewArticle(request.body.markdown) }),
  );

  app.get(
    '/articles/admin/all',
    {
      schema: {
        tags,
        summary: 'Every article, drafts included, a page at a time (without their content)',
        security,
        querystring: adminArticlesQuerySchema,
        response: { 200: listEnvelope, ...staffFailures },
      },
    },
    async (request) => ({ success: true as const, data: await getAdminArticles(app.db, request.query) }),
  );

  app.get(
    '/articles/admin/stats',
    {
      schema: {
        tags,
        summary: 'Counts of articles and views',
        security,
        response: { 200: envelope(articleStatsSchema), ...staffFailures },
      },
    },
    async () => ({ success: true as const, data: await getArticleStats(app.db) }),
  );

  app.get(
    '/articles/admin/:id',
    {
      schema: {
        tags,
        summary: 'One article, draft or published (no view counted)',
        security,
        params: idParamsSchema,
        response: { 200: articleEnvelope, ...staffFailures },
      },
    },
    async (request) => ({ success: true as const, data: await getArticle(app.db, request.params.id) }),
  );

  app.post(
    '/articles/admin',
    {
      config: { invalidates: 'articles' },
      schema: {
        tags,
        summary:
          'Write an article (a draft unless isPublished is true), signed by its writer unless author is given',
        description:
          'markdown: the article in Markdown, kept as written and shown as sanitised HTML; or content: plain text ' +
          '(each line a paragraph) or HTML, stored as sanitised HTML. publishAt: a later time schedules it. ' +
          'featuredImage: an http(s) URL or an uploaded path (/api/uploads/...).',
        security,
        headers: idempotencyHeadersSchema,
        body: articleBodySchema,
        response: { 201: articleEnvelope, ...staffFailures },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, {
        status: 201,
        create: async (db) => ({
          success: true as const,
          data: await createArticle(db, request.body, requireUser(request).id),
          message: ARTICLE_MESSAGES.created,
        }),
      }),
  );

  app.put(
    '/articles/admin/:id',
    {
      config: { invalidates: 'articles' },
      schema: {
        tags,
        summary: 'Edit an article',
        security,
        params: idParamsSchema,
        body: articleBodySchema,
        response: { 200: articleEnvelope, ...staffFailures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateArticle(app.db, request.params.id, request.body),
      message: ARTICLE_MESSAGES.updated,
    }),
  );

  app.delete(
    '/articles/admin/:id',
    {
      config: { invalidates: 'articles' },
      schema: {
        tags,
        summary: 'Delete an article',
        security,
        params: idParamsSchema,
        response: { 200: articleEnvelope, ...staffFailures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deleteArticle(app.db, request.params.id),
      message: ARTICLE_MESSAGES.deleted,
    }),
  );

  app.patch(
    '/articles/admin/:id/toggle-publish',
    {
      config: { invalidates: 'articles' },
      schema: {
        tags,
        summary: 'Publish a draft or unpublish an article (the first publication date is kept)',
        security,
        params: idParamsSchema,
        response: { 200: articleEnvelope, ...staffFailures },
      },
    },
    async (request) => {
      const { article, message } = await toggleArticlePublished(app.db, request.params.id);
      return { success: true as const, data: article, message };
    },
  );
};

export const articlesRoutes: FastifyPluginAsyncZod = async (app) => {
  clearCacheWhenScheduledArticlesAppear(app);
  await app.register(publicArticleRoutes);
  await app.register(adminArticleRoutes);
};
