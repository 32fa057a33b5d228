import { createHash, randomBytes } from 'node:crypto';
import { USER_ROLES, type UserRole } from '@scholar/shared';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ALGORITHM = 'HS256';
const ISSUER = 'darul-ilm';

export interface AccessClaims {
  sub: string;
  role: UserRole;
  /** The session (the family of refresh tokens of one login): the token works only while it lives. */
  sid: string;
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(secret: string, claims: AccessClaims): Promise<string> {
  return new SignJWT({ role: claims.role, sid: claims.sid })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(keyOf(secret));
}

const isUserRole = (role: unknown): role is UserRole =>
  typeof role === 'string' && (USER_ROLES as readonly string[]).includes(role);

/** The claims of a valid token, or null. The algorithm is pinned: `none` or RS256 tokens are refused. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALGORITHM], issuer: ISSUER });
    const { sub, role, sid } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || !isUserRole(role)) return null;
    return { sub, role, sid };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}

/** An opaque random token for the client and the hash kept in the database. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
