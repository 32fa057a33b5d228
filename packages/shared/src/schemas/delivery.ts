import { z } from 'zod';
import { DELIVERY_PINCODE_PATTERN } from '../pincodes';
import { idSchema } from './common';

/**
 * Delivery zones by pincode (docs/decisions/052): the public quote for a pincode and the orders desk's zones with
 * their pincode ranges. Money is in rupees here, as in every answer of the API; the server keeps paise.
 */

export const DELIVERY_MESSAGES = {
  invalidPincode: 'A pincode is six digits and does not start with 0',
  notServiceable: (pincode: string) => `We do not deliver to pincode ${pincode} yet`,
  rangeOrder: 'The first pincode of a range cannot come after the last',
  maxBeforeMin: 'The longest delivery time cannot be shorter than the shortest',
  keepDefault: 'One zone must stay the default: make another zone the default instead',
  defaultNotDeleted: 'The default zone cannot be deleted: make another zone the default first',
  zoneNotFound: 'Delivery zone not found',
  saved: 'Delivery zone saved',
  deleted: 'Delivery zone deleted',
  rateLimited: 'Too many delivery checks. Please try again in a minute.',
} as const;

export const DELIVERY_LIMITS = {
  name: 100,
  ranges: 200,
  days: 90,
  chargePerPair: 10_000,
  quantity: 100,
} as const;

export const deliveryPincodeSchema = z
  .string()
  .trim()
  .regex(DELIVERY_PINCODE_PATTERN, DELIVERY_MESSAGES.invalidPincode);

/** `GET /delivery/:pincode?quantity=N`. */
export const deliveryQuoteParamsSchema = z.object({ pincode: deliveryPincodeSchema });
export const deliveryQuoteQuerySchema = z.object({
  quantity: z.coerce.number().int().min(1).max(DELIVERY_LIMITS.quantity).default(1),
});

/** The quote: a charge for this many books and the days it takes, or no delivery to that pincode yet. */
export const deliveryQuoteSchema = z.discriminatedUnion('serviceable', [
  z.object({
    serviceable: z.literal(true),
    pincode: z.string(),
    quantity: z.number().int(),
    /** Rupees, for `quantity` books. */
    shipping: z.number(),
    minDays: z.number().int(),
    maxDays: z.number().int(),
    codAvailable: z.boolean(),
  }),
  z.object({ serviceable: z.literal(false), pincode: z.string(), quantity: z.number().int() }),
]);
export type DeliveryQuoteAnswer = z.infer<typeof deliveryQuoteSchema>;

const days = z.coerce.number().int('Whole days, please').min(0).max(DELIVERY_LIMITS.days);

/** A pincode range, both ends included. */
export const pincodeRangeBodySchema = z
  .object({ from: deliveryPincodeSchema, to: deliveryPincodeSchema })
  .refine((range) => Number(range.from) <= Number(range.to), {
    message: DELIVERY_MESSAGES.rangeOrder,
    path: ['to'],
  });
export type PincodeRangeBody = z.infer<typeof pincodeRangeBodySchema>;

/** What the desk saves of a zone: the whole zone with all its ranges. */
export const deliveryZoneBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Please give the zone a name').max(DELIVERY_LIMITS.name),
    /** Rupees for every started pair of books. */
    chargePerPair: z.coerce
      .number()
      .min(0, 'The charge cannot be negative')
      .max(DELIVERY_LIMITS.chargePerPair)
      .refine((value) => Number.isInteger(Math.round(value * 100 * 1000) / 1000), 'At most two decimals'),
    minDays: days,
    maxDays: days,
    serviceable: z.boolean(),
    codAvailable: z.boolean(),
    isDefault: z.boolean(),
    ranges: z.array(pincodeRangeBodySchema).max(DELIVERY_LIMITS.ranges),
  })
  .refine((zone) => zone.maxDays >= zone.minDays, {
    message: DELIVERY_MESSAGES.maxBeforeMin,
    path: ['maxDays'],
  });
export type DeliveryZoneBody = z.infer<typeof deliveryZoneBodySchema>;

export const pincodeRangeSchema = z.object({ id: idSchema, from: z.string(), to: z.string() });

export const deliveryZoneSchema = z.object({
  id: idSchema,
  name: z.string(),
  chargePerPair: z.number(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  serviceable: z.boolean(),
  codAvailable: z.boolean(),
  isDefault: z.boolean(),
  ranges: z.array(pincodeRangeSchema),
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;
