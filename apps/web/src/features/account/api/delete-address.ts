import { api } from '../../../lib/api-client';
import { useAddressMutation, type UserAnswer } from './address-mutation';

export async function deleteAddress(userId: string, addressId: string) {
  const body = await api<UserAnswer>(`/addresses/${addressId}`, {
    method: 'DELETE',
    body: { userId },
    fallbackError: 'Failed to remove address',
  });
  return body.data.user;
}

export const useDeleteAddress = () =>
  useAddressMutation((v: { userId: string; addressId: string }) => deleteAddress(v.userId, v.addressId));
