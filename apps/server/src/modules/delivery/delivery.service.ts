import { DELIVERY_MESSAGES, DELIVERY_PINCODE_PATTERN } from '@scholar/shared';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { defaultZone, zoneOfPincode, type DeliveryZoneRow } from './delivery.repository';

export type DeliveryQuote =
  | {
      serviceable: true;
      zoneId: string;
      zoneName: string;
      shippingPaise: number;
      minDays: number;
      maxDays: number;
      codAvailable: boolean;
    }
  | { serviceable: false };

/** What delivery costs for this many books and how long it takes, by the zone's charge for every started pair. */
export function quoteFromZone(zone: DeliveryZoneRow, totalQuantity: number): DeliveryQuote {
  if (!zone.serviceable) return { serviceable: false };
  const pairs = Number.isFinite(totalQuantity) && totalQuantity > 0 ? Math.ceil(totalQuantity / 2) : 0;
  return {
    serviceable: true,
    zoneId: zone.id,
    zoneName: zone.name,
    shippingPaise: pairs * zone.chargePerPairPaise,
    minDays: zone.minDays,
    maxDays: zone.maxDays,
    codAvailable: zone.codAvailable,
  };
}

/**
 * Delivery to a pincode: the zone of the narrowest range that holds it, else the default zone (₹50 per two books,
 * as the price list always said). A pincode that is not six digits, a zone that is not served, or no default zone
 * at all answers not serviceable: the checkout refuses it before any payment.
 */
export async function quoteDelivery(db: Db, pincode: string, totalQuantity: number): Promise<DeliveryQuote> {
  const trimmed = pincode.trim();
  if (!DELIVERY_PINCODE_PATTERN.test(trimmed)) return { serviceable: false };
  const zone = (await zoneOfPincode(db, Number(trimmed))) ?? (await defaultZone(db));
  if (!zone) return { serviceable: false };
  return quoteFromZone(zone, totalQuantity);
}

/** The sentence an unserviceable pincode is refused with, at checkout and by the public quote. */
export const notServiceableMessage = DELIVERY_MESSAGES.notServiceable;

/**
 * The priced cart of a checkout being opened, delivered to its address's pincode: the shipping is the zone's and
 * the amount follows it (the rest of the amount, discounts included, is kept); `delivery` holds the zone and its
 * days for the checkout row. An unserviceable pincode is refused here (400), before any payment is opened.
 */
export async function deliveryForCheckout<
  T extends { lines: readonly { quantity: number }[]; shippingPaise: number; amountPaise: number },
>(db: Db, pincode: string, priced: T) {
  const quantity = priced.lines.reduce((sum, line) => sum + line.quantity, 0);
  const quote = await quoteDelivery(db, pincode, quantity);
  if (!quote.serviceable) throw badRequest(notServiceableMessage(pincode), 'PINCODE_NOT_SERVICEABLE');
  return {
    ...priced,
    shippingPaise: quote.shippingPaise,
    amountPaise: priced.amountPaise - priced.shippingPaise + quote.shippingPaise,
    codAvailable: quote.codAvailable,
    delivery: {
      deliveryZoneId: quote.zoneId,
      deliveryMinDays: quote.minDays,
      deliveryMaxDays: quote.maxDays,
    },
  };
}
