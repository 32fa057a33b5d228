import { orderSchema, STORAGE_KEYS, type Order } from '@scholar/shared';
import { storage } from '../../../lib/storage';

/**
 * The order kept for the success page (spec §2, successOrder). Anything that is not a whole order (broken JSON,
 * an older or edited shape, items that are not a list, missing totals) reads as no order at all.
 */
export function readSuccessOrder(): Order | null {
  const parsed = orderSchema.safeParse(storage.get<unknown>(STORAGE_KEYS.successOrder));
  return parsed.success ? parsed.data : null;
}
