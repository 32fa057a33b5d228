import { createHash } from 'node:crypto';
import {
  addressFieldsSchema,
  addressInputSchema,
  checkoutBookId,
  checkoutLineKey,
  COUPON_MESSAGES,
  couponCodeSchema,
  CURRENCY,
  formatMoney,
  fromPaise,
  guestInfoSchema,
  isStaffRole,
  PAYMENT_MESSAGES,
  shippingFor,
  toPaise,
  worksAtDesk,
  type CodSettings,
  type CouponCheckBody,
  type CouponPreview,
  type CreatePaymentOrderBody,
  type Locale,
  type PaymentMethod,
  type Order,
  type OrderReceipt,
} from '@scholar/shared';
import type { FastifyBaseLogger } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AddressSnapshot, CheckoutLine, ContactSnapshot } from '../../db/schema';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  serviceUnavailable,
  unauthorized,
} from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import { RazorpayError, type RazorpayClient, type RazorpayPayment } from '../../payments/razorpay-client';
import { isValidPaymentSignature, isValidWebhookSignature } from '../../payments/signature';
import { storableJson } from '../../plugins/input';
import type { AuthUser } from '../../plugins/auth';
import { booksForSale, editionNotOffered, saleEditionOf } from '../books/books.service';
import { deliveryForCheckout } from '../delivery/delivery.service';
import { assertInStock } from '../books/stock';
import { findOrderByRazorpayOrderId, fullOrder, toOrderReceipt } from '../orders/orders.service';
import { settleRefund } from '../orders/refunds.service';
import { previewCoupon, recordHold, releaseCouponHold, takeCouponHold } from '../coupons/coupons.service';
import { findAddress, findUserById } from '../users/users.service';
import {
  beginWebhookEvent,
  findCheckout,
  findCheckoutByRazorpayOrder,
  finishWebhookEvent,
  insertCheckout,
  setCheckoutRazorpayOrder,
  setCheckoutStatus,
} from './checkout.repository';
import { confirmCodOrder, createCodOrder, createOrderFromPayment } from './order-from-payment';

/**
 * Placing an order, from the cart to the order: this module prices the lines and opens the checkout (books, users),
 * opens its Razorpay order, verifies the payment (the browser's proof, the webhook or the sweep in reconcile.ts) and
 * turns the paid checkout into its order (order-from-payment.ts: books, orders, cart). It calls the other modules;
 * none of them calls back into it. The payments routes answer over HTTP with these functions.
 */

