import type { PasswordChangeBody } from '@scholar/shared';
import { api } from '../../../lib/api-client';

/** Changes the signed-in user's own password; the account's other sessions end, this one goes on. */
export async function changePassword(userId: string, body: PasswordChangeBody): Promise<void> {
  await api(`/users/password/${userId}`, {
    method: 'PUT',
    body,
    fallbackError: 'Something went wrong',
  });
}
