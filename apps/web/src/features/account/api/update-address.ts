import type { AddressInput } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { useAddressMutation, type UserAnswer } from './address-mutation';

export async function updateAddress(userId: string, addressId: string, address: AddressInput) {
  const body = await api<UserAnswer>(`/addresses/${addressId}`, {
    method: 'PUT',
    body: { address, userId },
    fallbackError: 'Failed to update address',
  });
  return body.data.user;
}

export const useUpdateAddress = () =>
  useAddressMutation((v: { userId: string; addressId: string; address: AddressInput }) =>
    updateAddress(v.userId, v.addressId, v.address),
  );
