import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { OrderLinks } from '../../lib/order-links';
import type { Mailer } from '../../mail/mailer';
import type { RazorpayClient } from '../../payments/razorpay-client';
import type { findCheckoutByRazorpayOrder } from './checkout.repository';

/** What the checkout's steps work with: the payments routes and the reconciliation sweep each make one. */
export interface CheckoutContext {
  db: Db;
  config: Config;
  razorpay: RazorpayClient;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The signed link of the confirmation mail (`app.orderLinks`). */
  orderLinks: OrderLinks;
}

/** The checkout's context of the running app. */
export const checkoutContextOf = (app: FastifyInstance): CheckoutContext => ({
  db: app.db,
  config: app.config,
  razorpay: app.razorpay,
  mailer: app.mailer,
  log: app.log,
  orderLinks: app.orderLinks,
});

/** A checkout as stored: what the buyer was shown and agreed to pay. */
export type CheckoutRow = NonNullable<Awaited<ReturnType<typeof findCheckoutByRazorpayOrder>>>;
