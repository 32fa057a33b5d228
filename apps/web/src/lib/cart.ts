import {
  cartTotals,
  editionOf,
  isStaffRole,
  MAX_LINE_QUANTITY,
  STORAGE_KEYS,
  type CartBook,
  type CartLine,
} from '@scholar/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { api } from './api-client';
import { cartPricesQueryOptions, guestBookIds } from './cart-prices';
import { useCookieCartSeed } from './cookie-cart';
import { announceCartChange, CART_CHANGED_EVENT, guestCart, lineLanguage, type CartItem } from './guest-cart';
import { bookIn } from './book-in';
import { useLocale, useT } from './i18n';
import { queryKeys } from './query-keys';
import { useSession } from './session';

/** No lines: one value, so that a snapshot without lines never reads as a change. */
const NO_LINES: CartItem[] = [];

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
 * A guest's stored lines at the books' current fields, each at its own edition's price and stock: a price that
 * changed since the guest saw it is named (`previousPrice`); a book the shop no longer has, or no longer offers in
 * the line's language, stays with `available: false`.
 */
export function priceGuestLines(stored: CartItem[], books: CartBook[]): CartItem[] {
  const current = new Map(books.map((book) => [book._id.toLowerCase(), book]));
  return stored.map((line) => {
    const book = current.get(line._id.toLowerCase());
    // A book answered without its editions is sold as one edition, at the book's price and stock.
    const edition = book?.editions
      ? editionOf(book.editions, lineLanguage(line))
      : book && { price: book.price, stock: book.stock ?? null };
    if (!book || !edition) return { ...line, available: false };
    const seen = Number(line.price);
    const { previousPrice: _ignored, ...rest } = line;
    return {
      ...rest,
      name: book.name,
      author: book.author,
      description: book.description,
      ...(book.translations ? { translations: book.translations } : {}),
      images: book.images,
      price: edition.price,
      stock: edition.stock,
      available: true,
      ...(Number.isFinite(seen) && seen !== edition.price ? { previousPrice: seen } : {}),
    };
  });
}

/** The most copies a line may go up to: its edition's copies left (when counted), and never past the line limit. */
export const lineCeiling = (stock: number | null | undefined): number =>
  typeof stock === 'number' ? Math.min(stock, MAX_LINE_QUANTITY) : MAX_LINE_QUANTITY;

/** A line asking for more copies than its edition has left (an edition whose stock is not tracked never is). */
export const isShortOfStock = (line: CartItem): boolean =>
  line.available !== false && typeof line.stock === 'number' && line.quantity > line.stock;

/**
 * The visitor's cart: the browser's for a guest, the server's for a customer (admins have none). The actions
 * change whichever applies and answer once it is saved.
 *
 * A page that shows money passes `{ fresh: true }`: the lines are then read from the server when the page opens
 * (a guest's books at their current prices), and `pricesChecked` stays false until they are, so that no total is
 * shown from a price kept earlier. `totals` count only the books that are still sold.
 */
