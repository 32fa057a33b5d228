import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  bookPageSchema,
  bookSchema,
  booksQuerySchema,
  createBookBodySchema,
  envelope,
  idempotencyHeadersSchema,
  idParamsSchema,
  STOCK_NOTIFICATION_MESSAGES,
  stockNotificationBodySchema,
  updateBookBodySchema,
  updateBookImagesBodySchema,
} from '@scholar/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireDesk } from '../../plugins/auth';
import { staffFailures } from '../../plugins/staff-routes';
import { idempotent } from '../../plugins/idempotency';
import { readImageForm, registerImageForms } from '../uploads/multipart';
import { removeBookImages } from '../uploads/storage';
import { revalidatedJson } from '../../lib/http-cache';
import { minutes, routeLimit } from '../../lib/rate-limit';
import { tooManyRequests } from '../../lib/errors';
import { siteLocaleOf } from '../../lib/site-locale';
import { askBackInStock, notifyBackInStock } from './back-in-stock';
import {
  deleteBook,
  getBook,
  getBookPage,
  getBooks,
  insertNewBook,
  storeNewBookImages,
  updateBook,
  updateBookImages,
  type BooksDeps,
} from './books.service';

const security = [{ bearerAuth: [] }];
const bookEnvelope = envelope(bookSchema);

