import type { User } from '@scholar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** What an address change answers: the whole user. */
export type UserAnswer = { data: { user: User } };

/** An address change answers the whole user: the session takes it, and the user's address list is fetched again. */
export function useAddressMutation<Variables>(change: (variables: Variables) => Promise<User>) {
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
