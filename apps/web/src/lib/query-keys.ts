/** Query keys from one factory, so that a mutation invalidates exactly what it touched. */
export const queryKeys = {
  books: {
    all: ['books'] as const,
    list: () => [...queryKeys.books.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.books.all, 'detail', id] as const,
  },
};
