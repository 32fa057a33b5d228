import { STORAGE_KEYS, type User } from '@scholar/shared';

/** A signed-in visitor as the browser keeps one (tokens and user in storage), for component tests. */
export function signedInAs(role: 'user' | 'admin'): User {
  const user: User = {
    _id: role === 'admin' ? '0190b0a0-0000-7000-8000-00000000000a' : '0190b0a0-0000-7000-8000-00000000000b',
    name: role === 'admin' ? 'Admin' : 'Aisha',
    email: `${role}@example.com`,
    phone: '9876543210',
    role,
    addresses: [],
    createdAt: '2026-11-01T00:00:00.000Z',
  };
  localStorage.setItem(STORAGE_KEYS.accessToken, JSON.stringify('access-token'));
  localStorage.setItem(STORAGE_KEYS.refreshToken, JSON.stringify('refresh-token'));
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return user;
}
