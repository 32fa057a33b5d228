import { ADDRESS_TYPES, USER_ROLES } from '@scholar/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, locale, timestamptz } from './columns';

export const userRole = pgEnum('user_role', USER_ROLES);
export const addressType = pgEnum('address_type', ADDRESS_TYPES);

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** How an admin signs answers and articles ("Shaikh …"); the name when unset. */
    displayName: text('display_name'),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    role: userRole('role').notNull().default('user'),
    passwordHash: text('password_hash').notNull(),
    /** The language they registered in: their account's mails (a password reset) are written in it. */
    locale: locale('locale'),
    /** When they proved the email is theirs (the link in the welcome mail); guest orders to it attach then. */
    emailVerifiedAt: timestamptz('email_verified_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressType: addressType('address_type').notNull().default('Home'),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    landmark: text('landmark'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    // At most one default address per user.
    uniqueIndex('addresses_one_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export type UserRow = typeof users.$inferSelect;

export type AddressRow = typeof addresses.$inferSelect;
