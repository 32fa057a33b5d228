import type { AddressInput, User } from '@scholar/shared';
import { api } from '../../../lib/api-client';

type UserAnswer = { data: { user: User } };

export async function updateProfile(user: User, values: { name: string; email: string; phone: string }) {
  const body = await api<UserAnswer>(`/users/profile/${user._id}`, {
    method: 'PUT',
    body: { ...values, address: user.addresses },
    fallbackError: 'Something went wrong',
  });
  return body.data.user;
}

export async function addAddress(userId: string, address: AddressInput) {
  const body = await api<UserAnswer>('/addresses', {
    method: 'POST',
    body: { address, userId },
    fallbackError: 'Failed to add address',
  });
  return body.data.user;
}

export async function updateAddress(userId: string, addressId: string, address: AddressInput) {
  const body = await api<UserAnswer>(`/addresses/${addressId}`, {
    method: 'PUT',
    body: { address, userId },
    fallbackError: 'Failed to update address',
  });
  return body.data.user;
}

export async function deleteAddress(userId: string, addressId: string) {
  const body = await api<UserAnswer>(`/addresses/${addressId}`, {
    method: 'DELETE',
    body: { userId },
    fallbackError: 'Failed to remove address',
  });
  return body.data.user;
}