export interface CheckoutContext {
  db: Db;
  config: Config;
  razorpay: RazorpayClient;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

type CheckoutRow = NonNullable<Awaited<ReturnType<typeof findCheckoutByRazorpayOrder>>>;

const verificationFailed = (code: string) => badRequest(PAYMENT_MESSAGES.verificationFailed, code);

/**
 * Razorpay sets the largest payment per account (and raises it on request); an order above it is refused with a
 * 400 about the amount. The buyer can do something about that, so it is a 400 with a sentence, not a 502.
 */
export const AMOUNT_NOT_ACCEPTED =
  'This order is more than can be paid in one payment. Please place it as two or more smaller orders.';
const isAmountRefused = (error: unknown) =>
  error instanceof RazorpayError &&
  error.status === 400 &&
  /amount/i.test(error.message) &&
  /exceed|max|greater/i.test(error.message);

/**
 * The provider is down or overloaded (it answered 5xx or 429, or not at all): a passing condition like a database
 * outage, answered 503 with Retry-After and logged at warn. Any other refusal is a fault of the request the shop
 * made, answered 502 and logged as an error.
 */
const isProviderUnavailable = (error: unknown) =>
  !(error instanceof RazorpayError) || error.status >= 500 || error.status === 429;
const PROVIDER_UNAVAILABLE =
  'The payment service is not answering right now. Nothing was charged; please try again in a moment.';

/**
 * Prices the cart from the database, edition by edition: the client's prices and totals are never read. A line
 * names its book and its language (English unless named); the edition's own price, or the book's, is charged.
 */
async function priceCart(db: Db, items: CreatePaymentOrderBody['cartItems']) {
  // The lines of one edition count together (the body's schema has held their sum to the limit of a line).
  const wanted = new Map<string, { bookId: string; language: string | undefined; quantity: number }>();
  for (const item of items) {
    const key = checkoutLineKey(item);
    const previous = wanted.get(key);
    wanted.set(key, {
      bookId: checkoutBookId(item).toLowerCase(),
      language: item.selectedLanguage,
      quantity: (previous?.quantity ?? 0) + item.quantity,
    });
  }
  if (wanted.size === 0) throw badRequest(PAYMENT_MESSAGES.emptyCart, 'EMPTY_CART');
  const books = await booksForSale(
    db,
    [...wanted.values()].map((line) => line.bookId),
  );
  const lines: CheckoutLine[] = [];
  for (const line of wanted.values()) {
    const book = books.get(line.bookId);
    if (!book) throw badRequest(PAYMENT_MESSAGES.unavailable, 'BOOK_UNAVAILABLE');
    const edition = saleEditionOf(book, line.language);
    if (!edition) throw editionNotOffered();
    // More copies than are left are refused here, naming the book (and its edition); stock that runs out after
    // this point never refuses a payment (the order is then backordered).
    assertInStock({ name: edition.title, stock: edition.stock }, line.quantity);
    lines.push({
      bookId: book.id,
      name: book.name,
      author: book.author,
      pricePaise: edition.pricePaise,
      quantity: line.quantity,
      images: book.images,
      selectedLanguage: edition.language,
    });
  }
  const subtotalPaise = lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
  const shippingPaise = toPaise(shippingFor(lines.reduce((sum, line) => sum + line.quantity, 0)));
  return { lines, subtotalPaise, shippingPaise, amountPaise: subtotalPaise + shippingPaise };
}

const snapshot = (address: ReturnType<typeof addressFieldsSchema.parse>): AddressSnapshot => ({
  addressType: address.addressType,
  addressLine1: address.addressLine1,
  ...(address.addressLine2 ? { addressLine2: address.addressLine2 } : {}),
  ...(address.landmark ? { landmark: address.landmark } : {}),
  city: address.city,
  state: address.state,
  pincode: address.pincode,
});

/** Who pays and where the books go: the user's profile and saved address, or the guest's details. */
async function buyer(db: Db, caller: AuthUser | null, body: CreatePaymentOrderBody) {
  if (caller) {
    const user = await findUserById(db, caller.id);
    if (!user) throw forbidden('Your account was not found', 'USER_NOT_FOUND');
    const contact: ContactSnapshot = { name: user.name, email: user.email, phone: user.phone };
    const selected = body.selectedAddress;
    if (selected && '_id' in selected && typeof selected._id === 'string') {
      const saved = await findAddress(db, user.id, selected._id);
      if (!saved) throw badRequest(PAYMENT_MESSAGES.addressRequired, 'ADDRESS_REQUIRED');
      return {
        userId: user.id,
        contact,
        // A saved address was checked when it was saved; it is copied as it is.
        address: snapshot(
          addressFieldsSchema.parse({
            ...saved,
            addressLine2: saved.addressLine2 ?? undefined,
            landmark: saved.landmark ?? undefined,
          }),
        ),
      };
    }
    const parsed = addressInputSchema.safeParse(selected);
    if (!parsed.success) throw badRequest(PAYMENT_MESSAGES.addressRequired, 'ADDRESS_REQUIRED');
    return { userId: user.id, contact, address: snapshot(parsed.data) };
  }
  const guest = guestInfoSchema.safeParse(body.guestInfo);
  if (!guest.success) {
    throw badRequest(
      guest.error.issues[0]?.message ?? PAYMENT_MESSAGES.contactRequired,
      'GUEST_DETAILS_REQUIRED',
      guest.error.issues.map((issue) => ({
        path: `body.guestInfo.${issue.path.join('.')}`,
        message: issue.message,
      })),
    );
  }
  const { name, email, phone, address } = guest.data;
  return { userId: null, contact: { name, email, phone }, address: snapshot(address) };
}

/** How a checkout is paid, and the site's cash-on-delivery terms (rupees) when it is cash on delivery. */
export interface CheckoutTerms {
  paymentMethod: PaymentMethod;
  cod?: CodSettings;
  now?: Date;
}

/**
 * Cash on delivery is offered when the owner turned it on, for an order total (before its fee) within the limit,
 * to a delivery zone that takes it.
 */
function assertCodAllowed(cod: CodSettings | undefined, totalPaise: number, zoneTakesCod: boolean): void {
  if (!cod?.codEnabled) throw badRequest(COUPON_MESSAGES.codOff, 'COD_OFF');
  if (totalPaise > toPaise(cod.codMaxOrder)) {
    throw badRequest(COUPON_MESSAGES.codOverLimit(formatMoney(cod.codMaxOrder)), 'COD_OVER_LIMIT');
  }
  if (!zoneTakesCod) throw badRequest(COUPON_MESSAGES.codUnavailable, 'COD_NOT_IN_ZONE');
}

/**
 * Step 1: price the cart and remember the checkout (`openCheckout`), then open a Razorpay order for the amount in
 * paise (`openRazorpayOrder`), or make the cash-on-delivery order at once (`placeCodOrder`). This half runs in the
 * caller's transaction, if any. The checkout keeps the language of the page it began on, which its order takes.
 * A coupon's use is held here, in the same transaction (coupons.service: `takeCouponHold`, `recordHold`).
 */
export async function openCheckout(
  db: Db,
  caller: AuthUser | null,
  body: CreatePaymentOrderBody,
  locale: Locale,
  terms: CheckoutTerms = { paymentMethod: 'card' },
) {
  if (isStaffRole(caller?.role)) throw forbidden('Admins cannot place orders', 'ADMIN_NO_CART');
  if (body.paymentMethod === 'cod' && terms.paymentMethod !== 'cod') {
    throw badRequest('A cash-on-delivery order is placed without a card payment', 'USE_COD_ORDER');
  }
  const cart = await priceCart(db, body.cartItems);
  const who = await buyer(db, caller, body);
  // Shipping by the delivery zone of the address's pincode; one not served is refused before any payment.
  const priced = await deliveryForCheckout(db, who.address.pincode, cart);
  const cod = terms.paymentMethod === 'cod';
  const codFeePaise = cod ? toPaise(terms.cod?.codFee ?? 0) : 0;
  const couponCode = body.couponCode ? couponCodeSchema.parse(body.couponCode) : undefined;
  const expect = (amountPaise: number) => {
    if (body.expectedTotal !== undefined && toPaise(body.expectedTotal) !== amountPaise) {
      throw conflict(PAYMENT_MESSAGES.priceChanged, 'PRICE_CHANGED');
    }
  };
  if (!couponCode) expect(priced.amountPaise + codFeePaise);
  // A savepoint inside the caller's transaction: a refusal below gives the coupon's use back with it.
  return db.transaction(async (tx) => {
    const hold = couponCode
      ? await takeCouponHold(tx, couponCode, priced.subtotalPaise, who.contact.email, terms.now)
      : undefined;
    const discountPaise = hold?.discountPaise ?? 0;
    const beforeFee = priced.amountPaise - discountPaise;
    if (cod) assertCodAllowed(terms.cod, beforeFee, priced.codAvailable);
    const amountPaise = beforeFee + codFeePaise;
    expect(amountPaise);
    const checkout = await insertCheckout(tx, {
      id: uuidv7(),
      userId: who.userId,
      contact: who.contact,
      shippingAddress: who.address,
      lines: priced.lines,
      subtotalPaise: priced.subtotalPaise,
      shippingPaise: priced.shippingPaise,
      amountPaise,
      ...priced.delivery,
      currency: CURRENCY,
      locale,
      paymentMethod: terms.paymentMethod,
      couponId: hold?.couponId ?? null,
      couponCode: hold?.code ?? null,
      discountPaise,
      codFeePaise,
    });
    if (hold) await recordHold(tx, hold, checkout.id);
    return checkout;
  });
}

/**
 * `POST /coupons/check`: what a code takes off these lines, priced from the database, or a 4xx saying why it does
 * not apply. Nothing is held. A signed-in customer's own earlier uses count; a guest's are counted at the checkout.
 */
export async function previewCheckoutCoupon(
  db: Db,
  caller: AuthUser | null,
  body: CouponCheckBody,
): Promise<CouponPreview> {
  const priced = await priceCart(db, body.cartItems);
  const user = caller ? await findUserById(db, caller.id) : undefined;
  const code = couponCodeSchema.parse(body.code);
  const preview = await previewCoupon(db, code, priced.subtotalPaise, user?.email ?? null);
  return {
    code: preview.code,
    discount: fromPaise(preview.discountPaise),
    subtotal: fromPaise(priced.subtotalPaise),
  };
}

/** A checkout still waiting for its Razorpay order or its payment (a retry of step 1 carries on with it). */
export async function findOpenCheckout(db: Db, id: string): Promise<CheckoutRow | undefined> {
  const checkout = await findCheckout(db, id);
  return checkout?.status === 'pending' ? checkout : undefined;
}

/**
 * Step 1, second half: the checkout's Razorpay order. A checkout keeps the first Razorpay order recorded for it:
 * asked twice (a retry with the same Idempotency-Key while the first was still at Razorpay), both answer that one,
 * and the other Razorpay order is never shown to anyone, so it is never paid.
 */
export async function openRazorpayOrder(ctx: CheckoutContext, checkout: CheckoutRow) {
  const answer = (orderId: string) => ({
    success: true as const,
    orderId,
    amount: checkout.amountPaise,
    currency: CURRENCY as 'INR',
    key: ctx.config.razorpay.keyId,
  });
  if (checkout.razorpayOrderId) return answer(checkout.razorpayOrderId);
  let razorpayOrderId: string;
  try {
    const order = await ctx.razorpay.createOrder({
      amount: checkout.amountPaise,
      currency: CURRENCY,
      receipt: checkout.id,
      notes: { checkoutId: checkout.id },
    });
    razorpayOrderId = order.id;
  } catch (error) {
    // The checkout will never be paid: it fails, and gives back the coupon use it held.
    await ctx.db.transaction(async (tx) => {
      await setCheckoutStatus(tx, checkout.id, 'failed');
      await releaseCouponHold(tx, checkout.id);
    });
    if (isAmountRefused(error)) {
      ctx.log.warn(
        { checkoutId: checkout.id, amountPaise: checkout.amountPaise, reason: (error as Error).message },
        'Razorpay refused the amount of a checkout',
      );
      throw badRequest(AMOUNT_NOT_ACCEPTED, 'AMOUNT_NOT_ACCEPTED');
    }
    if (isProviderUnavailable(error)) throw serviceUnavailable(PROVIDER_UNAVAILABLE, error);
    ctx.log.error({ err: error, checkoutId: checkout.id }, 'Razorpay order creation failed');
    throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'Failed to create payment order');
  }
  return answer(await setCheckoutRazorpayOrder(ctx.db, checkout.id, razorpayOrderId));
}

