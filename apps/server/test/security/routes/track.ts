import { emailVerificationTokens } from '../../../src/db/schema';
import { hashToken, newOpaqueToken } from '../../../src/modules/auth/tokens';
import { createOrder } from '../../support/factories';
import { all, db, get, signedIn, type Rows } from './cells';

/**
 * Orders without an account (docs/decisions/054): the lookup and the signed link answer anyone who has the number
 * and the email, or the link; the email proof's state and new links are the signed-in caller's own; a
 * confirmation needs only its mailed token.
 */
export const trackRows: Rows = {
  'POST /api/order-tracking': {
    expect: all(200),
    request: async (world) => {
      const order = await createOrder(db(world), { contactEmail: 'tracked@example.com' });
      return {
        method: 'POST',
        url: '/api/order-tracking',
        payload: { orderNumber: order.orderNumber, contact: 'tracked@example.com' },
      };
    },
  },
  'GET /api/order-tracking/:orderNumber': {
    expect: all(200),
    request: async (world) => {
      const order = await createOrder(db(world));
      return get(`/api/order-tracking/${order.orderNumber}?t=${world.ctx.app.orderLinks.sign(order.id)}`);
    },
  },
  'GET /api/auth/email-verification': {
    expect: signedIn(),
    request: () => get('/api/auth/email-verification'),
  },
  'POST /api/auth/email-verification/resend': {
    expect: signedIn(),
    request: () => ({ method: 'POST', url: '/api/auth/email-verification/resend' }),
  },
  'POST /api/auth/verify-email': {
    expect: all(200),
    request: async (world) => {
      const { token } = newOpaqueToken();
      await db(world)
        .insert(emailVerificationTokens)
        .values({
          tokenHash: hashToken(token),
          userId: world.owner.id,
          email: world.owner.email,
          expiresAt: new Date(Date.now() + 3600_000),
        });
      return { method: 'POST', url: '/api/auth/verify-email', payload: { token } };
    },
  },
};
