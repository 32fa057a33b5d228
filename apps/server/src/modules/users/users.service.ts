import type { Address, AddressInput, EmailChangeBody, ProfileBody, User } from '@scholar/shared';
import {
  addressInputSchema,
  DISPLAY_NAME_MESSAGES,
  displayNameSchema,
  isStaffRole,
  MESSAGES,
} from '@scholar/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { AddressRow, UserRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors';
import { passwordWork } from '../../lib/password';
import type { Counter } from '../../lib/counters';
import { minutes, retryAfterSeconds } from '../../lib/rate-limit';
import { accountChangedMail } from '../../mail/account-changed';
import type { Mailer } from '../../mail/mailer';
import type { AuthUser } from '../../plugins/auth';
import {
  clearDefaultAddress,
  deleteAddress,
  emailTakenByOther,
  findAddress,
  findUserById,
  insertAddress,
  listAddresses,
  lockUser,
  promoteNewestAddress,
  updateAddress,
  updateUser,
  type AddressValues,
} from './users.repository';

/**
 * One user's row and saved addresses as other modules read and write them (signing in, inviting admins, a
 * checkout's buyer): they go through this service, never through the repository.
 */
export {
  findAddress,
  findUserByEmail,
  findUserById,
  insertUser,
  listAddresses,
  updateUser,
} from './users.repository';

export function toAddress(row: AddressRow): Address {
  return {
    _id: row.id,
    addressType: row.addressType,
    addressLine1: row.addressLine1,
    ...(row.addressLine2 ? { addressLine2: row.addressLine2 } : {}),
    ...(row.landmark ? { landmark: row.landmark } : {}),
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    isDefault: row.isDefault,
  };
}

export function toUser(row: UserRow, addressRows: AddressRow[]): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    displayName: row.displayName,
    addresses: addressRows.map(toAddress),
    createdAt: row.createdAt.toISOString(),
  };
}

const userNotFound = () => notFound('User not found', 'USER_NOT_FOUND');
/** A taken email, said of the form's email field. */
const emailTaken = () => {
  const message = 'An account with this email already exists';
  return conflict(message, 'EMAIL_TAKEN', [{ path: 'body.email', message }]);
};
const addressNotFound = () => notFound('Address not found', 'ADDRESS_NOT_FOUND');

/** The user as the API shows it, with the addresses. */
export async function getUser(db: Db, userId: string): Promise<User> {
  const row = await findUserById(db, userId);
  if (!row) throw userNotFound();
  return toUser(row, await listAddresses(db, userId));
}

export async function getAddresses(db: Db, userId: string): Promise<Address[]> {
  if (!(await findUserById(db, userId))) throw userNotFound();
  return (await listAddresses(db, userId)).map(toAddress);
}

export const EMAIL_CHANGE_LIMITS = {
  /** Attempts to change the email of one account (right or wrong password, free or taken address), per window. */
  perAccount: 5,
  windowMs: minutes(60),
};

