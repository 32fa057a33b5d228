import { fatwahPublicPath, type AdminFatwah } from '@scholar/shared';
import { escapeHtml, type Mail } from './mailer';

/** The longest piece of the question the mail quotes. */
const QUOTE_LENGTH = 300;

const quote = (question: string) =>
  question.length > QUOTE_LENGTH ? `${question.slice(0, QUOTE_LENGTH - 1).trimEnd()}…` : question;

/** "Your question is answered": its reference, the question and the link to the published answer. */
export function fatwahAnsweredMail(
  fatwah: AdminFatwah,
  asker: { email: string; name: string | null },
  publicUrl: string,
): Mail {
  const link = `${publicUrl}${fatwahPublicPath(fatwah._id)}`;
  const greeting = asker.name ? `Assalamu alaikum ${asker.name},` : 'Assalamu alaikum,';
  const question = quote(fatwah.question);
  return {
    to: asker.email,
    subject: `Your question ${fatwah.reference} has been answered`,
    text: [
      greeting,
      '',
      `Our scholars have answered your question ${fatwah.reference}:`,
      '',
      `"${question}"`,
      '',
      `Read the answer here: ${link}`,
      '',
      'You receive this mail once, because you gave your email with the question.',
    ].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p>
<p>Our scholars have answered your question <strong>${escapeHtml(fatwah.reference)}</strong>:</p>
<blockquote>${escapeHtml(question)}</blockquote>
<p><a href="${escapeHtml(link)}">Read the answer</a></p>
<p><small>You receive this mail once, because you gave your email with the question.</small></p>`,
  };
}
