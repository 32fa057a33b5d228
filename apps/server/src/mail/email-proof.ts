import { paths } from '@scholar/shared';
import { escapeHtml, type Mail } from './mailer';
import type { MailLanguage } from './i18n';

/**
 * "Confirm your email", in the account's language (docs/decisions/054): the link opens a page that confirms on a
 * button (a POST), as mail scanners open links.
 */
export function emailProofMail(
  user: { name: string; email: string },
  token: string,
  lang: MailLanguage,
): Mail {
  const link = lang.url(`${paths.verifyEmail}?token=${encodeURIComponent(token)}`);
  const greeting = { name: user.name };
  return {
    to: user.email,
    subject: lang.text('emailProof.subject'),
    text: [
      lang.text('greeting.named', greeting),
      '',
      lang.text('emailProof.intro'),
      '',
      lang.text('emailProof.confirmHere', { link }),
      '',
      lang.text('emailProof.terms'),
    ].join('\n'),
    html: lang.document(`<p>${lang.html('greeting.named', greeting)}</p>
<p>${lang.html('emailProof.intro')}</p>
<p><a href="${escapeHtml(link)}">${lang.html('emailProof.confirm')}</a></p>
<p>${lang.html('emailProof.terms')}</p>`),
  };
}
