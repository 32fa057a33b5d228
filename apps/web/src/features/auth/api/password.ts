import type { UserRole } from '@scholar/shared';
import { api } from '../../../lib/api-client';

export function sendResetLink(email: string) {
  return api('/password/forgot-password', {
    method: 'POST',
    body: { email },
    fallbackError: 'Failed to send reset email',
  });
}

/** Sets the new password; answers the account's role, whose login page comes next. */
export async function resetPassword(token: string, password: string): Promise<UserRole> {
  const answer = await api<{ data: { role: UserRole } }>('/password/reset-password', {
    method: 'POST',
    body: { token, password },
    fallbackError: 'Failed to reset password',
  });
  return answer.data.role;
}
