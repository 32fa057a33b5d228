/** Validation messages shared by the forms and the server (kept free of zod so pages stay small). */
export const MESSAGES = {
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Enter a 10-digit mobile number',
  nameRequired: 'Please enter your name',
  addressRequired: 'Please fill all required fields',
  invalidPincode: 'Pincode must be exactly 6 digits',
  invalidState: 'Please choose a state from the list',
  currentPasswordRequired: 'Please enter your current password to change your email',
  currentPasswordWrong: 'Your current password is incorrect',
  currentPasswordMissing: 'Please enter your current password',
} as const;

export const FATWAH_MESSAGES = {
  questionRequired: 'Please enter your question',
  categoryRequired: 'Please select at least one category',
  adminQuestionRequired: 'Question is required',
  adminAnswerRequired: 'Answer is required for existing fatwahs',
  adminCategoryRequired: 'At least one category is required',
  answerBeforePublish: 'A fatwah needs an answer before it is published',
  submitted: 'Your question has been submitted successfully!',
  /** The status page's one answer for a wrong reference and for a wrong email alike. */
  statusNotFound: 'No question matches this reference and email',
  statusTooMany: 'You have checked several times in a short time. Please wait a few minutes and try again.',
} as const;

export const PAYMENT_MESSAGES = {
  emptyCart: 'Your cart is empty',
  unavailable: 'Some books in your cart are no longer available. Please review your cart.',
  priceChanged: 'The price of a book in your cart has changed. Please check the new total before paying.',
  addressRequired: 'Please add a delivery address before making payment',
  contactRequired: 'Please fill all contact details',
  addressDetailsRequired: 'Please fill all address details',
  invalidParameters: 'Invalid payment parameters',
  verificationFailed: 'Payment verification failed',
  sessionExpired: 'Payment session expired. Please try again.',
} as const;

/** The stock of books: a whole number of copies, or empty for "not tracked". */
export const STOCK_LOW_AT = 5;
export const STOCK_MAX = 1_000_000;
export const STOCK_MESSAGES = {
  invalid: 'Stock must be a whole number of copies (or empty when not tracked)',
  negative: 'Stock cannot be negative',
  tooHigh: 'Stock cannot be more than 10,00,000 copies',
  backordered: 'Backordered',
} as const;

/** The most copies of one book a cart line (and an order) may hold. */
export const MAX_LINE_QUANTITY = 100;
export const MAX_LINE_QUANTITY_MESSAGE = `At most ${MAX_LINE_QUANTITY} copies of a book per order`;

/** The refusal of more copies than are left, naming the book. */
export function notEnoughStockMessage(name: string, copies: number): string {
  if (copies <= 0) return `${name} is out of stock`;
  return copies === 1 ? `Only 1 copy of ${name} is left` : `Only ${copies} copies of ${name} are left`;
}

/** The failures of reading and changing orders, when the server gives no reason of its own. */
export const ORDER_MESSAGES = {
  /** A page of the customer's own orders could not be read. */
  getFailed: 'Failed to get orders',
  /** A change of an order's status on the desk was not saved. */
  statusFailed: 'Failed to update order status',
  /** The desk's CSV export was not answered with the file. */
  exportFailed: 'Failed to export orders',
} as const;

/** Refunds and cancellations on the order desk. */
export const REFUND_MESSAGES = {
  reasonRequired: 'Please give a reason',
  reasonTooLong: 'Keep the reason under 500 characters',
  amountInvalid: 'Enter the amount in rupees, like 250 or 250.50',
  amountTooSmall: 'A refund is at least ₹1.00',
  noPayment: 'This order has no captured payment to refund',
  nothingLeft: 'This order has been refunded in full already',
  cancelShipped: 'This order has shipped and cannot be cancelled. Refund it instead.',
  alreadyCancelled: 'This order is cancelled already',
  cancelledIsFinal: 'A cancelled order cannot change its status',
  refundStarted: 'Refund started',
  cancelled: 'Order cancelled and refunded',
  providerRefused: 'Razorpay refused the refund',
  notGuestCod: "This is not a guest's cash-on-delivery order waiting to be sent",
} as const;

/** The answer of a bulk cancellation of guests' cash-on-delivery orders: how many, and how many were refused. */
export const guestCodCancelledMessage = (cancelled: number, refused: number): string =>
  `${cancelled} ${cancelled === 1 ? 'order' : 'orders'} cancelled` +
  (refused > 0 ? `; ${refused} could not be (see each one's reason)` : '');

/** The answers about an `Idempotency-Key` (docs/decisions/039). */
export const IDEMPOTENCY_MESSAGES = {
  keyInvalid: 'The Idempotency-Key header must be 1 to 100 letters, digits, dashes or underscores',
  keyReused:
    'This Idempotency-Key was already used with other details, so nothing was changed. Please reload the page and send the form again.',
  keyInUse: 'A request with this Idempotency-Key is still being handled. Please try again in a moment.',
} as const;

/** The refusal of a refund past what is left of the order, with what is left. */
export const refundTooLargeMessage = (rest: string) => `At most ${rest} can still be refunded`;
