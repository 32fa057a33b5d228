import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { v7 as uuidv7 } from 'uuid';
import type { Config } from '../config';
import { backgroundWork } from '../lib/background';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (a subscription mail's `List-Unsubscribe`, docs/decisions/048). */
  headers?: Record<string, string>;
  /** The Message-ID, when a mail sent again must carry the same one (`<id@host>`). */
  messageId?: string;
  /** Files sent with the mail (a bill of supply's PDF). */
  attachments?: MailAttachment[];
  /**
   * Files made only when the mail is sent, in the background (a bill's PDF is rendered then, never while a request
   * waits); they join `attachments`.
   */
  lateAttachments?: () => Promise<MailAttachment[]>;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** The mail as the transport takes it: the late attachments made and joined to the others. */
async function withAttachments(mail: Mail): Promise<Omit<Mail, 'lateAttachments'>> {
  const { lateAttachments, ...rest } = mail;
  if (!lateAttachments) return rest;
  return { ...rest, attachments: [...(rest.attachments ?? []), ...(await lateAttachments())] };
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * Sends a mail after the request's answer, which never waits for it nor fails with it: a failure is logged at
   * error level as `failure`, with `context` (an order number, a user id), after `undo` has run (what the caller
   * must take back so that the mail is tried again another time). `close` waits for these mails.
   */
  sendLater(mail: Mail, failure: string, context: Record<string, unknown>, undo?: () => Promise<void>): void;
  /** Resolves once the mails under way (`sendLater`) are sent or have failed: what "no further mail" waits for. */
  idle(): Promise<void>;
  /** Waits for the mails under way, then closes the transport. */
  close(): Promise<void>;
}

/** The mails under way, and the background sending and closing every transport shares. */
function withBackground(
  send: (mail: Mail) => Promise<void>,
  closeTransport: () => void,
  log: FastifyBaseLogger,
): Mailer {
  const background = backgroundWork(log);
  return {
    send,
    sendLater(mail, failure, context, undo) {
      background.run(
        async () => {
          try {
            await send(mail);
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
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const from = config.mail.from;
  if (config.mail.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.mail.smtpUrl);
    return withBackground(
      async (mail) => {
        await transport.sendMail({ from, ...(await withAttachments(mail)) });
      },
      () => transport.close(),
      log,
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
  );
}

export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
