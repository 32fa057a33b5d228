import { z } from 'zod';
import { idSchema, isoDateTime, pageQuerySchema } from './common';

/**
 * The mail outbox as the admin's desk reads it (docs/decisions/072): every mail about a reader's act, kept until the
 * mail server took it; `failed` once refused for a day, which the desk can put back.
 */
export const MAIL_OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export const MAILS_PAGE_SIZE = 50;

export const mailsQuerySchema = z.object({
  status: z.enum(MAIL_OUTBOX_STATUSES).optional(),
  page: pageQuerySchema,
});

export const outboxMailSchema = z.object({
  _id: idSchema,
  /** What the mail is ("password reset mail failed" names a password reset). */
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_OUTBOX_STATUSES),
  attempts: z.number().int(),
  /** When it is tried next (queued), or null. */
  nextAttemptAt: isoDateTime.nullable(),
  sentAt: isoDateTime.nullable(),
  lastError: z.string().nullable(),
  createdAt: isoDateTime,
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const mailsListSchema = z.object({
  mails: z.array(outboxMailSchema),
  /** How many mails are in each status (the desk's tabs). */
  counts: z.object({
    queued: z.number().int(),
    sending: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
  }),
  pagination: z.object({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
});
