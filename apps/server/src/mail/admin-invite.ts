import { ADMIN_INVITE_TTL_DAYS } from '@scholar/shared';
import { escapeHtml, type Mail } from './mailer';

/** The invitation to become an admin: a one-time link to choose a name and password. */
export function adminInviteMail(to: string, inviterName: string, link: string): Mail {
  const intro = `${inviterName} has invited you to help manage the Darul Ilm website as an admin.`;
  const how = 'Open this link to choose your name and password:';
  const terms = `The link works once and expires in ${ADMIN_INVITE_TTL_DAYS} days. If you did not expect this, you can ignore this mail.`;
  return {
    to,
    subject: 'You are invited to be an admin of Darul Ilm',
    text: ['Assalamu alaikum,', '', intro, how, link, '', terms].join('\n'),
    html: `<p>Assalamu alaikum,</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>
<p>${escapeHtml(terms)}</p>`,
  };
}