export function useCart({ fresh = false }: { fresh?: boolean } = {}) {
  const { user, status } = useSession();
  const queryClient = useQueryClient();
  const t = useT();
  const customer = user && !isStaffRole(user.role) ? user : null;
  // A page rendered from the cart's cookie (`/cart` without the script) shows its lines until the browser's take over.
  const seed = useCookieCartSeed();
  const guestLines = useSyncExternalStore(subscribeGuest, readGuestSnapshot, () => seed ?? NO_LINES);
  const serverKey = queryKeys.cart.lines(customer?._id ?? 'none');
  const server = useQuery({
    queryKey: serverKey,
    queryFn: async ({ signal }) =>
      (await api<CartAnswer>('/cart', { signal, fallbackError: t('shop.cart.fetchFailed') })).data.cart,
    enabled: customer !== null,
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });

  const guestIds = useMemo(() => guestBookIds(guestLines.map((line) => line._id)), [guestLines]);
  const priced = useQuery({
    ...cartPricesQueryOptions(guestIds, t('shop.cart.fetchFailed')),
    enabled: fresh && user === null && status !== 'loading' && guestIds.length > 0,
    staleTime: 0,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
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
      selectedLanguage,
    }: {
      /** The book at the price of the edition added. */
      book: Parameters<typeof guestCart.add>[0];
      quantity: number;
      /** The edition's language (`bengali`). */
      selectedLanguage: string;
    }) => {
      if (!customer) return guestCart.add(book, quantity, selectedLanguage);
      const body = await api<CartAnswer>('/cart/add', {
        method: 'POST',
        body: { bookId: book._id, quantity, userId: customer._id, selectedLanguage },
        fallbackError: t('shop.cart.addFailed'),
      });
      saveServer(body.data.cart);
    },
  });
  /** One edition's line: a quantity of 0 removes it. */
  const setQuantity = useMutation({
    mutationFn: async ({
      bookId,
      selectedLanguage,
      quantity,
      price,
    }: {
      bookId: string;
      selectedLanguage: string;
      quantity: number;
      price?: number;
    }) => {
      if (!customer) return guestCart.setQuantity(bookId, selectedLanguage, quantity, price);
      const body = await api<CartAnswer>('/cart/update', {
        method: 'PATCH',
        body: { bookId, quantity, userId: customer._id, selectedLanguage },
        fallbackError: t('shop.cart.updateFailed'),
      });
      saveServer(body.data.cart);
    },
  });
  const remove = useMutation({
    mutationFn: async ({ bookId, selectedLanguage }: { bookId: string; selectedLanguage: string }) => {
      if (!customer) return guestCart.setQuantity(bookId, selectedLanguage, 0);
      const body = await api<CartAnswer>('/cart/remove', {
        method: 'DELETE',
        body: { bookId, userId: customer._id, selectedLanguage },
        fallbackError: t('shop.cart.removeFailed'),
      });
      saveServer(body.data.cart);
    },
  });
  const clear = useMutation({
    mutationFn: async () => {
      if (!customer) return guestCart.clear();
      const body = await api<CartAnswer>('/cart/clear', {
        method: 'DELETE',
        fallbackError: t('shop.cart.clearFailed'),
      });
      saveServer(body.data.cart);
    },
  });
  const signedIn = user !== null;
  const pricedBooks = priced.data;
  const { locale } = useLocale();
  const lines = useMemo<CartItem[]>(() => {
    const kept = customerId
      ? (server.data ?? [])
      : signedIn
        ? []
        : fresh && pricedBooks
          ? priceGuestLines(guestLines, pricedBooks)
          : guestLines;
    // Each line named as the page's language names its book (docs/decisions/078); what is sent is its id.
    return kept.map((line) => (line.translations ? bookIn(line, locale).book : line));
  }, [customerId, server.data, signedIn, fresh, pricedBooks, guestLines, locale]);
  const totals = useMemo(() => cartTotals(lines.filter((line) => line.available !== false)), [lines]);
  const pricesChecked = !fresh
    ? true
    : customerId
      ? server.isFetchedAfterMount && !server.isError
      : signedIn ||
        guestIds.length === 0 ||
        ((priced.isFetchedAfterMount ||
          priced.isPlaceholderData ||
          // Read by the server for this page, which it rendered from the cart's cookie.
          (seed !== undefined && priced.data !== undefined)) &&
          !priced.isError);
  const priceError = fresh && (customerId ? server.isError : priced.isError);
  const unavailable = lines.filter((line) => line.available === false);
  const shortOfStock = lines.filter(isShortOfStock);
  return {
    lines,
    totals,
    /** Every line's price has been read from the server since the page opened (always true without `fresh`). */
    pricesChecked,
    /** The current prices could not be read: no total may be shown. */
    priceError,
    retryPrices: () => void (customerId ? server.refetch() : priced.refetch()),
    /** Lines of books the shop no longer sells: they must be removed before paying. */
    unavailable,
    /** Lines asking for more copies than are left: they must be lowered before paying (the server refuses them). */
    shortOfStock,
    /** A line must be removed or lowered before the cart can be paid for. */
    needsChanges: unavailable.length > 0 || shortOfStock.length > 0,
    isGuest: !user,
    /** Any staff role: staff have no cart. */
    isStaff: isStaffRole(user?.role),
    isLoading: status === 'loading' || (customer !== null && server.isPending),
    add,
    setQuantity,
    remove,
    clear,
  };
}
