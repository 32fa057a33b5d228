/** Query keys from one factory, so that a mutation invalidates exactly what it touched. */
export const queryKeys = {
  /** The orders desk's coupons (docs/decisions/051). */
  coupons: { all: ['coupons'] as const },
  /** The fatwah desk's sets of synonyms (docs/decisions/077). */
  synonyms: { all: ['synonyms'] as const },
  /** The mail outbox on the admin's desk (docs/decisions/072). */
  mails: {
    all: ['mails'] as const,
    list: (status: string, page: number) => ['mails', status, page] as const,
  },
  /** Delivery by pincode: a quote for a pincode and a number of books, and the orders desk's zones. */
  delivery: {
    all: ['delivery'] as const,
    quote: (pincode: string, quantity: number) => ['delivery', 'quote', pincode, quantity] as const,
    zones: () => ['delivery', 'zones'] as const,
  },
  orders: {
    all: ['orders'] as const,
    mine: (userId: string, page: number) => [...queryKeys.orders.all, 'mine', userId, page] as const,
    /** One of a customer's own orders. */
    myOrder: (userId: string, orderId: string) =>
      [...queryKeys.orders.all, 'mine', userId, 'order', orderId] as const,
    /** Every page and filter of the admin's list. */
    adminLists: () => [...queryKeys.orders.all, 'admin'] as const,
    admin: (filter: { page: number; status: string; startDate?: string; endDate?: string }) =>
      [...queryKeys.orders.adminLists(), filter] as const,
    detail: (id: string) => [...queryKeys.orders.all, 'detail', id] as const,
    /** Returns and cancellations asked by customers: all of them, an order's, or the desk's list of a status. */
    returnsAll: () => [...queryKeys.orders.all, 'returns'] as const,
    returns: (scope: { orderId?: string; orderNumber?: string; status?: string }) =>
      [...queryKeys.orders.returnsAll(), scope] as const,
  },
  addresses: {
    all: ['addresses'] as const,
    list: (userId: string) => [...queryKeys.addresses.all, userId] as const,
  },
  cart: {
    all: ['cart'] as const,
    lines: (userId: string) => [...queryKeys.cart.all, userId] as const,
    /** The current fields of a guest cart's books (ids sorted). */
    prices: (bookIds: readonly string[]) => [...queryKeys.cart.all, 'prices', bookIds] as const,
  },
  fatwahs: {
    all: ['fatwahs'] as const,
    public: (filter: { search?: string; category?: string; page: number; language?: string }) =>
      [...queryKeys.fatwahs.all, 'public', filter] as const,
    admin: (filter: { search?: string; category?: string; status?: string; queue?: string; page: number }) =>
      [...queryKeys.fatwahs.all, 'admin', filter] as const,
    detail: (id: string) => [...queryKeys.fatwahs.all, 'detail', id] as const,
    /** The published fatwahs related to one, on its page. */
    related: (id: string) => [...queryKeys.fatwahs.all, 'related', id] as const,
    /** The published questions like one being typed on the ask page. */
    similar: (text: string) => [...queryKeys.fatwahs.all, 'similar', text] as const,
    /** The published questions like one on the desk, without it. */
    deskSimilar: (id: string, text: string) => [...queryKeys.fatwahs.all, 'desk-similar', id, text] as const,
    categories: () => [...queryKeys.fatwahs.all, 'categories'] as const,
  },
  articles: {
    all: ['articles'] as const,
    publishedLists: () => [...queryKeys.articles.all, 'published', 'list'] as const,
    publishedList: (params: {
      page: number;
      limit: number;
      sortBy: string;
      sortOrder: string;
      language?: string;
      search?: string;
      tags?: string;
    }) => [...queryKeys.articles.publishedLists(), params] as const,
    /** A reader's copy: fetching it counts a view. */
    publishedDetail: (id: string) => [...queryKeys.articles.all, 'published', 'detail', id] as const,
    recentLists: () => [...queryKeys.articles.all, 'recent'] as const,
    recent: (limit: number) => [...queryKeys.articles.recentLists(), limit] as const,
    adminLists: () => [...queryKeys.articles.all, 'admin', 'list'] as const,
    adminList: (params: { page: number; search?: string; isPublished?: boolean }) =>
      [...queryKeys.articles.adminLists(), params] as const,
    adminDetail: (id: string) => [...queryKeys.articles.all, 'admin', 'detail', id] as const,
    stats: () => [...queryKeys.articles.all, 'admin', 'stats'] as const,
  },
  /** The admins and their pending invitations (one list). */
  admins: { all: ['admins'] as const },
  /** The site's settings (one object). */
  settings: { all: ['settings'] as const },
  /** The desk's counts of email subscribers. */
  subscriptions: { all: ['subscriptions'] as const, stats: () => ['subscriptions', 'stats'] as const },
  books: {
    all: ['books'] as const,
    lists: () => [...queryKeys.books.all, 'list'] as const,
    /** A list as the API answers it for a search and an order (none: every book, newest first). */
    list: (filter: { search?: string; sort?: string } = {}) => [...queryKeys.books.lists(), filter] as const,
    /** A page of the books page, for its search and order. */
    page: (query: { search?: string; sort: string; page: number }) =>
      [...queryKeys.books.lists(), 'page', query] as const,
    detail: (id: string) => [...queryKeys.books.all, 'detail', id] as const,
    /** A page of the books desk's table, for its search. */
    desk: (query: { search?: string; page: number }) => [...queryKeys.books.lists(), 'desk', query] as const,
  },
  /** An order opened through the signed link of its mails (the tracking page). */
  track: {
    all: ['track'] as const,
    link: (orderNumber: string, signature: string) =>
      [...queryKeys.track.all, orderNumber, signature] as const,
  },
  /** Whether the signed-in customer has confirmed their email (the dashboard asks while not). */
  emailProof: {
    all: ['email-proof'] as const,
    state: (userId: string) => [...queryKeys.emailProof.all, userId] as const,
  },
};
