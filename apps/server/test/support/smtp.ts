import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Headers and body with quoted-printable decoded, good enough to read links and text. */
  text: string;
  subject: string;
}

/** Quoted-printable to text: soft line breaks removed, =XX bytes decoded as UTF-8. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The decoded body of one part of a raw MIME mail (`text/plain` or `text/html`), as a mail client would show it;
 * undefined when the mail has no such part.
 */
export function mimePart(raw: string, type: string): string | undefined {
  const boundary = /boundary="([^"]+)"/.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  for (const part of parts) {
    const [head = '', ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    // A part that is itself multipart (the text and HTML beside an attachment): its own parts.
    const nested = /boundary="([^"]+)"/.exec(head)?.[1];
    if (nested !== undefined && nested !== boundary) {
      const inner = mimePart(part.replace(/^\r?\n/, ''), type);
      if (inner !== undefined) return inner;
      continue;
    }
    if (!new RegExp(`^Content-Type: ${type}\\b`, 'im').test(head)) continue;
    const body = rest.join('\n\n').replace(/\r?\n$/, '');
    const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1]?.toLowerCase();
    if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
    if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
    return body;
  }
  return undefined;
}

/**
 * The Subject header, unfolded and with its RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded; the
 * space between two encoded words, on one line or folded, is not part of the text.
 */
function decodeSubject(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)$/m.exec(raw)?.[1] ?? '';
  return header
    .replace(/\?=(?:\r?\n)?[ \t]+=\?/g, '?==?')
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_whole, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .trim();
}

/**
 * A real SMTP server on a free local port that keeps what it receives; with `acceptAfterMs`, it takes that long to
 * accept each mail once its data has arrived (a slow mail provider).
 */
export async function startSmtpServer(options: { acceptAfterMs?: number } = {}) {
  const inbox: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  /** With a number, mails beyond that many in the inbox are refused (451), as by a provider over its quota. */
  let acceptUpTo: number | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (acceptUpTo !== undefined && inbox.length >= acceptUpTo) {
          callback(Object.assign(new Error('Too many mails, try again later'), { responseCode: 451 }));
          return;
        }
        const accept = () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const text = decodeQuotedPrintable(raw);
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            text,
            subject: decodeSubject(raw),
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        };
        if (options.acceptAfterMs) setTimeout(accept, options.acceptAfterMs);
        else accept();
      });
    },
  });
  // A sender killed in the middle of a mail (the process tests' SIGKILL) resets its connection: the sink keeps what
  // it received and goes on, as a mail provider does, instead of throwing the reset at the test run.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** Refuses every mail once the inbox holds `count` (undefined: accepts all again). */
    refuseAfter(count: number | undefined) {
      acceptUpTo = count;
    },
    /** Waits for a mail to this address, and that `matches` when given (5 s at most). */
    async waitFor(
      to: string,
      matches: (mail: ReceivedMail) => boolean = () => true,
      timeoutMs = 5000,
    ): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = inbox.find((mail) => mail.to.includes(to) && matches(mail));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
