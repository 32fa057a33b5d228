import { fatwahPublicPath, type AdminFatwah } from '@scholar/shared';
import { escapeHtml, type Mail } from './mailer';
import type { MailLanguage } from './i18n';

/** The longest piece of the question the mail quotes. */
const QUOTE_LENGTH = 300;

const quote = (question: string) =>
  question.length > QUOTE_LENGTH ? `${question.slice(0, QUOTE_LENGTH - 1).trimEnd()}…` : question;

/**
 * "Your question is answered": its reference, the question and the link to the published answer, in the language
 * of the page the question was asked on. The question is quoted as written, in its own direction.
 */
export function fatwahAnsweredMail(
  fatwah: AdminFatwah,
  asker: { email: string; name: string | null },
  lang: MailLanguage,
): Mail {
  const link = lang.url(fatwahPublicPath(fatwah._id));
  const greeting = (format: MailLanguage['text']) =>
    asker.name ? format('greeting.named', { name: asker.name }) : format('greeting.plain');
  const question = quote(fatwah.question);
  const reference = lang.strong(fatwah.reference);
  return {
    to: asker.email,
    subject: lang.text('fatwah.answered.subject', { reference: fatwah.reference }),
    text: [
      greeting(lang.text),
      '',
      lang.text('fatwah.answered.body', { reference }),
      '',
      lang.text('fatwah.answered.quote', { question }),
      '',
      lang.text('fatwah.answered.readHere', { link }),
      '',
      lang.text('fatwah.answered.why'),
    ].join('\n'),
    html: lang.document(`<p>${greeting(lang.html)}</p>
<p>${lang.html('fatwah.answered.body', { reference })}</p>
<blockquote dir="auto">${escapeHtml(question)}</blockquote>
<p><a href="${escapeHtml(link)}">${lang.html('fatwah.answered.read')}</a></p>
<p><small>${lang.html('fatwah.answered.why')}</small></p>`),
  };
}