/**
 * `POST /payments/cod-order`: a cash-on-delivery order, placed without Razorpay. The checkout is opened and its order
 * made in one transaction (`db`: the Idempotency-Key's, when there is one), with the stock taken as a paid order
 * takes it; the confirmation mail goes once `afterCommit` is called. Answers the whole order to the buyer's session,
 * else its receipt, as the card payment's verification does.
 */
export async function placeCodOrder(
  ctx: Pick<CheckoutContext, 'log'>,
  db: Db,
  caller: AuthUser | null,
  body: CreatePaymentOrderBody,
  locale: Locale,
  cod: CodSettings,
): Promise<{ order: Order | OrderReceipt; full: Order; locale: Locale }> {
  const checkout = await openCheckout(db, caller, body, locale, { paymentMethod: 'cod', cod });
  const made = await createCodOrder(db, ctx.log, checkout);
  const owner = caller !== null && caller.id === checkout.userId;
  return { order: owner ? made.order : toOrderReceipt(made.order), full: made.order, locale: made.locale };
}

/** The confirmation of a cash-on-delivery order once it committed. */
export function confirmCashOnDelivery(ctx: CheckoutContext, order: Order, locale: Locale): void {
  confirmCodOrder(ctx, order, locale);
}

export function assertPaid(payment: RazorpayPayment, checkout: CheckoutRow, razorpayOrderId: string): void {
  if (payment.order_id !== razorpayOrderId) throw verificationFailed('PAYMENT_ORDER_MISMATCH');
  if (payment.status !== 'captured') throw verificationFailed('PAYMENT_NOT_CAPTURED');
  if (payment.amount !== checkout.amountPaise || payment.currency !== checkout.currency) {
    throw verificationFailed('PAYMENT_AMOUNT_MISMATCH');
  }
}

