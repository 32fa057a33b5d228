import {
  ADMIN_INVITE_TTL_DAYS,
  ADMIN_MESSAGES,
  type AcceptAdminInviteBody,
  isStaffRole,
  type AdminInvite,
  type AdminsList,
  type Locale,
  type StaffRole,
} from '@scholar/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { passwordWork } from '../../lib/password';
import { adminInviteMail } from '../../mail/admin-invite';
import { mailLanguage } from '../../mail/i18n';
import type { Mailer } from '../../mail/mailer';
import type { AuthUser } from '../../plugins/auth';
import { revokeAllForUser } from '../auth/auth.service';
import { hashToken, newOpaqueToken } from '../auth/tokens';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../users/users.service';
import {
  consumeInvite,
  deleteUnusedInvite,
  deleteUnusedInvitesFor,
  findInviteByHash,
  insertInvite,
  listPendingInvites,
  listStaff,
  lockAdmins,
} from './admins.repository';

export const ADMIN_INVITE_TTL_MS = ADMIN_INVITE_TTL_DAYS * 24 * 60 * 60 * 1000;

/** Where the mailed link leads: the accept page, which reads the token from the query once and drops it. */
export const inviteLink = (publicUrl: string, token: string) =>
  `${publicUrl}/admin/invite?token=${encodeURIComponent(token)}`;

/** Every staff member with their role (docs/decisions/047), and the invitations not yet used. */
export async function getAdmins(db: Db): Promise<AdminsList> {
  const [staff, invites] = await Promise.all([listStaff(db), listPendingInvites(db)]);
  return {
    admins: staff.flatMap((row) =>
      isStaffRole(row.role)
        ? [
            {
              _id: row.id,
              name: row.name,
              displayName: row.displayName,
              email: row.email,
              role: row.role,
              createdAt: row.createdAt.toISOString(),
            },
          ]
        : [],
    ),
    invites: invites.map(toInvite),
  };
}

function toInvite(row: {
  id: string;
  email: string;
  role: StaffRole | 'user';
  invitedBy: string | null;
  expiresAt: Date;
  createdAt: Date;
}): AdminInvite {
  return {
    _id: row.id,
    email: row.email,
    role: isStaffRole(row.role) ? row.role : 'admin',
    invitedBy: row.invitedBy,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Invites someone to the staff in a role (admin, scholar, shop): a random token of 32 bytes, of which only the SHA-256 hash is stored, valid for
 * seven days, mailed as a link. Inviting the same email again replaces the earlier unused invitation, so that
 * only the newest link works. Answers the invitation and the mail to send once it is committed (`send`): the mail
 * goes out before the answer, so the admin learns at once when it cannot leave, but never while a transaction
 * waits on the mail server.
 */
export async function inviteAdmin(
  db: Db,
  context: { caller: AuthUser; mailer: Mailer; publicUrl: string },
  { email, role, language = 'en' }: { email: string; role: StaffRole; language?: Locale },
): Promise<{ invite: AdminInvite; send: () => Promise<void> }> {
  const existing = await findUserByEmail(db, email);
  if (isStaffRole(existing?.role)) {
    const message = ADMIN_MESSAGES.alreadyAdmin;
    throw conflict(message, 'ALREADY_ADMIN', [{ path: 'body.email', message }]);
  }
  const inviter = await findUserById(db, context.caller.id);
  const { token, hash } = newOpaqueToken();
  const row = await db.transaction(async (tx) => {
    await deleteUnusedInvitesFor(tx, email);
    return insertInvite(tx, {
      email,
      role,
      tokenHash: hash,
      invitedById: context.caller.id,
      expiresAt: new Date(Date.now() + ADMIN_INVITE_TTL_MS),
    });
  });
  const inviterName = inviter?.displayName ?? inviter?.name ?? 'An admin';
  return {
    invite: toInvite({ ...row, invitedBy: inviter?.name ?? null }),
    // Through the outbox (docs/decisions/072): a mail server that refuses does not fail the invitation, whose mail
    // arrives once the server takes it.
    send: async () =>
      context.mailer.sendLater(
        adminInviteMail(
          email,
          inviterName,
          inviteLink(context.publicUrl, token),
          role,
          mailLanguage(language, context.publicUrl),
        ),
        'admin invitation mail failed',
        { inviteId: row.id },
        // Not even written to the outbox: the invitation without its mail is taken back.
        () => revokeInvite(db, row.id).catch(() => undefined),
      ),
  };
}

export async function revokeInvite(db: Db, id: string): Promise<void> {
  if (!(await deleteUnusedInvite(db, id))) {
    throw notFound('This invitation was not found or has already been used', 'INVITE_NOT_FOUND');
  }
}

/**
 * Takes a staff member's rights away: the role goes back to 'user' and every session of that account ends (its
 * access tokens stop working at once). Never the last admin, even when two admins remove each other at the same
 * moment: the admins' rows are locked first, so removals and role changes take turns.
 */
export async function removeAdmin(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const member = await findUserById(tx, id);
    if (!member || !isStaffRole(member.role)) throw notFound('Admin not found', 'ADMIN_NOT_FOUND');
    if (member.role === 'admin' && admins.length <= 1)
      throw badRequest(ADMIN_MESSAGES.lastAdmin, 'LAST_ADMIN');
    await updateUser(tx, id, { role: 'user' });
    await revokeAllForUser(tx, id);
  });
}

