import type { User } from '@scholar/shared';
import { api } from '../../../lib/api-client';

/** Saves the customer's name, email and phone (a new email with the current password); answers the user. */
export async function updateProfile(
  user: User,
  values: { name: string; email: string; phone: string; currentPassword?: string },
) {
  const body = await api<{ data: { user: User } }>(`/users/profile/${user._id}`, {
    method: 'PUT',
    body: { ...values, address: user.addresses },
    fallbackError: 'Something went wrong',
  });
  return body.data.user;
}