/** What a profile change needs beside the database: who asks, from where, the limits and the mailer. */
export interface ProfileContext {
  caller: AuthUser;
  address: string;
  emailChanges: Counter;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Edits name, email and phone. A new email needs the caller's current password (whoever holds a stolen session
 * cannot take the account over by changing its email and resetting the password), is limited per account (nor can
 * it probe which addresses have accounts, which the 409 tells), and a mail tells the old address.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  body: ProfileBody,
  context: ProfileContext,
): Promise<User> {
  const current = await findUserById(db, userId);
  if (!current) throw userNotFound();
  const email = body.email.trim().toLowerCase();
  const changesEmail = email !== current.email;
  if (changesEmail) await checkEmailChange(db, current, email, body.currentPassword, context);
  try {
    const row = await updateUser(db, userId, {
      name: body.name,
      email,
      phone: body.phone,
    });
    if (!row) throw userNotFound();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (changesEmail) tellOldAddress(current, email, context);
  return getUser(db, userId);
}

/**
 * Changes the caller's own email (an admin's, whose profile has no phone to edit): the current password, the limit
 * and the mail to the old address as for a profile change. The same email again changes nothing.
 */
export async function changeEmail(
  db: Db,
  userId: string,
  body: EmailChangeBody,
  context: ProfileContext,
): Promise<User> {
  const current = await findUserById(db, userId);
  if (!current) throw userNotFound();
  const email = body.email.trim().toLowerCase();
  if (email === current.email) return getUser(db, userId);
  await checkEmailChange(db, current, email, body.currentPassword, context);
  try {
    if (!(await updateUser(db, userId, { email }))) throw userNotFound();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  tellOldAddress(current, email, context);
  return getUser(db, userId);
}

function tellOldAddress(user: UserRow, newEmail: string, context: ProfileContext): void {
  context.mailer.sendLater(
    emailChangedMail(user, newEmail, context.publicUrl),
    'email change notice failed',
    { userId: user.id },
  );
}

/**
 * Sets how a staff member signs answers and articles, on their own account only; null (or blank) clears it, and the name
 * is shown again. Customers sign nothing: 403.
 */
export async function setDisplayName(
  db: Db,
  caller: AuthUser,
  userId: string,
  input: string | null,
): Promise<User> {
  if (caller.id !== userId) throw forbidden('You can only change your own display name', 'NOT_YOUR_ACCOUNT');
  const current = await findUserById(db, userId);
  if (!current) throw userNotFound();
  if (!isStaffRole(current.role))
    throw forbidden(DISPLAY_NAME_MESSAGES.adminsOnly, 'DISPLAY_NAME_ADMINS_ONLY');
  const displayName = displayNameSchema.parse(input);
  if (!(await updateUser(db, userId, { displayName }))) throw userNotFound();
  return getUser(db, userId);
}

async function checkEmailChange(
  db: Db,
  user: UserRow,
  email: string,
  currentPassword: string | undefined,
  context: ProfileContext,
): Promise<void> {
  const passwordField = (message: string, code: string) =>
    badRequest(message, code, [{ path: 'body.currentPassword', message }]);
  if (!currentPassword) {
    throw passwordField(MESSAGES.currentPasswordRequired, 'CURRENT_PASSWORD_REQUIRED');
  }
  // Counted before the password is checked, in one step with the check of the limit.
  if (!(await context.emailChanges.take(user.id))) {
    throw tooManyRequests(
      'Too many email changes. Please try again in an hour.',
      'EMAIL_CHANGE_RATE_LIMITED',
      retryAfterSeconds(await context.emailChanges.msUntilReset(user.id)),
    );
  }
  const caller = context.caller.id === user.id ? user : await findUserById(db, context.caller.id);
  if (!caller) throw userNotFound();
  if (!(await passwordWork.verify(context.address, caller.passwordHash, currentPassword))) {
    throw passwordField(MESSAGES.currentPasswordWrong, 'WRONG_PASSWORD');
  }
  if (await emailTakenByOther(db, email, user.id)) throw emailTaken();
}

/** The notice to the old address of a changed email, in the language the account was made in. */
const emailChangedMail = (user: UserRow, newEmail: string, publicUrl: string) =>
  accountChangedMail(user, 'email', publicUrl, (lang) => ({
    oldEmail: lang.ltr(user.email),
    newEmail: lang.ltr(newEmail),
  }));

/** The columns of a checked address; a blank optional line is stored as null. */
function addressValues(address: z.output<typeof addressInputSchema>, isDefault: boolean): AddressValues {
  return {
    addressType: address.addressType,
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2 ?? null,
    landmark: address.landmark ?? null,
    city: address.city,
    state: address.state,
    pincode: address.pincode,
    isDefault,
  };
}

/** The first address becomes the default; a new default replaces the old one. */
export async function addAddress(db: Db, userId: string, input: AddressInput): Promise<User> {
  const address = addressInputSchema.parse(input);
  await db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) throw userNotFound();
    const existing = await listAddresses(tx, userId);
    const isDefault = existing.length === 0 || address.isDefault === true;
    if (isDefault) await clearDefaultAddress(tx, userId);
    await insertAddress(tx, userId, addressValues(address, isDefault));
  });
  return getUser(db, userId);
}

/**
 * Edits an address of this user (another user's address is "not found"). Making it the default moves the badge;
 * the default cannot be switched off directly (choose another default instead), so a user with addresses keeps one.
 */
export async function editAddress(
  db: Db,
  userId: string,
  addressId: string,
  input: AddressInput,
): Promise<User> {
  const address = addressInputSchema.parse(input);
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const current = await findAddress(tx, userId, addressId);
    if (!current) throw addressNotFound();
    const isDefault = current.isDefault || address.isDefault === true;
    if (isDefault && !current.isDefault) await clearDefaultAddress(tx, userId);
    await updateAddress(tx, userId, addressId, addressValues(address, isDefault));
  });
  return getUser(db, userId);
}

export async function removeAddress(db: Db, userId: string, addressId: string): Promise<User> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const removed = await deleteAddress(tx, userId, addressId);
    if (!removed) throw addressNotFound();
    if (removed.isDefault) await promoteNewestAddress(tx, userId);
  });
  return getUser(db, userId);
}
