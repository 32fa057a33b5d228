import type { FastifyInstance } from 'fastify';
import type { RefundsContext } from './refunds.service';

/** What refunding an order needs of the app: its database, Razorpay, the mailer, the log and the order links. */
export const refundsContextOf = (app: FastifyInstance): RefundsContext => ({
  db: app.db,
  razorpay: app.razorpay,
  mailer: app.mailer,
  log: app.log,
  publicUrl: app.config.publicUrl,
  orderLinks: app.orderLinks,
});
