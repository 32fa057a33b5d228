import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressInput, User } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

type UserAnswer = { data: { user: User } };

export async function updateProfile(
  user: User,
  values: { name: string; email: string; phone: string; currentPassword?: string },
) {
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

/** An address change answers the whole user: the session takes it, and the user's address list is fetched again. */
function useAddressMutation<Variables>(change: (variables: Variables) => Promise<User>) {
  const { setUser } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (user) => {
      setUser(user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.addresses.list(user._id) });
    },
  });
}

export const useAddAddress = () =>
  useAddressMutation((v: { userId: string; address: AddressInput }) => addAddress(v.userId, v.address));

export const useUpdateAddress = () =>
  useAddressMutation((v: { userId: string; addressId: string; address: AddressInput }) =>
    updateAddress(v.userId, v.addressId, v.address),
  );

export const useDeleteAddress = () =>
  useAddressMutation((v: { userId: string; addressId: string }) => deleteAddress(v.userId, v.addressId));
