import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/errors';
import { FairQueue } from '../../lib/fair-queue';
import type { Mail, MailAttachment } from '../../mail/mailer';
import { getOrder } from '../orders/orders.service';
import { renderBillPdf } from './bill-pdf';
import { findBillOfOrder } from './bills.repository';
import { billDocument, billFileName } from './bills.service';

/**
 * The mails' own turn at rendering bills: one at a time, behind the downloads' queue, so that a burst of orders
 * makes their mails wait rather than the customers who download a bill.
 */
const mailQueue = new FairQueue(
  { concurrency: 1, maxQueued: 1000, perClient: 1000 },
  () => new Error('Too many bills waiting to be mailed'),
);

/** The order's bill as a mail's attachment; none when the order has no bill (a COD order before its cash). */
export async function billAttachments(db: Db, orderId: string): Promise<MailAttachment[]> {
  const bill = await findBillOfOrder(db, orderId);
  if (!bill) return [];
  const order = await getOrder(db, orderId);
  const pdf = await mailQueue.run('mail', () => renderBillPdf(billDocument(bill, order)));
  return [{ filename: billFileName(bill.number), content: pdf, contentType: 'application/pdf' }];
}

/**
 * `mail` with the order's bill attached, made when the mail is sent. A bill that cannot be made (the database or
 * the renderer failed) is logged and the mail goes without it: the customer can download it from the order page.
 * The bill of an order made while the database restarts may thus be missing from its mail.
 */
export function withBill(ctx: { db: Db; log: FastifyBaseLogger }, mail: Mail, orderId: string): Mail {
  return {
    ...mail,
    lateAttachments: async () => {
      try {
        return await billAttachments(ctx.db, orderId);
      } catch (error) {
        // A database outage is a passing condition (logged at warn, as elsewhere); anything else is a fault.
        if (isDatabaseUnavailable(error))
          ctx.log.warn({ err: error, orderId }, 'bill of supply not attached');
        else ctx.log.error({ err: error, orderId }, 'bill of supply not attached');
        return [];
      }
    },
  };
}
