import { bookSchema, envelope, idParamsSchema } from '@scholar/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import { getBook, getBooks } from './books.service';

export async function booksRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/books',
    { schema: { tags: ['books'], summary: 'Every book', response: { 200: envelope(z.array(bookSchema)) } } },
    async () => ({ success: true as const, data: await getBooks(app.db) }),
  );

  app.get(
    '/books/:id',
    {
      schema: {
        tags: ['books'],
        summary: 'One book',
        params: idParamsSchema,
        response: { 200: envelope(bookSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await getBook(app.db, request.params.id) }),
  );
}
