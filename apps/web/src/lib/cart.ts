import { cartTotals, STORAGE_KEYS, type CartLine } from '@scholar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { api } from './api-client';
import { announceCartChange, CART_CHANGED_EVENT, guestCart, type CartItem } from './guest-cart';
import { queryKeys } from './query-keys';
import { useSession } from './session';

let guestSnapshot: { raw: string | null; lines: CartItem[] } = { raw: null, lines: [] };
function readGuestSnapshot(): CartItem[] {
  const raw = localStorage.getItem(STORAGE_KEYS.localCart);
  if (raw !== guestSnapshot.raw) guestSnapshot = { raw, lines: guestCart.read() };
  return guestSnapshot.lines;
}
function subscribeGuest(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
  };
}

type CartAnswer = { data: { cart: CartLine[] } };

/**
 * The visitor's cart: the browser's for a guest, the server's for a customer (admins have none). The actions
 * change whichever applies and answer once it is saved.
 */
export function useCart() {
  const { user, status } = useSession();
  const queryClient = useQueryClient();
  const customer = user && user.role !== 'admin' ? user : null;
  const guestLines = useSyncExternalStore(subscribeGuest, readGuestSnapshot, () => []);
  const serverKey = queryKeys.cart.lines(customer?._id ?? 'none');
  const server = useQuery({
    queryKey: serverKey,
    queryFn: async ({ signal }) =>
      (await api<CartAnswer>('/cart', { signal, fallbackError: 'Failed to fetch data' })).data.cart,
    enabled: customer !== null,
  });

  const customerId = customer?._id ?? null;
  const saveServer = useCallback(
    (cart: CartLine[]) => {
      queryClient.setQueryData(queryKeys.cart.lines(customerId ?? 'none'), cart);
      announceCartChange();
    },
    [queryClient, customerId],
  );

  const add = useMutation({
    mutationFn: async ({
      book,
      quantity,
    }: {
      book: Parameters<typeof guestCart.add>[0];
      quantity: number;
    }) => {
      if (!customer) return guestCart.add(book, quantity);
      const body = await api<CartAnswer>('/cart/add', {
        method: 'POST',
        body: { bookId: book._id, quantity, userId: customer._id, selectedLanguage: 'english' },
        fallbackError: 'Failed to add to cart',
      });
      saveServer(body.data.cart);
    },
  });
  const setQuantity = useMutation({
    mutationFn: async ({ bookId, quantity }: { bookId: string; quantity: number }) => {
      if (!customer) return guestCart.setQuantity(bookId, quantity);
      const body = await api<CartAnswer>('/cart/update', {
        method: 'PATCH',
        body: { bookId, quantity, userId: customer._id },
        fallbackError: 'Failed to update cart item',
      });
      saveServer(body.data.cart);
    },
  });
  const remove = useMutation({
    mutationFn: async (bookId: string) => {
      if (!customer) return guestCart.setQuantity(bookId, 0);
      const body = await api<CartAnswer>('/cart/remove', {
        method: 'DELETE',
        body: { bookId, userId: customer._id },
        fallbackError: 'Failed to remove from cart',
      });
      saveServer(body.data.cart);
    },
  });
  const clear = useMutation({
    mutationFn: async () => {
      if (!customer) return guestCart.clear();
      const body = await api<CartAnswer>('/cart/clear', {
        method: 'DELETE',
        fallbackError: 'Failed to clear cart',
      });
      saveServer(body.data.cart);
    },
  });

  const signedIn = user !== null;
  const lines = useMemo<CartItem[]>(
    () => (customerId ? (server.data ?? []) : signedIn ? [] : guestLines),
    [customerId, server.data, signedIn, guestLines],
  );
  const totals = useMemo(() => cartTotals(lines), [lines]);
  return {
    lines,
    totals,
    isGuest: !user,
    isAdmin: user?.role === 'admin',
    isLoading: status === 'loading' || (customer !== null && server.isPending),
    add,
    setQuantity,
    remove,
    clear,
  };
}
