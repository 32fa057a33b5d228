import { ADMIN_INVITE_TTL_DAYS, type StaffRole } from '@scholar/shared';
import { escapeHtml, type Mail } from './mailer';

/** What the invited person will do, said in the mail (docs/product.md, "Roles"). */
const ROLE_WORK: Record<StaffRole, string> = {
  admin: 'as an admin',
  scholar: 'as a scholar (the fatwahs and articles)',
  shop: 'for the shop (the books and orders)',
};

/** The invitation to join the staff in a role: a one-time link to choose a name and password. */
export function adminInviteMail(
  to: string,
  inviterName: string,
  link: string,
  role: StaffRole = 'admin',
): Mail {
  const intro = `${inviterName} has invited you to help manage the Darul Ilm website ${ROLE_WORK[role]}.`;
  const how = 'Open this link to choose your name and password:';
  const terms = `The link works once and expires in ${ADMIN_INVITE_TTL_DAYS} days. If you did not expect this, you can ignore this mail.`;
  return {
    to,
    subject:
      role === 'admin'
        ? 'You are invited to be an admin of Darul Ilm'
        : 'You are invited to the staff of Darul Ilm',
    text: ['Assalamu alaikum,', '', intro, how, link, '', terms].join('\n'),
    html: `<p>Assalamu alaikum,</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>
<p>${escapeHtml(terms)}</p>`,
  };
}
