import type { Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { isSessionLive } from './auth.repository';
import { verifyAccessToken } from './tokens';

/**
 * The caller an access token stands for (what the `auth` plugin reads into `request.user`): a token signed with
 * `secret`, not expired, whose session is still live (not ended by a logout, a password reset or a reused refresh
 * token); null otherwise.
 */
export function accessTokenUser(db: Db, secret: string): (token: string) => Promise<AuthUser | null> {
  return async (token) => {
    const claims = await verifyAccessToken(secret, token);
    if (!claims || !(await isSessionLive(db, claims.sid, claims.sub))) return null;
    return { id: claims.sub, role: claims.role, sessionId: claims.sid };
  };
}
