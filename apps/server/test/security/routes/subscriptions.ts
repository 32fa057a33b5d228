import { subscribe } from '../../../src/modules/subscriptions/subscriptions.service';
import { adminOnly, all, db, get, type Rows } from './cells';
import type { World } from '../world';

/** A subscription of a new address, made through the service: its mailed tokens. */
let made = 0;
const subscribed = (world: World) => {
  made += 1;
  return subscribe(
    db(world),
    { email: `subscriber${made}@example.com`, fatwahs: true, articles: false, frequency: 'weekly' },
    'en',
  );
};

/** Email subscriptions (docs/decisions/048): public forms and links, counts for the fatwah desk. */
export const subscriptionsRows: Rows = {
  'POST /api/subscriptions': {
    expect: all(202),
    request: () => ({
      method: 'POST',
      url: '/api/subscriptions',
      payload: { email: 'reader@example.com', fatwahs: true, articles: true, frequency: 'immediate' },
    }),
  },
  'POST /api/subscriptions/confirm': {
    expect: all(200),
    request: async (world) => ({
      method: 'POST',
      url: '/api/subscriptions/confirm',
      payload: { token: (await subscribed(world)).confirmToken },
    }),
  },
  'POST /api/subscriptions/unsubscribe': {
    expect: all(200),
    request: async (world) => ({
      method: 'POST',
      url: `/api/subscriptions/unsubscribe?token=${(await subscribed(world)).unsubscribeToken}`,
    }),
  },
  'GET /api/subscriptions/stats': { expect: adminOnly(), request: () => get('/api/subscriptions/stats') },
};
