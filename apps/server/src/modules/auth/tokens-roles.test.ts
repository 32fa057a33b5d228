import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';

describe('access tokens of every role', () => {
  it.each(['user', 'admin', 'scholar', 'shop'] as const)('carry the role %s', async (role) => {
    const token = await signAccessToken(secret, { sub: 'someone', role, sid: 'session' });
    expect(await verifyAccessToken(secret, token)).toEqual({ sub: 'someone', role, sid: 'session' });
  });

  it('refuse a role the site does not have, though signed with the key', async () => {
    const token = await new SignJWT({ role: 'superuser', sid: 'session' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('someone')
      .setIssuer('darul-ilm')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(secret));
    expect(await verifyAccessToken(secret, token)).toBeNull();
  });
});
