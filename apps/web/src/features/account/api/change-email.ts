import type { EmailChangeBody, User } from '@scholar/shared';
import { api } from '../../../lib/api-client';

/** Changes the signed-in user's own email, with their current password; answers the user, which the session takes. */
export async function changeEmail(userId: string, body: EmailChangeBody): Promise<User> {
  const answer = await api<{ data: { user: User } }>(`/users/email/${userId}`, {
    method: 'PUT',
    body,
    fallbackError: 'Something went wrong',
  });
  return answer.data.user;
}
