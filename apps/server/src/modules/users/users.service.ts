import type { Address, AddressInput, ProfileBody, User } from '@scholar/shared';
import { addressInputSchema } from '@scholar/shared';
import type { Db } from '../../db/client';
import type { AddressRow, UserRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import {
  clearDefaultAddress,
  deleteAddress,
  emailTakenByOther,
  findAddress,
  findUserById,
  insertAddress,
  listAddresses,
  promoteNewestAddress,
  updateAddress,
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
    addresses: addressRows.map(toAddress),
    createdAt: row.createdAt.toISOString(),
  };
}

const userNotFound = () => notFound('User not found', 'USER_NOT_FOUND');
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

export async function updateProfile(db: Db, userId: string, body: ProfileBody): Promise<User> {
  const email = body.email.trim().toLowerCase();
  if (await emailTakenByOther(db, email, userId)) {
    throw conflict('An account with this email already exists', 'EMAIL_TAKEN');
  }
  try {
    const row = await updateUser(db, userId, { name: body.name, email, phone: body.phone });
    if (!row) throw userNotFound();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('An account with this email already exists', 'EMAIL_TAKEN');
    throw error;
  }
  return getUser(db, userId);
}

/** The first address becomes the default; a new default replaces the old one. */
export async function addAddress(db: Db, userId: string, input: AddressInput): Promise<User> {
  if (!(await findUserById(db, userId))) throw userNotFound();
  const address = addressInputSchema.parse(input);
  await db.transaction(async (tx) => {
    const existing = await listAddresses(tx, userId);
    const isDefault = existing.length === 0 || address.isDefault === true;
    if (isDefault) await clearDefaultAddress(tx, userId);
    await insertAddress(tx, userId, {
      addressType: address.addressType,
      addressLine1: address.addressLine1,
      addressLine2: address.addressLine2 ?? null,
      landmark: address.landmark ?? null,
      city: address.city,
      state: address.state,
      pincode: address.pincode,
      isDefault,
    });
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
    const current = await findAddress(tx, userId, addressId);
    if (!current) throw addressNotFound();
    const isDefault = current.isDefault || address.isDefault === true;
    if (isDefault && !current.isDefault) await clearDefaultAddress(tx, userId);
    await updateAddress(tx, userId, addressId, {
      addressType: address.addressType,
      addressLine1: address.addressLine1,
      addressLine2: address.addressLine2 ?? null,
      landmark: address.landmark ?? null,
      city: address.city,
      state: address.state,
      pincode: address.pincode,
      isDefault,
    });
  });
  return getUser(db, userId);
}

export async function removeAddress(db: Db, userId: string, addressId: string): Promise<User> {
  await db.transaction(async (tx) => {
    const removed = await deleteAddress(tx, userId, addressId);
    if (!removed) throw addressNotFound();
    if (removed.isDefault) await promoteNewestAddress(tx, userId);
  });
  return getUser(db, userId);
}

/** PostgreSQL's unique_violation, from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
