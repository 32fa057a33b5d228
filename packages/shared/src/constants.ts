/**
 * Business constants of the product (docs/product.md, "Data" and "Constants"). One source for the browser and the
 * server.
 */

import { indiaDateOf } from './dates';

export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

export const ADDRESS_TYPES = ['Home', 'Work', 'Other'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const DEFAULT_ADDRESS_TYPE: AddressType = 'Home';

/** Exactly six digits. */
export const PINCODE_PATTERN = /^\d{6}$/;

/**
 * `user` is a customer. The staff roles: `admin` runs everything; `scholar` the fatwah and article desks; `shop` the
 * books, orders and refunds (docs/product.md, "Roles").
 */
export const USER_ROLES = ['user', 'admin', 'scholar', 'shop'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * The statuses an admin sets from the fulfillment editor. `cancelled` is not among them: only the cancel action
 * reaches it, with its refund and the stock given back.
 */
export const FULFILLMENT_STATUSES = ['pending', 'shipped', 'delivered', 'RTO'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];
export const ORDER_STATUSES = [...FULFILLMENT_STATUSES, 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The admin order filter also offers 'all'. */
export const ORDER_STATUS_FILTERS = ['all', ...ORDER_STATUSES] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];
/** How a fulfilment status reads wherever it is shown: the desk, the customer's orders, mails. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  shipped: 'Shipped',
  delivered: 'Delivered',
  RTO: 'Returned to origin (RTO)',
  cancelled: 'Cancelled',
};

/**
 * The one table of where an order may go from each status (docs/decisions/035): forward only, so that nothing
 * comes back to `pending`, the only status that may still be cancelled (with its refund and its copies back in
 * stock). `cancelled` is reached only by the cancel action; `delivered` and `cancelled` are final. `RTO` may ship
 * again: the returned parcel is sent out anew. Keeping the status an order has is not a move (not listed here): the
 * fulfillment editor saves it with the other fields and changes nothing else.
 */
export const ORDER_STATUS_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['shipped', 'delivered', 'cancelled'],
  shipped: ['delivered', 'RTO'],
  delivered: [],
  RTO: ['shipped'],
  cancelled: [],
};

/** Whether an order with status `from` may be moved to `to` (never to the status it has). */
export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUS_MOVES[from].includes(to);
}

/** The refusal of a move the table does not allow, naming the moves that are allowed from there. */
export function orderMoveRefusedMessage(from: OrderStatus, to: OrderStatus): string {
  const allowed = ORDER_STATUS_MOVES[from].map((status) => ORDER_STATUS_LABELS[status]);
  if (allowed.length === 0) return `An order that is ${ORDER_STATUS_LABELS[from]} cannot change its status`;
  const list = allowed.length === 1 ? allowed[0] : `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`;
  return `An order that is ${ORDER_STATUS_LABELS[from]} cannot become ${ORDER_STATUS_LABELS[to]}; it can become ${list}`;
}

/** A refund as Razorpay reports it: `pending` until the bank has it, then `processed`, or `failed`. */
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Refund started',
  processed: 'Refunded',
  failed: 'Refund failed',
};
/** Razorpay's smallest refund, in rupees. */
export const MIN_REFUND = 1;
/** The return policy's promise, repeated wherever a refund is shown to the customer. */
export const REFUND_DAYS_TEXT = '5–7 business days';
/** Days after delivery a customer may ask to return books: the Return Policy page's 30 days (docs/decisions/055). */
export const RETURN_WINDOW_DAYS = 30;
/** The longest reason a customer may give for a return or a cancellation. */
export const RETURN_REASON_MAX = 1000;

export const SHIPPING_PROVIDERS = [
  'FedEx',
  'DHL',
  'UPS',
  'Blue Dart',
  'DTDC',
  'India Post',
  'Delhivery',
  'Ecom Express',
  'Other',
] as const;
export type ShippingProvider = (typeof SHIPPING_PROVIDERS)[number];

/**
 * The languages a fatwah or an article is written in (docs/decisions/041), apart from the interface's languages: a
 * page in English may hold an answer in Urdu. Each has its name in English (the desks' select), its name in itself
 * (the links to a translation) and its direction, for `dir` on the element that holds its text.
 */
