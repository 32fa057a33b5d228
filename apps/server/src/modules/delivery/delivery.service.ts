import {
  DELIVERY_MESSAGES,
  DELIVERY_PINCODE_PATTERN,
  fromPaise,
  indiaDateOf,
  toPaise,
  type DeliveryQuoteAnswer,
  type DeliveryZone,
  type DeliveryZoneBody,
} from '@scholar/shared';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import {
  clearDefaultExcept,
  defaultZone,
  deleteZone,
  findZone,
  insertZone,
  listZonesWithRanges,
  replaceRanges,
  updateZone,
  zoneOfPincode,
  type DeliveryZoneRow,
  type PincodeRangeRow,
  type ZoneValues,
} from './delivery.repository';

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

/** `GET /delivery/:pincode`: the quote in rupees, as the book page and the checkout show it. */
export async function publicDeliveryQuote(
  db: Db,
  pincode: string,
  quantity: number,
): Promise<DeliveryQuoteAnswer> {
  const quote = await quoteDelivery(db, pincode, quantity);
  if (!quote.serviceable) return { serviceable: false, pincode, quantity };
  return {
    serviceable: true,
    pincode,
    quantity,
    shipping: fromPaise(quote.shippingPaise),
    minDays: quote.minDays,
    maxDays: quote.maxDays,
    codAvailable: quote.codAvailable,
  };
}

const toZone = (zone: DeliveryZoneRow & { ranges: PincodeRangeRow[] }): DeliveryZone => ({
  id: zone.id,
  name: zone.name,
  chargePerPair: fromPaise(zone.chargePerPairPaise),
  minDays: zone.minDays,
  maxDays: zone.maxDays,
  serviceable: zone.serviceable,
  codAvailable: zone.codAvailable,
  isDefault: zone.isDefault,
  ranges: zone.ranges.map((range) => ({
    id: range.id,
    from: String(range.fromPincode),
    to: String(range.toPincode),
  })),
});

/** The orders desk's list: every zone with its ranges, the default first. */
export async function listDeliveryZones(db: Db): Promise<DeliveryZone[]> {
  return (await listZonesWithRanges(db)).map(toZone);
}

async function zoneById(db: Db, id: string): Promise<DeliveryZone> {
  const zone = (await listZonesWithRanges(db)).find((row) => row.id === id);
  if (!zone) throw notFound(DELIVERY_MESSAGES.zoneNotFound, 'ZONE_NOT_FOUND');
  return toZone(zone);
}

const valuesOf = (body: DeliveryZoneBody): ZoneValues => ({
  name: body.name,
  chargePerPairPaise: toPaise(body.chargePerPair),
  minDays: body.minDays,
  maxDays: body.maxDays,
  serviceable: body.serviceable,
  codAvailable: body.codAvailable,
  isDefault: body.isDefault,
});

const rangesOf = (body: DeliveryZoneBody) =>
  body.ranges.map((range) => ({
    id: uuidv7(),
    fromPincode: Number(range.from),
    toPincode: Number(range.to),
  }));

/**
 * A new zone with its ranges. Made the default, it takes over from the one before (there is always exactly one);
 * the whole save is one transaction.
 */
export async function createDeliveryZone(db: Db, body: DeliveryZoneBody): Promise<DeliveryZone> {
  const id = uuidv7();
  await db.transaction(async (tx) => {
    if (body.isDefault) await clearDefaultExcept(tx, id);
    await insertZone(tx, { id, ...valuesOf(body) });
    await replaceRanges(tx, id, rangesOf(body));
  });
  return zoneById(db, id);
}

/** Saves the whole zone and its ranges; the default zone stays the default until another is made it. */
export async function updateDeliveryZone(db: Db, id: string, body: DeliveryZoneBody): Promise<DeliveryZone> {
  await db.transaction(async (tx) => {
    const zone = await findZone(tx, id);
    if (!zone) throw notFound(DELIVERY_MESSAGES.zoneNotFound, 'ZONE_NOT_FOUND');
    if (zone.isDefault && !body.isDefault)
      throw badRequest(DELIVERY_MESSAGES.keepDefault, 'DEFAULT_ZONE_NEEDED');
    if (body.isDefault) await clearDefaultExcept(tx, id);
    await updateZone(tx, id, valuesOf(body));
    await replaceRanges(tx, id, rangesOf(body));
  });
  return zoneById(db, id);
}

/** Deletes a zone and its ranges; the default zone is refused (400), an unknown one is 404. */
export async function deleteDeliveryZone(db: Db, id: string): Promise<void> {
  const zone = await findZone(db, id);
  if (!zone) throw notFound(DELIVERY_MESSAGES.zoneNotFound, 'ZONE_NOT_FOUND');
  if (zone.isDefault) throw badRequest(DELIVERY_MESSAGES.defaultNotDeleted, 'DEFAULT_ZONE_NEEDED');
  if (!(await deleteZone(db, id))) throw notFound(DELIVERY_MESSAGES.zoneNotFound, 'ZONE_NOT_FOUND');
}

const DAY_MS = 86_400_000;

/**
 * The order's estimated delivery (YYYY-MM-DD, an India date): the longest promise of the checkout's zone counted
 * from the moment the order is made; none for a checkout opened before delivery zones.
 */
export function estimatedDeliveryAfter(maxDays: number | null | undefined, now = Date.now()): string | null {
  if (maxDays === null || maxDays === undefined) return null;
  return indiaDateOf(new Date(now + maxDays * DAY_MS));
}
