import { z } from 'zod';
import { confirmedPassword, emailSchema, nameSchema, passwordSchema } from './auth';
import { idSchema, isoDateTime } from './common';

export const ADMIN_INVITE_TTL_DAYS = 7;
export const ADMIN_MESSAGES = {
  inviteInvalid: 'This invitation link is invalid. Ask an admin to send you a new one.',
  inviteUsed: 'This invitation has already been used. Please log in on the admin login page.',
  inviteExpired: 'This invitation has expired. Ask an admin to send you a new one.',
  alreadyAdmin: 'This person is already an admin',
  lastAdmin: 'The last admin cannot be removed. Invite another admin first.',
} as const;

/** `POST /admins/invites`: who to invite. */
export const adminInviteBodySchema = z.object({ email: emailSchema });
export type AdminInviteBody = z.input<typeof adminInviteBodySchema>;

/** `POST /admins/invites/accept`: the token of the mailed link, and the new admin's name and password. */
export const acceptAdminInviteBodySchema = z.object({
  token: z
    .string({ error: ADMIN_MESSAGES.inviteInvalid })
    .min(1, ADMIN_MESSAGES.inviteInvalid)
    .max(200, ADMIN_MESSAGES.inviteInvalid),
  name: nameSchema,
  password: passwordSchema,
});
export type AcceptAdminInviteBody = z.input<typeof acceptAdminInviteBodySchema>;

/** The accept form: name and password as the server checks them, the password confirmed. */
export const acceptAdminInviteFormSchema = z
  .object({ name: nameSchema, password: passwordSchema, confirmPassword: z.string() })
  .superRefine(confirmedPassword);

export const adminSchema = z.object({
  _id: idSchema,
  name: z.string(),
  displayName: z.string().nullable(),
  email: z.string(),
  createdAt: isoDateTime,
});
export type Admin = z.infer<typeof adminSchema>;

export const adminInviteSchema = z.object({
  _id: idSchema,
  email: z.string(),
  /** The name of the admin who sent it (null once that admin's account is gone). */
  invitedBy: z.string().nullable(),
  expiresAt: isoDateTime,
  createdAt: isoDateTime,
});
export type AdminInvite = z.infer<typeof adminInviteSchema>;

/** `GET /admins`: the admins, oldest first, and the invitations not yet used nor expired, newest first. */
export const adminsListSchema = z.object({
  admins: z.array(adminSchema),
  invites: z.array(adminInviteSchema),
});
export type AdminsList = z.infer<typeof adminsListSchema>;