/**
 * Step 4: the browser's proof of payment, checked by signature and with Razorpay itself. Answers the whole order to
 * the buyer's session (or an admin's), and to anyone else only its receipt (`orderReceiptSchema`).
 */
export async function verifyPayment(
  ctx: CheckoutContext,
  caller: AuthUser | null,
  ids: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
): Promise<Order | OrderReceipt> {
  const valid = isValidPaymentSignature(
    ids.razorpay_order_id,
    ids.razorpay_payment_id,
    ids.razorpay_signature,
    ctx.config.razorpay.keySecret,
  );
  if (!valid) throw verificationFailed('SIGNATURE_INVALID');
  const checkout = await findCheckoutByRazorpayOrder(ctx.db, ids.razorpay_order_id);
  if (!checkout) throw verificationFailed('CHECKOUT_NOT_FOUND');
  if (checkout.userId && !caller) throw unauthorized('Please log in to continue');
  if (checkout.userId && caller?.id !== checkout.userId && !worksAtDesk(caller?.role, 'orders')) {
    throw forbidden('This payment belongs to another account', 'NOT_YOUR_PAYMENT');
  }
  // The proof alone is no key to the order: the buyer's details go to the owner's session (or the orders desk's) only.
  const owner = caller !== null && (caller.id === checkout.userId || worksAtDesk(caller.role, 'orders'));
  const answer = (order: Order) => (owner ? order : toOrderReceipt(order));
  const existing = await findOrderByRazorpayOrderId(ctx.db, ids.razorpay_order_id);
  if (existing) {
    if (existing.txnId !== ids.razorpay_payment_id) throw verificationFailed('PAYMENT_ORDER_MISMATCH');
    return answer(await fullOrder(ctx.db, existing));
  }
  let payment: RazorpayPayment;
  try {
    payment = await ctx.razorpay.fetchPayment(ids.razorpay_payment_id);
  } catch (error) {
    // The payment may well be captured: the buyer's retry, or the webhook, completes the order.
    if (isProviderUnavailable(error)) {
      throw serviceUnavailable(
        'The payment service is not answering right now. Your payment is safe; please try again in a moment.',
        error,
      );
    }
    ctx.log.error({ err: error }, 'Razorpay payment lookup failed');
    throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'Failed to verify Razorpay payment');
  }
  assertPaid(payment, checkout, ids.razorpay_order_id);
  return answer(await createOrderFromPayment(ctx, checkout, payment, 'verify'));
}

