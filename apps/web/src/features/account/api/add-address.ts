import type { AddressInput } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { useAddressMutation, type UserAnswer } from './address-mutation';

export async function addAddress(userId: string, address: AddressInput) {
  const body = await api<UserAnswer>('/addresses', {
    method: 'POST',
    body: { address, userId },
    fallbackError: 'Failed to add address',
  });
  return body.data.user;
}

export const useAddAddress = () =>
  useAddressMutation((v: { userId: string; address: AddressInput }) => addAddress(v.userId, v.address));
