import { createBook } from '../../support/factories';
import { makeImage } from '../../support/test-images';
import { adminOnly, all, db, get, type Rows } from './cells';

async function bookForm(): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Matrix book',
    description: 'Made by the authorization test.',
    author: 'Test Author',
    price: '100',
  }))
    form.append(name, value);
  form.append('images', new Blob([new Uint8Array(await makeImage('png', 40, 40))]), 'cover.png');
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

/** Each "notify me" ask from an address of its own: the per-email limit counts per address. */
let asks = 0;

/** Books: what each caller must get. */
export const booksRows: Rows = {
  // Books: public reads, admin writes.
  'GET /api/books': { expect: all(200), request: () => get('/api/books') },
  'GET /api/books/:id': {
    expect: all(200),
    request: async (world) => get(`/api/books/${(await createBook(db(world))).id}`),
  },
  'POST /api/books': {
    expect: adminOnly(201),
    request: async () => ({ method: 'POST', url: '/api/books', ...(await bookForm()) }),
  },
  'PUT /api/books/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'PUT',
      url: `/api/books/${(await createBook(db(world))).id}`,
      payload: { name: 'Renamed', description: 'New text', author: 'Someone', price: 99 },
    }),
  },
  'PUT /api/books/:id/images': {
    expect: adminOnly(),
    request: async (world) => {
      const images = ['/images/book-a.webp', '/images/book-b.webp'];
      const book = await createBook(db(world), { images });
      return {
        method: 'PUT',
        url: `/api/books/${book.id}/images`,
        payload: { order: [...images].reverse() },
      };
    },
  },
  // Anyone may ask to be mailed when an edition out of stock is back (rate-limited per address and per email).
  'POST /api/books/:id/notify': {
    expect: all(202),
    request: async (world) => {
      const book = await createBook(db(world), { editions: [{ language: 'english', stock: 0 }] });
      asks += 1;
      return {
        method: 'POST',
        url: `/api/books/${book.id}/notify`,
        payload: { email: `notify-${Date.now().toString(36)}-${asks}@example.com`, language: 'english' },
      };
    },
  },
  'DELETE /api/books/:id': {
    expect: adminOnly(),
    request: async (world) => ({ method: 'DELETE', url: `/api/books/${(await createBook(db(world))).id}` }),
  },
};
