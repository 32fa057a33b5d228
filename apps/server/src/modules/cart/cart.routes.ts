import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToCartBodySchema,
  cartBookSchema,
  cartLineSchema,
  cartPricesBodySchema,
  envelope,
  isStaffRole,
  mergeCartBodySchema,
  removeFromCartBodySchema,
  updateCartBodySchema,
} from '@scholar/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forbidden } from '../../lib/errors';
import { requireSignedIn, requireUser, type AuthUser } from '../../plugins/auth';
import {
  addToCart,
  currentCartBooks,
  emptyCart,
  getCart,
  mergeIntoCart,
  removeFromCart,
  updateCartLine,
} from './cart.service';

const security = [{ bearerAuth: [] }];
const cartEnvelope = envelope(z.object({ cart: z.array(cartLineSchema) }));

/** The server cart belongs to customers: guests keep theirs in the browser, admins have none. */
function customer(request: FastifyRequest, userId?: string): AuthUser {
  const user = requireUser(request);
  if (isStaffRole(user.role)) throw forbidden('Admins cannot use the cart', 'ADMIN_NO_CART');
  if (userId !== undefined && userId !== user.id)
    throw forbidden('You can only change your own cart', 'NOT_YOUR_CART');
  return user;
}

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  // Guests are sent to log in before the body is read.
  app.addHook('onRequest', requireSignedIn);

  app.get(
    '/cart',
    { schema: { tags: ['cart'], summary: 'The caller’s cart', security, response: { 200: cartEnvelope } } },
    async (request) => ({
      success: true as const,
      data: { cart: await getCart(app.db, customer(request).id) },
    }),
  );

  app.post(
    '/cart/add',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add copies of a book in one of its languages (English unless named)',
        security,
        body: addToCartBodySchema,
        response: { 200: cartEnvelope },
      },
    },
    async (request) => {
      const { id } = customer(request, request.body.userId);
      const cart = await addToCart(app.db, id, request.body);
      return { success: true as const, data: { cart }, message: 'Added to cart' };
    },
  );

  app.patch(
    '/cart/update',
    {
      schema: {
        tags: ['cart'],
        summary: 'Set the quantity of a line (0 removes it)',
        security,
        body: updateCartBodySchema,
        response: { 200: cartEnvelope },
      },
    },
    async (request) => {
      const { id } = customer(request, request.body.userId);
      const cart = await updateCartLine(app.db, id, request.body);
      return { success: true as const, data: { cart } };
    },
  );

  app.delete(
    '/cart/remove',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove a line',
        security,
        body: removeFromCartBodySchema,
        response: { 200: cartEnvelope },
      },
    },
    async (request) => {
      const { id } = customer(request, request.body.userId);
      const cart = await removeFromCart(app.db, id, request.body);
      return { success: true as const, data: { cart }, message: 'Removed from cart' };
    },
  );

  app.delete(
    '/cart/clear',
    { schema: { tags: ['cart'], summary: 'Empty the cart', security, response: { 200: cartEnvelope } } },
    async (request) => {
      const cart = await emptyCart(app.db, customer(request).id);
      return { success: true as const, data: { cart }, message: 'Cart cleared' };
    },
  );

  app.post(
    '/cart/merge',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add the guest cart to the server cart after login',
        security,
        body: mergeCartBodySchema,
        response: { 200: cartEnvelope },
      },
    },
    async (request) => {
      const cart = await mergeIntoCart(app.db, customer(request).id, request.body.lines);
      return { success: true as const, data: { cart } };
    },
  );
};

/**
 * The guest cart lives in the browser with the prices it was added at; before it shows a total it reads the books'
 * current fields here. Open to everyone: it reads what the book pages show.
 */
export const cartPricesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/cart/prices',
    {
      // Two hundred ids a time, for anyone: it takes its turn for the database (plugins/fair-reads.ts).
      config: { expensive: true },
      schema: {
        tags: ['cart'],
        summary: 'The current fields of the books of a guest cart (books that are gone are left out)',
        body: cartPricesBodySchema,
        response: { 200: envelope(z.object({ books: z.array(cartBookSchema) })) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: { books: await currentCartBooks(app.db, request.body.bookIds) },
      };
    },
  );
};
