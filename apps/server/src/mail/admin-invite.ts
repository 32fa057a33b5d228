import { ADMIN_INVITE_TTL_DAYS, type StaffRole } from '@scholar/shared';
import { escapeHtml, type Mail } from './mailer';
import type { MailLanguage } from './i18n';

/**
 * The invitation to join the staff in a role: a one-time link to choose a name and password, in the invited
 * person's language, which the inviter picks (issue 45; docs/decisions/043 amended).
 */
export function adminInviteMail(
  to: string,
  inviterName: string,
  link: string,
  role: StaffRole,
  lang: MailLanguage,
): Mail {
  // In a right-to-left mail the inviter's name is isolated, so that an English name does not turn the sentence.
  const inviter =
    lang.dir === 'rtl'
      ? { text: `\u2068${inviterName}\u2069`, html: `<bdi>${escapeHtml(inviterName)}</bdi>` }
      : inviterName;
  const intro = (format: MailLanguage['text']) =>
    format('invite.intro', { inviter, work: format(`invite.work.${role}`) });
  const terms = (format: MailLanguage['text']) => format('invite.terms', { days: ADMIN_INVITE_TTL_DAYS });
  return {
    to,
    subject: lang.text(role === 'admin' ? 'invite.subject.admin' : 'invite.subject.staff'),
    text: [
      lang.text('greeting.plain'),
      '',
      intro(lang.text),
      lang.text('invite.how'),
      link,
      '',
      terms(lang.text),
    ].join('\n'),
    html: lang.document(`<p>${lang.html('greeting.plain')}</p>
<p>${intro(lang.html)}</p>
<p>${lang.html('invite.how')}</p>
<p><a href="${escapeHtml(link)}">${lang.html('invite.accept')}</a></p>
<p>${terms(lang.html)}</p>`),
  };
}
