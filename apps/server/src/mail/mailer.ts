import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { v7 as uuidv7 } from 'uuid';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { rootMessage } from '../db/errors';
import { backgroundWork } from '../lib/background';
import {
  deliverDueMail,
  enqueueMail,
  mailOf,
  storedMail,
  mailsToday,
  tryMail,
  type OutboxDeps,
  type OutgoingMail,
  type OutboxRun,
} from './outbox';

/**
 * A mail: its address, subject, text and HTML, extra headers (a subscription mail's `List-Unsubscribe`, decision
 * 048), the Message-ID when a mail sent again must carry the same one, and files sent with it (a bill of supply's PDF).
 */
export interface Mail extends OutgoingMail {
  /**
   * Files made only when the mail is sent, in the background (a bill's PDF is rendered then, never while a request
   * waits); they join `attachments`.
   */
  lateAttachments?: () => Promise<MailAttachment[]>;
}

export type MailAttachment = NonNullable<OutgoingMail['attachments']>[number];

/** The mail as the transport takes it: the late attachments made and joined to the others. */
async function withAttachments(mail: Mail): Promise<Omit<Mail, 'lateAttachments'>> {
  const { lateAttachments, ...rest } = mail;
  if (!lateAttachments) return rest;
  return { ...rest, attachments: [...(rest.attachments ?? []), ...(await lateAttachments())] };
}

export interface Mailer {
  /** Hands a mail to the mail server now; throws when it is refused (a job with its own retries calls it). */
  send(mail: Mail): Promise<void>;
  /**
   * Sends a mail after the request's answer, which never waits for it nor fails with it. With a database (the
   * app's mailer), the mail is written to the outbox first and tried at once, then again until the mail server
   * takes it (mail/outbox.ts): `undo` runs only if it could not even be written there. Without one, it is tried
   * once. A failure is logged at error level as `failure`, with `context` (an order number, a user id), after
   * `undo` has run (what the caller must take back so that the mail is tried again another time). `close` waits for
   * these mails.
   */
  sendLater(
    mail: Mail,
    failure: string,
    context: Record<string, unknown>,
    undo?: () => Promise<void>,
    options?: SendLaterOptions,
  ): void;
  /** Tries the outbox's mails that are due (the outbox job, every `MAIL_OUTBOX_INTERVAL_MS`). */
  deliverDue(now?: Date): Promise<OutboxRun>;
  /** Resolves once the mails under way (`sendLater`) are sent or have failed: what "no further mail" waits for. */
  idle(): Promise<void>;
  /** Waits for the mails under way, then closes the transport. */
  close(): Promise<void>;
}

export interface SendLaterOptions {
  /**
   * At most this many mails of this kind (`failure`) to one address in a day, whoever causes them: the ones beyond
   * are not written, and the log says so (mail/outbox.ts: `mailsToday`). Counted in the outbox itself, which every
   * server shares.
   */
  perRecipientPerDay?: number;
}

/** A Message-ID of this site for a mail of the outbox: `<id@host>`, the host of the sender's address. */
function messageIdOf(id: string, from: string): string {
  const host = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${id}@${host}>`;
}

/** The mails under way, the outbox, and the background sending and closing every transport shares. */
function withBackground(
  send: (mail: Mail) => Promise<void>,
  closeTransport: () => void,
  log: FastifyBaseLogger,
  from: string,
  db: Db | undefined,
): Mailer {
  const background = backgroundWork(log);
  const outbox: OutboxDeps | undefined = db ? { db, transport: send, log } : undefined;
  return {
    send,
    sendLater(mail, failure, context, undo, options) {
      background.run(
        async () => {
          const id = uuidv7();
          const full = storedMail(await withAttachments(mail), messageIdOf(id, from));
          if (outbox) {
            const limit = options?.perRecipientPerDay;
            if (limit !== undefined && (await mailsToday(outbox.db, full.to, failure)) >= limit) {
              log.warn(
                { ...context, kind: failure, limit },
                'mail not sent: this address has had its mails of this kind today',
              );
              return;
            }
            let kept = true;
            try {
              await enqueueMail(outbox.db, { id, kind: failure, mail: full, context });
            } catch (error) {
              // The database cannot take it (restarting): the mail goes straight to the mail server, once.
              kept = false;
              log.warn(
                { ...context, kind: failure, reason: rootMessage(error) },
                'mail not kept in the outbox',
              );
            }
            // Tried at once; a refusal, or a database that fails meanwhile, leaves it for the outbox job.
            if (kept) {
              await tryMail(outbox, id).catch((error: unknown) =>
                log.warn(
                  { ...context, kind: failure, reason: rootMessage(error) },
                  'mail kept for the outbox job',
                ),
              );
              return;
            }
          }
          try {
            await send(mailOf(full));
          } catch (error) {
            await undo?.().catch((undoError: unknown) =>
              log.error({ err: undoError, ...context }, `${failure}: could not take back`),
            );
            throw error;
          }
        },
        failure,
        context,
      );
    },
    deliverDue: async (now) => (outbox ? deliverDueMail(outbox, now) : { sent: 0, refused: 0, failed: 0 }),
    idle: () => background.settled(),
    async close() {
      await background.settled();
      closeTransport();
    },
  };
}

/**
 * Mail over SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file to DATA_DIR/outbox/ and
 * logged, so that password resets work on a laptop too.
 */
export function createMailer(config: Config, log: FastifyBaseLogger, db?: Db): Mailer {
  const from = config.mail.from;
  if (config.mail.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.mail.smtpUrl);
    return withBackground(
      async (mail) => {
        await transport.sendMail({ from, ...(await withAttachments(mail)) });
      },
      () => transport.close(),
      log,
      from,
      db,
    );
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return withBackground(
    async (mail) => {
      const info = await transport.sendMail({ from, ...(await withAttachments(mail)) });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${uuidv7()}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
      if (config.env === 'development') log.info(`mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
    () => transport.close(),
    log,
    from,
    db,
  );
}

export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
