import {
  fromPaise,
  normalizeIndianPhone,
  TRACK_MESSAGES,
  trackOrderBodySchema,
  type TrackedOrder,
  type TrackOrderBody,
} from '@scholar/shared';
import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { OrderLinks } from '../../lib/order-links';
import { snapshotAddress } from '../../db/address-snapshot';
import { moneyOfRow } from './cod';
import { withItems, type OrderWithItems } from './orders.repository';
import { attachGuestOrdersByEmail, confirmedCustomerOfEmail, findOrderByNumber } from './track.repository';

/**
 * "Track your order" (docs/decisions/054): an order found by its number and the email or phone given at checkout,
 * or by the signed link of its mails. Every failure of a lookup is the same 404, so that nobody learns whether a
 * number exists or whose it is.
 */

const notFoundAnswer = () => notFound(TRACK_MESSAGES.notFound, 'ORDER_TRACK_NOT_FOUND');

/** Whether what the reader typed is the order's email (any case) or its phone (in any written form). */
function contactMatches(row: OrderRow, contact: string): boolean {
  if (contact.includes('@')) return row.contactEmail.trim().toLowerCase() === contact.toLowerCase();
  const typed = normalizeIndianPhone(contact);
  if (typed === null) return false;
  return (normalizeIndianPhone(row.contactPhone) ?? row.contactPhone) === typed;
}

/** The tracking page's order; `full` (the signed link) adds the name and the whole address. */
export function toTrackedOrder(row: OrderWithItems, full: boolean): TrackedOrder {
  const address = row.shippingAddress;
  return {
    orderNumber: row.orderNumber,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    amount: fromPaise(row.amountPaise),
    subtotal: fromPaise(row.subtotalPaise),
    shipping: fromPaise(row.shippingPaise),
    refundedAmount: fromPaise(row.refundedPaise),
    money: moneyOfRow(row),
    backordered: row.backordered,
    items: row.items.map((item) => ({
      _id: item.id,
      refundedQuantity: item.refundedQuantity,
      name: item.name,
      author: item.author,
      price: fromPaise(item.pricePaise),
      quantity: item.quantity,
      image: item.images[0] ?? null,
      ...(item.selectedLanguage ? { selectedLanguage: item.selectedLanguage } : {}),
    })),
    fulfillment: {
      shippingProvider: row.shippingProvider,
      trackingNumber: row.trackingNumber,
      trackingUrl: row.trackingUrl,
      estimatedDelivery: row.estimatedDelivery,
      shippedAt: row.shippedAt?.toISOString() ?? null,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
    },
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    destination: { city: address.city, state: address.state, pincode: address.pincode },
    name: full ? row.contactName : null,
    shippingAddress: full ? snapshotAddress(address) : null,
  };
}

async function tracked(db: Db, row: OrderRow, full: boolean): Promise<TrackedOrder> {
  const [withLines] = await withItems(db, [row]);
  return toTrackedOrder(withLines!, full);
}

/** The lookup by order number and the email or phone used: the order without its full address. */
export async function trackByContact(db: Db, input: TrackOrderBody): Promise<TrackedOrder> {
  const { orderNumber, contact } = trackOrderBodySchema.parse(input);
  const row = await findOrderByNumber(db, orderNumber);
  if (!row || !contactMatches(row, contact)) throw notFoundAnswer();
  return tracked(db, row, false);
}

/** The signed link of the mails: the whole order, address included. */
export async function trackBySignedLink(
  links: OrderLinks,
  db: Db,
  orderNumber: string,
  signature: string,
): Promise<TrackedOrder> {
  const row = await findOrderByNumber(db, orderNumber);
  if (!row || !links.isSignature(row.id, signature)) {
    throw notFound(TRACK_MESSAGES.badLink, 'ORDER_TRACK_LINK_INVALID');
  }
  return tracked(db, row, true);
}

/**
 * Gives the orders placed as a guest with a confirmed email to its account (the email proof, modules/auth), in the
 * caller's transaction; answers how many.
 */
export const attachGuestOrders = (tx: Db, userId: string, email: string): Promise<number> =>
  attachGuestOrdersByEmail(tx, userId, email);

/**
 * Whose order a new one is: the signed-in buyer's, else the customer account that has confirmed the order's email
 * (docs/decisions/054), else nobody's (a guest order, attached if that email is confirmed later).
 */
export const ownerOfNewOrder = async (tx: Db, userId: string | null, email: string): Promise<string | null> =>
  userId ?? (await confirmedCustomerOfEmail(tx, email));