/** Public reads, cacheable and revalidated by ETag (see lib/http-cache.ts). */
const publicBookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', revalidatedJson);

  app.get(
    '/books',
    {
      config: { publicCache: 'books' },
      schema: {
        tags: ['books'],
        summary: 'The books, newest first unless sorted; a search matches name and author',
        description:
          'Without `page`, every book. With `page` (from 1), that page of `limit` books (24 unless given, at ' +
          'most 100) and its `pagination`; a page past the last is empty.',
        querystring: booksQuerySchema,
        // The page first: an answer with `pagination` would also pass as the plain list, without it.
        response: { 200: z.union([bookPageSchema, envelope(z.array(bookSchema))]), 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { search, sort, page, limit } = request.query;
      if (page !== undefined) {
        return { success: true as const, ...(await getBookPage(app.db, { search, sort, page, limit })) };
      }
      return { success: true as const, data: await getBooks(app.db, { search, sort }) };
    },
  );

  app.get(
    '/books/:id',
    {
      config: { publicCache: 'books' },
      schema: {
        tags: ['books'],
        summary: 'One book',
        params: idParamsSchema,
        response: { 200: bookEnvelope, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ success: true as const, data: await getBook(app.db, request.params.id) }),
  );
};

/** "Notify me" asks one address may send in an hour (each book and edition counts). */
export const STOCK_NOTIFY_PER_IP_PER_HOUR = 10;
/** "Notify me" asks for one email address in an hour, whoever sends them. */
export const STOCK_NOTIFY_PER_EMAIL_PER_HOUR = 5;

/**
 * `POST /books/{id}/notify`: a reader (signed in or not) asks for one mail when an edition out of stock is back.
 * Limited per address (the route limit) and per email (a counter), so that nobody floods a mailbox.
 */
const stockNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const perEmail = app.limits.counter('stock-notify-email', STOCK_NOTIFY_PER_EMAIL_PER_HOUR, minutes(60));
  app.post(
    '/books/:id/notify',
    {
      config: {
        rateLimit: routeLimit(
          STOCK_NOTIFY_PER_IP_PER_HOUR,
          '1 hour',
          STOCK_NOTIFICATION_MESSAGES.rateLimited,
        ),
      },
      schema: {
        tags: ['books'],
        summary: 'Mail me once when this edition is back in stock',
        description:
          'Only for an edition out of stock (400 `IN_STOCK` otherwise). Asking again for the same edition and ' +
          'address answers the same and keeps one waiting ask. The mail is in the language of the page asked on.',
        params: idParamsSchema,
        body: stockNotificationBodySchema,
        response: {
          202: z.object({ success: z.literal(true), message: z.string() }),
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (!(await perEmail.take(request.body.email))) {
        throw tooManyRequests(STOCK_NOTIFICATION_MESSAGES.rateLimited);
      }
      await askBackInStock(
        { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, log: app.log },
        request.params.id,
        request.body,
        siteLocaleOf(request),
      );
      return reply.status(202).send({ success: true as const, message: STOCK_NOTIFICATION_MESSAGES.saved });
    },
  );
};

/** The image files of a create or an images request, read from the multipart body before validation. */
const uploadedImages = new WeakMap<FastifyRequest, Buffer[]>();

/** The multipart body becomes its text fields (validated by the route's schema) and its files (kept aside). */
async function readMultipartBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const form = await readImageForm(request, 'images');
  uploadedImages.set(
    request,
    form.files.map((file) => file.data),
  );
  request.body = form.fields;
}

/**
 * Admin-only writes. The role is checked on `onRequest`, before any body is read, so that a guest or a
 * customer cannot make the server buffer an upload: guest 401, other roles 403.
 */
const adminBookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireDesk('books'));
  await registerImageForms(app);
  const deps: BooksDeps = { db: app.db, uploads: app.uploads, log: app.log };

  app.post(
    '/books',
    {
      config: { invalidates: 'books' },
      preValidation: readMultipartBody,
      schema: {
        tags: ['books'],
        summary: 'Add a book with its images (multipart/form-data)',
        description:
          'Images are checked by their bytes and stored with WebP variants 400 and 800 px wide: ' +
          '`/api/uploads/books/<name>.<ext>` and `/api/uploads/books/<name>-<width>.webp`.',
        security,
        consumes: ['multipart/form-data'],
        headers: idempotencyHeadersSchema,
        body: createBookBodySchema,
        response: { 201: bookEnvelope, ...staffFailures, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const files = uploadedImages.get(request) ?? [];
      return idempotent(request, reply, {
        status: 201,
        // The images are part of the request a key names.
        fingerprintAlso: files.map((file) => createHash('sha256').update(file).digest('base64url')),
        prepare: () => storeNewBookImages(deps, files),
        discard: (images) => removeBookImages(deps.uploads, images),
        create: async (db, images) => ({
          success: true as const,
          data: await insertNewBook(db, request.body, images),
          message: 'Book added successfully',
        }),
      });
    },
  );

  app.put(
    '/books/:id',
    {
      config: { invalidates: 'books' },
      schema: {
        tags: ['books'],
        summary: 'Edit the name, description, author, price, product details and editions of a book',
        security,
        params: idParamsSchema,
        body: updateBookBodySchema,
        response: { 200: bookEnvelope, ...staffFailures },
      },
    },
    async (request) => {
      const book = await updateBook(app.db, request.params.id, request.body);
      // Committed: readers waiting for an edition that now has copies get their one mail.
      await notifyBackInStock(
        { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, log: app.log },
        [book._id],
      );
      return { success: true as const, data: book, message: 'Book updated successfully' };
    },
  );

  app.put(
    '/books/:id/images',
    {
      config: { invalidates: 'books' },
      preValidation: readMultipartBody,
      schema: {
        tags: ['books'],
        summary: "Add, remove and reorder a book's images (the first is the cover)",
        description:
          'multipart/form-data with `order` (JSON text: the images in their new order, current paths and ' +
          '`new:<n>` for the n-th file part `images`), or JSON `{order}` without new files. Images left out ' +
          'are removed. 409 when the images changed since the caller read them.',
        security,
        consumes: ['multipart/form-data', 'application/json'],
        params: idParamsSchema,
        body: updateBookImagesBodySchema,
        response: { 200: bookEnvelope, ...staffFailures, 409: apiErrorSchema, 413: apiErrorSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateBookImages(
        deps,
        request.params.id,
        request.body.order,
        uploadedImages.get(request) ?? [],
      ),
      message: 'Book updated successfully',
    }),
  );

  app.delete(
    '/books/:id',
    {
      config: { invalidates: 'books' },
      schema: {
        tags: ['books'],
        summary: 'Delete a book; carts lose it, orders keep their copy',
        security,
        params: idParamsSchema,
        response: { 200: bookEnvelope, ...staffFailures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deleteBook(deps, request.params.id),
      message: 'Book deleted successfully',
    }),
  );
};

export const booksRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicBookRoutes);
  await app.register(stockNotificationRoutes);
  await app.register(adminBookRoutes);
};