/** The parts of a Razorpay event the shop reads; anything else in it is kept as it came. */
const webhookBodySchema = z.object({
  event: z.string().max(100),
  payload: z
    .object({
      payment: z
        .object({
          entity: z
            .object({
              id: z.string().min(1).max(100),
              order_id: z.string().min(1).max(100),
              amount: z.number().int().nonnegative(),
              currency: z.string().max(10),
              status: z.string().max(40),
              method: z.string().max(40).optional(),
            })
            .loose()
            .optional(),
        })
        .loose()
        .optional(),
      refund: z
        .object({
          entity: z
            .object({
              id: z.string().min(1).max(100),
              payment_id: z.string().min(1).max(100),
              amount: z.number().int().nonnegative(),
              status: z.string().max(40),
              receipt: z.string().max(100).nullable().optional(),
            })
            .loose()
            .optional(),
        })
        .loose()
        .optional(),
    })
    .loose()
    .optional(),
});

/**
 * Step 5: Razorpay's webhook. The signature covers the raw body; each event is processed once; a captured payment
 * creates the order if the browser never came back; a refund's outcome settles the shop's refund.
 */
export async function handleWebhook(
  ctx: CheckoutContext,
  rawBody: Buffer,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<{ status: 'processed' | 'duplicate' | 'ignored' }> {
  const { webhookSecret, previousWebhookSecret } = ctx.config.razorpay;
  const signed =
    signature !== undefined &&
    (isValidWebhookSignature(rawBody, signature, webhookSecret) ||
      (previousWebhookSecret !== undefined &&
        isValidWebhookSignature(rawBody, signature, previousWebhookSecret)));
  if (!signed) {
    throw badRequest('Invalid webhook signature', 'WEBHOOK_SIGNATURE_INVALID');
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw badRequest('The request body is not valid JSON', 'INVALID_JSON');
  }
  // PostgreSQL cannot store a NUL character or half a surrogate pair; a signed event is kept, with them replaced.
  json = storableJson(json);
  // Signed but not an event the shop can read: 4xx, so that it is never taken for a server failure.
  const parsed = webhookBodySchema.safeParse(json);
  if (!parsed.success) throw badRequest('The webhook body is not a Razorpay event', 'WEBHOOK_INVALID');
  const body = parsed.data;
  const event = body.event;
  const eventId = eventIdHeader || `body_${createHash('sha256').update(rawBody).digest('hex')}`;
  if (!(await beginWebhookEvent(ctx.db, eventId, event, body))) return { status: 'duplicate' };

  let status: 'processed' | 'ignored' = 'ignored';
  const payment = body.payload?.payment?.entity as RazorpayPayment | undefined;
  if ((event === 'payment.captured' || event === 'order.paid') && payment?.order_id) {
    const checkout = await findCheckoutByRazorpayOrder(ctx.db, payment.order_id);
    if (!checkout) {
      ctx.log.warn({ event, razorpayOrderId: payment.order_id }, 'webhook for an unknown checkout');
    } else {
      assertPaid(payment, checkout, payment.order_id);
      await createOrderFromPayment(ctx, checkout, payment, 'webhook');
      status = 'processed';
    }
  }
  const refund = body.payload?.refund?.entity;
  if ((event === 'refund.processed' || event === 'refund.failed') && refund) {
    await settleRefund(ctx, refund);
    status = 'processed';
  }
  await finishWebhookEvent(ctx.db, eventId);
  return { status };
}
