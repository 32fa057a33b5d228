import { type Book, type BookEdition, type BookLanguage } from '@scholar/shared';
import type { ReactElement } from 'react';
import { renderRoute as renderAt } from '../../test/fake-api';
export { fakeApi, type FakeCall, type FakeRoutes } from '../../test/fake-api';
export { signedInAs } from '../../test/session';

/** Test helpers of the books feature: a book, a signed-in session, a fake API and a rendered route. */
export const sampleBook: Book = {
  _id: '0190b0a0-0000-7000-8000-000000000001',
  name: 'Riyad as-Salihin',
  description: 'Gardens of the righteous.\nA classic collection.',
  author: 'Imam an-Nawawi',
  price: 449.5,
  images: [
    '/api/uploads/books/0123456789abcdef0123456789abcdef.png',
    '/api/uploads/books/fedcba9876543210fedcba9876543210.jpg',
    'https://images.example.com/back.jpg',
  ],
  stock: null,
  editions: [{ language: 'english', stock: null, price: 449.5, ownPrice: false }],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

/**
 * The sample book as the API answers it in these editions, in this order: each at the book's price unless given
 * one, its stock not tracked unless given; the book's stock is their sum (null when one is not tracked).
 */
export function inEditions(
  editions: ({ language: BookLanguage } & Partial<Omit<BookEdition, 'language'>>)[],
  book: Book = sampleBook,
): Book {
  const full: BookEdition[] = editions.map((edition) => ({
    stock: null,
    ...edition,
    price: edition.price ?? book.price,
    ownPrice: edition.price !== undefined && edition.price !== book.price,
  }));
  const stock = full.some((edition) => edition.stock === null)
    ? null
    : full.reduce((sum, edition) => sum + (edition.stock ?? 0), 0);
  return { ...book, editions: full, stock };
}

/** Renders `element` at its route, with the book lists' routes standing by (where saving and deleting lead). */
export function renderRoute(element: ReactElement, { path, pattern }: { path: string; pattern: string }) {
  return renderAt(element, {
    path,
    pattern,
    others: [
      { path: '/manage-books', element: <h1>Manage Books</h1> },
      { path: '/books', element: <h1>All books</h1> },
    ],
  });
}
