import type { BookLanguage, UserRole } from '@scholar/shared';
import { toPaise } from '@scholar/shared';
import argon2 from 'argon2';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { addresses, adminInvites, bookEditions, orderItems, orders, users } from '../../src/db/schema';
import { newOpaqueToken } from '../../src/modules/auth/tokens';

/**
 * Rows the tests write behind the API's back: each function makes a valid row with unique values and takes
 * overrides for what the test cares about. The content rows (books, fatwahs, articles) come from
 * src/db/content-rows.ts, with which the seed writes the demo content.
 */
export * from '../../src/db/content-rows';

let sequence = 0;
const next = () => {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence.toString(36)}`;
};

export interface NewUser {
  name?: string;
  email?: string;
  phone?: string;
  role?: UserRole;
  password?: string;
}

/**
 * Users made here get a real argon2id hash with light parameters (the parameters travel in the hash, so a login
 * verifies it as quickly): tests make hundreds of users, and each hash at the server's full cost takes ~0.2 s of a
 * core. The server's own hashes (registration, reset, the seed's admin) keep the full cost.
 */
const LIGHT_HASH = { type: argon2.argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 } as const;

export async function createUser(db: Db, overrides: NewUser = {}) {
  const n = next();
  const password = overrides.password ?? 'password123';
  const [row] = await db
    .insert(users)
    .values({
      name: overrides.name ?? `Test User ${n}`,
      email: (overrides.email ?? `user-${n}@example.com`).toLowerCase(),
      phone: overrides.phone ?? '9876543210',
      role: overrides.role ?? 'user',
      passwordHash: await argon2.hash(password, LIGHT_HASH),
    })
    .returning();
  if (!row) throw new Error('user not created');
  return { ...row, password };
}

/** Sets the stock of one edition of a book (English unless named), as the book screens would. */
export async function setEditionStock(
  db: Db,
  bookId: string,
  stock: number | null,
  language: BookLanguage = 'english',
): Promise<void> {
  const rows = await db
    .update(bookEditions)
    .set({ stock })
    .where(and(eq(bookEditions.bookId, bookId), eq(bookEditions.language, language)))
    .returning({ bookId: bookEditions.bookId });
  if (rows.length !== 1) throw new Error(`book ${bookId} has no ${language} edition`);
}

export interface NewAddress {
  addressType?: 'Home' | 'Work' | 'Other';
  addressLine1?: string;
  addressLine2?: string | null;
  landmark?: string | null;
  city?: string;
  state?: string;
  pincode?: string;
  isDefault?: boolean;
}

export async function createAddress(db: Db, userId: string, overrides: NewAddress = {}) {
  const [row] = await db
    .insert(addresses)
    .values({
      userId,
      addressType: overrides.addressType ?? 'Home',
      addressLine1: overrides.addressLine1 ?? '12 Park Street',
      addressLine2: overrides.addressLine2 ?? null,
      landmark: overrides.landmark ?? null,
      city: overrides.city ?? 'Kolkata',
      state: overrides.state ?? 'West Bengal',
      pincode: overrides.pincode ?? '700016',
      isDefault: overrides.isDefault ?? false,
    })
    .returning();
  if (!row) throw new Error('address not created');
  return row;
}

export interface NewOrder {
  userId?: string | null;
  status?: 'pending' | 'shipped' | 'delivered' | 'RTO';
  contactName?: string;
  contactEmail?: string;
  items?: {
    name: string;
    author?: string;
    price: number;
    quantity: number;
    bookId?: string | null;
    selectedLanguage?: string;
  }[];
  createdAt?: Date;
}

/** A paid order with its items, as the payment flow would have made it. */
export async function createOrder(db: Db, overrides: NewOrder = {}) {
  const n = next();
  const items = overrides.items ?? [{ name: `Book ${n}`, price: 250, quantity: 1 }];
  const quantity = items.reduce((sum, item) => sum + item.quantity, 0);
  const subtotalPaise = items.reduce((sum, item) => sum + toPaise(item.price) * item.quantity, 0);
  const shippingPaise = Math.ceil(quantity / 2) * 5000;
  const createdAt = overrides.createdAt ?? new Date();
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `ORD-TEST-${n.toUpperCase()}`,
      txnId: `pay_${n}`,
      razorpayOrderId: `order_${n}`,
      userId: overrides.userId ?? null,
      status: overrides.status ?? 'pending',
      subtotalPaise,
      shippingPaise,
      amountPaise: subtotalPaise + shippingPaise,
      contactName: overrides.contactName ?? `Customer ${n}`,
      contactEmail: overrides.contactEmail ?? `customer-${n}@example.com`,
      contactPhone: '9830012345',
      shippingAddress: {
        addressLine1: '12 Park Street',
        city: 'Kolkata',
        state: 'West Bengal',
        pincode: '700016',
      },
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!row) throw new Error('order not created');
  await db.insert(orderItems).values(
    items.map((item) => ({
      orderId: row.id,
      bookId: item.bookId ?? null,
      name: item.name,
      author: item.author ?? 'Darul Ilm Publications',
      pricePaise: toPaise(item.price),
      quantity: item.quantity,
      images: [],
      selectedLanguage: item.selectedLanguage ?? null,
    })),
  );
  return row;
}

/** An admin invitation stored as the service stores one (only the token's hash), answered with its token. */
export async function createInvite(
  db: Db,
  values: { email?: string; invitedById: string; expiresAt?: Date },
): Promise<{ id: string; token: string; email: string }> {
  const { token, hash } = newOpaqueToken();
  const email = (values.email ?? `invited-${next()}@example.com`).toLowerCase();
  const [row] = await db
    .insert(adminInvites)
    .values({
      email,
      tokenHash: hash,
      invitedById: values.invitedById,
      expiresAt: values.expiresAt ?? new Date(Date.now() + 60 * 60 * 1000),
    })
    .returning({ id: adminInvites.id });
  return { id: row!.id, token, email };
}
