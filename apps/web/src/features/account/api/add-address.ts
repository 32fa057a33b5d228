import type { AddressInput } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { SubmissionKeys } from '../../../lib/submission-keys';
import { useAddressMutation, type UserAnswer } from './address-mutation';

/** The address form's Idempotency-Keys: a retry of the same address adds it once. */
const submissions = new SubmissionKeys();

export async function addAddress(userId: string, address: AddressInput) {
  const body = await api<UserAnswer>('/addresses', {
    method: 'POST',
    body: { address, userId },
    submission: submissions,
    fallbackError: 'Failed to add address',
  });
  return body.data.user;
}

export const useAddAddress = () =>
  useAddressMutation((v: { userId: string; address: AddressInput }) => addAddress(v.userId, v.address));
