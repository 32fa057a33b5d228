import { randomBytes } from 'node:crypto';
import type {
  BookLanguage,
  BookTranslations,
  ContentLanguage,
  FatwahCategory,
  FatwahStatus,
} from '@scholar/shared';
import { toPaise } from '@scholar/shared';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { articles, bookEditions, books, fatwahs } from './schema';

/**
 * Rows of the content tables: a book with its editions, a fatwah, an article. Each function inserts one row, with a
 * unique value or a plain default for every field the caller leaves out, and answers the stored row. The seed
 * writes the demo content with them (db/seed.ts); the tests make theirs with them through test/support/factories.ts.
 */
const next = () => `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;

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
  /** Its name, author and description in Urdu and Bengali (docs/decisions/078); none unless given. */
  translations?: BookTranslations;
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
      translations: overrides.translations ?? {},
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
