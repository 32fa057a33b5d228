import {
  envelope,
  idParamsSchema,
  mailsListSchema,
  mailsQuerySchema,
  MAILS_PAGE_SIZE,
} from '@scholar/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailOutbox } from '../db/schema';
import { notFound } from '../lib/errors';
import { requireAdmin } from '../plugins/auth';
import { retryFailedMail } from './outbox';

const security = [{ bearerAuth: [] }];

/**
 * The mail outbox on the admin's desk (docs/decisions/072): the mails by status, newest first, with each status's
 * count; a failed mail put back in the queue. Only an admin: a mail names its reader.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (instance) => {
    const admin = instance.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', requireAdmin);

    admin.get(
      '/admin/mails',
      {
        schema: {
          tags: ['mails'],
          summary: "The outbox's mails, newest first, in one status or all, and how many are in each status",
          security,
          querystring: mailsQuerySchema,
          response: { 200: envelope(mailsListSchema) },
        },
      },
      async (request) => {
        const { status, page } = request.query;
        const where = status ? eq(mailOutbox.status, status) : undefined;
        const [rows, byStatus] = await Promise.all([
          app.db
            .select()
            .from(mailOutbox)
            .where(where)
            .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
            .limit(MAILS_PAGE_SIZE)
            .offset((page - 1) * MAILS_PAGE_SIZE),
          app.db
            .select({ status: mailOutbox.status, n: count() })
            .from(mailOutbox)
            .groupBy(mailOutbox.status),
        ]);
        const counts = { queued: 0, sending: 0, sent: 0, failed: 0 };
        for (const row of byStatus) counts[row.status] = row.n;
        const total = status ? counts[status] : Object.values(counts).reduce((sum, n) => sum + n, 0);
        return {
          success: true as const,
          data: {
            mails: rows.map((row) => ({
              _id: row.id,
              kind: row.kind,
              recipient: row.recipient,
              subject: row.mail.subject,
              status: row.status,
              attempts: row.attempts,
              nextAttemptAt: row.status === 'queued' ? row.notBefore.toISOString() : null,
              sentAt: row.sentAt?.toISOString() ?? null,
              lastError: row.lastError,
              createdAt: row.createdAt.toISOString(),
            })),
            counts,
            pagination: {
              currentPage: page,
              totalPages: Math.max(1, Math.ceil(total / MAILS_PAGE_SIZE)),
              total,
            },
          },
        };
      },
    );

    admin.post(
      '/admin/mails/:id/retry',
      {
        schema: {
          tags: ['mails'],
          summary:
            'Put a failed mail back in the queue: the outbox tries it at its next run, for another day',
          security,
          params: idParamsSchema,
          response: { 200: envelope(z.null()).extend({ message: z.string() }) },
        },
      },
      async (request) => {
        if (!(await retryFailedMail(app.db, request.params.id))) {
          throw notFound('No failed mail of this id', 'MAIL_NOT_FOUND');
        }
        return { success: true as const, data: null, message: 'The mail will be tried again' };
      },
    );
  });
};
