import type { User } from '@scholar/shared';
import { api } from '../../../lib/api-client';

/** An admin's own display name (null clears it); answers the user, which the session takes. */
export async function updateDisplayName(userId: string, displayName: string | null): Promise<User> {
  const body = await api<{ data: { user: User } }>(`/users/display-name/${userId}`, {
    method: 'PUT',
    body: { displayName },
    fallbackError: 'Something went wrong',
  });
  return body.data.user;
}
