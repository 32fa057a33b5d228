import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable, rootMessage } from '../db/errors';
import { oneServerAtATime } from '../db/one-server-at-a-time';
import { repeatWhileRunning } from '../lib/repeating-job';
import { pruneSentMail } from './outbox';

/** The advisory lock of the job (the migrations use 727274, the reconciliation sweep 727275, subscriptions 727276). */
export const MAIL_OUTBOX_LOCK_KEY = 727277;

/**
 * The outbox job (docs/decisions/072): every `intervalMs`, one server at a time, tries the mails that are due again
 * (mail/outbox.ts), and deletes sent mails a month old. A mail is first tried as it is written; this job is for the
 * ones the mail server refused, and for those a stopped server left.
 */
export function startMailOutbox(app: FastifyInstance, intervalMs: number): void {
  repeatWhileRunning(app, { intervalMs, firstDelayMs: intervalMs }, async () => {
    try {
      const result = await oneServerAtATime(app.db, app.database.kind, MAIL_OUTBOX_LOCK_KEY, async () => ({
        ...(await app.mailer.deliverDue()),
        pruned: await pruneSentMail(app.db),
      }));
      if (result !== 'skipped' && result.sent + result.refused + result.failed + result.pruned > 0) {
        app.log.info(result, 'outbox mails tried');
      }
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        app.log.warn({ reason: rootMessage(error) }, 'outbox mails: database unavailable');
      } else {
        app.log.error({ err: error }, 'outbox mails failed');
      }
    }
  });
}
