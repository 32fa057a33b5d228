import { createBook } from '../../support/factories';
import { type World } from '../world';
import { all, customerOnly, db, get, type Rows } from './cells';

/** The owner's cart holds the book, so that updates and removals have a line to act on. */
async function bookInOwnersCart(world: World) {
  const book = await createBook(db(world));
  await world.ctx.app.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers: world.headers.user,
    payload: { bookId: book.id, quantity: 1, userId: world.owner.id },
  });
  return book;
}

/** The cart: what each caller must get. */
export const cartRows: Rows = {
  // The server cart: the caller's own; a userId in the body must be theirs.
  'GET /api/cart': { expect: customerOnly(200), request: () => get('/api/cart') },
  'POST /api/cart/add': {
    expect: customerOnly(403),
    request: async (world) => ({
      method: 'POST',
      url: '/api/cart/add',
      payload: { bookId: (await createBook(db(world))).id, quantity: 1, userId: world.owner.id },
    }),
  },
  'PATCH /api/cart/update': {
    expect: customerOnly(403),
    request: async (world) => ({
      method: 'PATCH',
      url: '/api/cart/update',
      payload: { bookId: (await bookInOwnersCart(world)).id, quantity: 2, userId: world.owner.id },
    }),
  },
  'DELETE /api/cart/remove': {
    expect: customerOnly(403),
    request: async (world) => ({
      method: 'DELETE',
      url: '/api/cart/remove',
      payload: { bookId: (await bookInOwnersCart(world)).id, userId: world.owner.id },
    }),
  },
  'DELETE /api/cart/clear': {
    expect: customerOnly(200),
    request: () => ({ method: 'DELETE', url: '/api/cart/clear' }),
  },
  'POST /api/cart/merge': {
    expect: customerOnly(200),
    request: async (world) => ({
      method: 'POST',
      url: '/api/cart/merge',
      payload: { lines: [{ bookId: (await createBook(db(world))).id, quantity: 1 }] },
    }),
  },
  // The guest cart's current prices: what the book pages show, to everyone.
  'POST /api/cart/prices': {
    expect: all(200),
    request: async (world) => ({
      method: 'POST',
      url: '/api/cart/prices',
      payload: { bookIds: [(await createBook(db(world))).id] },
    }),
  },
};
