/** Query keys from one factory, so that a mutation invalidates exactly what it touched. */
export const queryKeys = {
  orders: {
    all: ['orders'] as const,
    mine: (userId: string, page: number) => [...queryKeys.orders.all, 'mine', userId, page] as const,
    admin: (filter: { page: number; status: string; startDate?: string; endDate?: string }) =>
      [...queryKeys.orders.all, 'admin', filter] as const,
    detail: (id: string) => [...queryKeys.orders.all, 'detail', id] as const,
  },
  cart: {
    all: ['cart'] as const,
    lines: (userId: string) => [...queryKeys.cart.all, userId] as const,
  },
  fatwahs: {
    all: ['fatwahs'] as const,
    public: (filter: { search?: string; category?: string; page: number }) =>
      [...queryKeys.fatwahs.all, 'public', filter] as const,
    admin: (filter: { search?: string; category?: string; status?: string; page: number }) =>
      [...queryKeys.fatwahs.all, 'admin', filter] as const,
    detail: (id: string) => [...queryKeys.fatwahs.all, 'detail', id] as const,
    categories: () => [...queryKeys.fatwahs.all, 'categories'] as const,
  },
  books: {
    all: ['books'] as const,
    list: () => [...queryKeys.books.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.books.all, 'detail', id] as const,
  },
};
