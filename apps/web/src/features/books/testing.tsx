import { type Book } from '@scholar/shared';
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
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

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
