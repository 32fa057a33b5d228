import { z } from 'zod';
import { INDIAN_STATES } from '../constants';
import { DEFAULT_SELLER, GSTIN_PATTERN, PAN_PATTERN, SELLER_LIMITS, SELLER_MESSAGES } from '../seller';

const tooLong = (max: number) => `Please keep this under ${max} characters`;

/**
 * A code that is empty or matches `pattern` in capitals, however it was typed (the bill prints it in capitals). No
 * transform: the settings are also an answer's schema, and an answer is not written through a transform.
 */
const optionalCode = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || pattern.test(value.toUpperCase()), message)
    .default('');

/** The seller printed on every bill of supply (docs/decisions/053). */
export const sellerSchema = z.object({
  name: z
    .string({ error: SELLER_MESSAGES.nameRequired })
    .trim()
    .min(1, SELLER_MESSAGES.nameRequired)
    .max(SELLER_LIMITS.name, tooLong(SELLER_LIMITS.name)),
  address: z
    .array(
      z
        .string()
        .trim()
        .min(1, SELLER_MESSAGES.addressRequired)
        .max(SELLER_LIMITS.addressLine, tooLong(SELLER_LIMITS.addressLine)),
      { error: SELLER_MESSAGES.addressRequired },
    )
    .min(1, SELLER_MESSAGES.addressRequired)
    .max(SELLER_LIMITS.addressLines, SELLER_MESSAGES.addressTooManyLines),
  gstin: optionalCode(GSTIN_PATTERN, SELLER_MESSAGES.invalidGstin),
  pan: optionalCode(PAN_PATTERN, SELLER_MESSAGES.invalidPan),
  state: z.enum(INDIAN_STATES, { error: SELLER_MESSAGES.invalidState }),
});
export type SellerSettings = z.infer<typeof sellerSchema>;

void (DEFAULT_SELLER satisfies z.input<typeof sellerSchema>);