export const CONTENT_LANGUAGES = ['en', 'ur', 'bn', 'ar'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
export const DEFAULT_CONTENT_LANGUAGE: ContentLanguage = 'en';
export const CONTENT_LANGUAGE_INFO: Record<
  ContentLanguage,
  { englishName: string; name: string; dir: 'ltr' | 'rtl' }
> = {
  en: { englishName: 'English', name: 'English', dir: 'ltr' },
  ur: { englishName: 'Urdu', name: 'اردو', dir: 'rtl' },
  bn: { englishName: 'Bengali', name: 'বাংলা', dir: 'ltr' },
  ar: { englishName: 'Arabic', name: 'العربية', dir: 'rtl' },
};

export const FATWAH_STATUSES = ['draft', 'pending', 'published'] as const;
export type FatwahStatus = (typeof FATWAH_STATUSES)[number];
export const DEFAULT_FATWAH_STATUS: FatwahStatus = 'draft';
/** A question sent through the public form waits for review. */
export const SUBMITTED_FATWAH_STATUS: FatwahStatus = 'pending';

export const FATWAH_CATEGORIES = [
  'Prayer',
  'Fasting',
  'Marriage',
  'Business',
  'Purification',
  'Hajj',
  'Zakat',
  'Family',
  'Worship',
  'Other',
] as const;
export type FatwahCategory = (typeof FATWAH_CATEGORIES)[number];
export const DEFAULT_FATWAH_CATEGORY: FatwahCategory = 'Other';

export const PAGE_SIZES = {
  adminOrders: 10,
  userOrders: 10,
  publicFatwahs: 10,
  adminFatwahs: 10,
  publicArticles: 12,
  adminArticles: 10,
  /** The books page: whole rows of its grid of 2, 3 or 4 cards. */
  publicBooks: 24,
  recentArticles: 5,
  homeArticles: 3,
  /** The home page's latest answers: it reads only those, not a page of the list. */
  homeAnswers: 4,
} as const;
/** The largest `limit` a list call accepts. */
export const MAX_PAGE_SIZE = 50;
/** The largest `limit` of a page of books (`GET /books?page=`). */
export const MAX_BOOKS_PAGE_SIZE = 100;
/** Page-number windows show at most this many numbers. */
export const PAGE_WINDOW = 5;

/** The highest page number a list is asked for: a number past it is past the last page of any list. */
export const PAGE_MAX = 1_000_000;

export const PASSWORD_MIN_LENGTH = 6;
export const DEFAULT_QUANTITY = 1;
export const DEFAULT_LANGUAGE = 'english';
export const DEFAULT_ARTICLE_AUTHOR = 'Admin';

/** Shipping: this many rupees for every started pair of books. */
export const SHIPPING_PER_PAIR_RUPEES = 50;
export const CURRENCY = 'INR';
export const CURRENCY_SYMBOL = '₹';

export const TIMINGS = {
  toastMs: 3000,
  secondaryToastMs: 5000,
  copiedIndicatorMs: 2000,
  paymentRedirectMs: 3000,
} as const;

export const SCROLL_THRESHOLDS = {
  /** The 'Scroll to top' button shows beyond this share of the scrollable height. */
  scrollToTop: 0.25,
  /** The navigation bar turns translucent beyond this share. */
  translucentNav: 0.05,
} as const;

/** Browser storage keys (docs/product.md, "Browser storage"). */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
  selectedAddress: 'selectedAddress',
  localCart: 'localCart',
  guestInfo: 'guestInfo',
  successOrder: 'successOrder',
  /** The interface language the reader chose with the language switcher (`en`, `ur` or `bn`). */
  locale: 'locale',
  /** Set once the suggestion to read in another language has been shown: it is shown once. */
  localeSuggestionShown: 'localeSuggestionShown',
} as const;

/** `orders_export_{date}.csv`, the date as YYYY-MM-DD in India, like the filters and the order numbers. */
export function ordersExportFileName(now: Date = new Date()): string {
  return `orders_export_${indiaDateOf(now)}.csv`;
}

/**
 * The `<meta name>` by which the server tells the app how often to look again at an order whose refund is on its
 * way (REFUND_POLL_MS; the app's own intervals when the page has none).
 */
export const REFUND_POLL_META = 'refund-poll-ms';

/**
 * The orders of the book list: newest first, price low to high, price high to low, name A to Z. Here, beside no
 * schema, so that a screen that reads the order from its address carries no form schema with it.
 */
export const BOOK_SORTS = ['newest', 'price-asc', 'price-desc', 'name'] as const;
export type BookSort = (typeof BOOK_SORTS)[number];

/**
 * How a book is bound; the book page names each in the reader's language. Here rather than beside the book details'
 * schema, so that the book page loads no schema library to name a binding.
 */
export const BOOK_BINDINGS = ['paperback', 'hardcover', 'leather'] as const;
export type BookBinding = (typeof BOOK_BINDINGS)[number];
export const BOOK_BINDING_NAMES: Record<BookBinding, string> = {
  paperback: 'Paperback',
  hardcover: 'Hardcover',
  leather: 'Leather-bound',
};