/**
 * Gives another staff member another staff role. Never the caller's own (an admin cannot lock themselves out of
 * the staff page), and never the last admin's, under the same lock as removals. The member's sessions end, since
 * their access tokens carry the old role: they sign in again with the new one.
 */
export async function changeStaffRole(db: Db, caller: AuthUser, id: string, role: StaffRole): Promise<void> {
  if (caller.id === id) throw badRequest(ADMIN_MESSAGES.ownRole, 'OWN_ROLE');
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const member = await findUserById(tx, id);
    if (!member || !isStaffRole(member.role)) throw notFound('Admin not found', 'ADMIN_NOT_FOUND');
    if (member.role === role) return;
    if (member.role === 'admin' && admins.length <= 1) {
      throw badRequest(ADMIN_MESSAGES.lastAdminRole, 'LAST_ADMIN');
    }
    await updateUser(tx, id, { role });
    await revokeAllForUser(tx, id);
  });
}

/**
 * Accepts an invitation: the invited email becomes staff, in the invitation's role, with this name and password: a new account, or the
 * existing account of that email, whose other sessions end. The token is checked before the password is hashed,
 * so that a made-up token costs a lookup, not a hash; it is used once, in the transaction that makes the admin.
 * Answers the admin's email (they sign in on the admin login page).
 */
export async function acceptInvite(
  db: Db,
  body: Required<AcceptAdminInviteBody>,
  address: string,
): Promise<string> {
  const tokenHash = hashToken(body.token);
  usable(await findInviteByHash(db, tokenHash));
  const passwordHash = await passwordWork.hash(address, body.password);
  try {
    return await db.transaction(async (tx) => {
      const invite = usable(await findInviteByHash(tx, tokenHash));
      if (!(await consumeInvite(tx, invite.id))) usable(await findInviteByHash(tx, tokenHash), true);
      const existing = await findUserByEmail(tx, invite.email);
      if (existing) {
        await updateUser(tx, existing.id, { role: invite.role, name: body.name, passwordHash });
        await revokeAllForUser(tx, existing.id);
      } else {
        await insertUser(tx, {
          name: body.name,
          email: invite.email,
          phone: '',
          passwordHash,
          role: invite.role,
        });
      }
      return invite.email;
    });
  } catch (error) {
    // An account of this email was made between the lookup and the insert: the invitation stays unused.
    if (isUniqueViolation(error)) throw conflict('Please try again', 'RETRY');
    throw error;
  }
}

/** The invitation when it can still be used; otherwise a 400 that says why. */
function usable<T extends { usedAt: Date | null; expiresAt: Date }>(invite: T | undefined, raced = false): T {
  if (!invite) throw badRequest(ADMIN_MESSAGES.inviteInvalid, 'INVITE_INVALID');
  if (invite.usedAt || raced) throw badRequest(ADMIN_MESSAGES.inviteUsed, 'INVITE_USED');
  if (invite.expiresAt.getTime() <= Date.now())
    throw badRequest(ADMIN_MESSAGES.inviteExpired, 'INVITE_EXPIRED');
  return invite;
}
