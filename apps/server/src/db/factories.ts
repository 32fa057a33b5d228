import type { BookLanguage, ContentLanguage, FatwahCategory, FatwahStatus, UserRole } from '@scholar/shared';
import { toPaise } from '@scholar/shared';
import argon2 from 'argon2';
import { and, eq } from 'drizzle-orm';
import { newOpaqueToken } from '../modules/auth/tokens';
import type { Db } from './client';
import {
  addresses,
  adminInvites,
  articles,
  bookEditions,
  books,
  fatwahs,
  orderItems,
  orders,
  users,
} from './schema';

/**
 * Factories for tests, the seed and the end-to-end fixtures: each makes a valid row with unique values and takes
 * overrides for what the caller cares about.
 */
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

export interface NewBook {
  name?: string;
  description?: string;
  author?: string;
  /** Rupees. */
  price?: number;
  images?: string[];
  /** The English edition's stock when `editions` is left out (null: not tracked). */
  stock?: number | null;
  /** The book's editions in order; one English edition unless given. */
  editions?: { language: BookLanguage; stock?: number | null; price?: number | null }[];
  createdAt?: Date;
}

/** A book with its editions (one English edition, stock not tracked, unless given), as the book screens make one. */
export async function createBook(db: Db, overrides: NewBook = {}) {
  const n = next();
  const [row] = await db
    .insert(books)
    .values({
      name: overrides.name ?? `Book ${n}`,
      description: overrides.description ?? 'A careful introduction for the general reader.',
      author: overrides.author ?? 'Darul Ilm Publications',
      pricePaise: toPaise(overrides.price ?? 250),
      images: overrides.images ?? [],
      ...(overrides.createdAt ? { createdAt: overrides.createdAt, updatedAt: overrides.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('book not created');
  const editions = overrides.editions ?? [{ language: 'english', stock: overrides.stock ?? null }];
  await db.insert(bookEditions).values(
    editions.map((edition, position) => ({
      bookId: row.id,
      language: edition.language,
      stock: edition.stock ?? null,
      pricePaise: edition.price === null || edition.price === undefined ? null : toPaise(edition.price),
      position,
    })),
  );
  // The book's stock is the editions' (a trigger keeps it).
  const [created] = await db.select().from(books).where(eq(books.id, row.id));
  return created!;
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

export interface NewFatwah {
  question?: string;
  answer?: string | null;
  categories?: FatwahCategory[];
  status?: FatwahStatus;
  askerName?: string | null;
  askerEmail?: string | null;
  answeredById?: string | null;
  language?: ContentLanguage;
  translationOf?: string | null;
  createdAt?: Date;
}

export async function createFatwah(db: Db, overrides: NewFatwah = {}) {
  const n = next();
  const status = overrides.status ?? 'published';
  const createdAt = overrides.createdAt ?? new Date();
  const [row] = await db
    .insert(fatwahs)
    .values({
      question: overrides.question ?? `Is this permissible in case ${n}?`,
      answer:
        overrides.answer === undefined
          ? 'Yes, with the conditions explained. And Allah knows best.'
          : overrides.answer,
      categories: overrides.categories ?? ['Other'],
      status,
      askerName: overrides.askerName ?? null,
      askerEmail: overrides.askerEmail ?? null,
      answeredById: overrides.answeredById ?? null,
      language: overrides.language ?? 'en',
      translationOf: overrides.translationOf ?? null,
      publishedAt: status === 'published' ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!row) throw new Error('fatwah not created');
  return row;
}

export interface NewArticle {
  title?: string;
  content?: string;
  excerpt?: string;
  author?: string;
  featuredImage?: string;
  category?: string;
  tags?: string[];
  isPublished?: boolean;
  views?: number;
  language?: ContentLanguage;
  translationOf?: string | null;
  createdAt?: Date;
}

export async function createArticle(db: Db, overrides: NewArticle = {}) {
  const n = next();
  const isPublished = overrides.isPublished ?? true;
  const createdAt = overrides.createdAt ?? new Date();
  const [row] = await db
    .insert(articles)
    .values({
      title: overrides.title ?? `Article ${n}`,
      content: overrides.content ?? '<p>First paragraph.</p><p>Second paragraph.</p>',
      excerpt: overrides.excerpt ?? 'First paragraph.',
      author: overrides.author ?? 'Admin',
      featuredImage: overrides.featuredImage ?? 'https://images.example.com/article.jpg',
      category: overrides.category ?? 'General',
      tags: overrides.tags ?? [],
      isPublished,
      views: overrides.views ?? 0,
      language: overrides.language ?? 'en',
      translationOf: overrides.translationOf ?? null,
      publishedAt: isPublished ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!row) throw new Error('article not created');
  return row;
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
