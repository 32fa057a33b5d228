import { isStaffRole, STORAGE_KEYS, type User, type UserRole } from '@scholar/shared';

/** A customer as the API sends one: Aisha, no saved addresses. */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    _id: '0190b0a0-0000-7000-8000-00000000000b',
    name: 'Aisha',
    email: 'aisha@example.com',
    phone: '9876543210',
    role: 'user',
    addresses: [],
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A signed-in visitor as the browser keeps one (tokens and user in storage), for component tests. */
export function signedInAs(role: UserRole): User {
  const user = aUser(
    isStaffRole(role)
      ? {
          _id: '0190b0a0-0000-7000-8000-00000000000a',
          name: role === 'admin' ? 'Admin' : `Staff ${role}`,
          email: `${role}@example.com`,
          role,
        }
      : { email: 'user@example.com' },
  );
  localStorage.setItem(STORAGE_KEYS.accessToken, JSON.stringify('access-token'));
  localStorage.setItem(STORAGE_KEYS.refreshToken, JSON.stringify('refresh-token'));
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return user;
}
