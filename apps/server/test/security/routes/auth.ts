import { freshRefreshToken, freshResetToken, OWNER_PASSWORD } from '../world';
import { all, get, signedIn, type Rows } from './cells';

/** Accounts: what each caller must get. */
export const authRows: Rows = {
  // Accounts: the credentials are in the body; a bearer token changes nothing.
  'POST /api/auth/register': {
    expect: all(201),
    request: (_world, role) => ({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'New Person',
        email: `new-${role}-${Date.now()}@example.com`,
        phone: '9830000000',
        password: 'a-good-password',
      },
    }),
  },
  'POST /api/auth/login': {
    expect: all(200),
    request: (world) => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: world.owner.email, password: OWNER_PASSWORD, role: 'user' },
    }),
  },
  'GET /api/auth/me': { expect: signedIn(), request: () => get('/api/auth/me') },
  'POST /api/auth/refresh-token': {
    expect: all(200),
    request: async (world) => ({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: await freshRefreshToken(world) },
    }),
  },
  'POST /api/auth/logout': {
    expect: all(200),
    request: async (world) => ({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: await freshRefreshToken(world) },
    }),
  },
  'POST /api/password/forgot-password': {
    expect: all(200),
    request: (_world, role) => ({
      method: 'POST',
      url: '/api/password/forgot-password',
      payload: { email: `forgot-${role}@example.com` },
    }),
  },
  'POST /api/password/reset-password': {
    expect: all(200),
    request: async (world) => ({
      method: 'POST',
      url: '/api/password/reset-password',
      payload: { token: await freshResetToken(world), password: 'password123' },
    }),
  },
};
