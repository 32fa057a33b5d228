import { z } from 'zod';
import { LOCALES } from '../locales';
import { STAFF_ROLES } from '../staff';
import { confirmedPassword, emailSchema, nameSchema, passwordSchema } from './auth';
import { idSchema, isoDateTime } from './common';

export const ADMIN_INVITE_TTL_DAYS = 7;
export const ADMIN_MESSAGES = {
  inviteInvalid: 'This invitation link is invalid. Ask an admin to send you a new one.',
  inviteUsed: 'This invitation has already been used. Please log in on the admin login page.',
  inviteExpired: 'This invitation has expired. Ask an admin to send you a new one.',
  alreadyAdmin: 'This person is already on the staff',
  lastAdmin: 'The last admin cannot be removed. Invite another admin first.',
  lastAdminRole: 'The last admin cannot stop being an admin. Invite another admin first.',
  ownRole: 'You cannot change your own role',
  roleInvalid: 'Choose a role: admin, scholar or shop',
} as const;

/** A staff role: admin (everything), scholar (fatwahs and articles), shop (books and orders). */
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: ADMIN_MESSAGES.roleInvalid });

/** `POST /admins/invites`: who to invite, and the role they get (admin unless said). */
/**
 * An invitation: the address, the role, and the language of its mail (the invited person's, which the inviter
 * picks; English unless given).
 */
export const adminInviteBodySchema = z.object({
  email: emailSchema,
  role: staffRoleSchema.default('admin'),
  language: z.enum(LOCALES, { error: 'Language must be one of: en, ur, bn' }).default('en'),
});
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
  role: staffRoleSchema,
  createdAt: isoDateTime,
});
export type Admin = z.infer<typeof adminSchema>;

/** `PUT /admins/{id}/role`: another staff member's new role. */
export const adminRoleBodySchema = z.object({ role: staffRoleSchema });
export type AdminRoleBody = z.input<typeof adminRoleBodySchema>;

export const adminInviteSchema = z.object({
  _id: idSchema,
  email: z.string(),
  /** The role the invited person gets on accepting. */
  role: staffRoleSchema,
  /** The name of the admin who sent it (null once that admin's account is gone). */
  invitedBy: z.string().nullable(),
  expiresAt: isoDateTime,
  createdAt: isoDateTime,
});
export type AdminInvite = z.infer<typeof adminInviteSchema>;

/** `GET /admins`: every staff member with their role, oldest first, and the invitations not yet used nor expired, newest first. */
export const adminsListSchema = z.object({
  admins: z.array(adminSchema),
  invites: z.array(adminInviteSchema),
});
export type AdminsList = z.infer<typeof adminsListSchema>;
