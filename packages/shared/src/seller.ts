import type { IndianState } from './constants';

/**
 * The seller named on the bills of supply (docs/decisions/053): part of the site's settings, edited on the Site
 * settings screen. Zod-free like ../settings.ts; the schema is in schemas/seller.ts.
 */

/** A PAN: five letters, four digits, a letter (`AAACD1234F`). */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** A GSTIN: the state's two digits, the PAN, the entity's number, `Z` and a check character (`19AAACD1234F1Z5`). */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const SELLER_LIMITS = { name: 120, addressLines: 4, addressLine: 120 } as const;

export const SELLER_MESSAGES = {
  nameRequired: "Please enter the seller's name as it appears on bills",
  addressRequired: "Please enter the seller's address",
  addressTooManyLines: `Please keep the seller's address to ${SELLER_LIMITS.addressLines} lines`,
  invalidPan: 'A PAN is five letters, four digits and a letter (AAACD1234F), or leave it empty',
  invalidGstin: 'A GSTIN is 15 characters (19AAACD1234F1Z5), or leave it empty',
  invalidState: 'Choose the state the shop is registered in',
} as const;

export interface Seller {
  name: string;
  address: string[];
  /** Empty when the shop is not registered for GST (a seller of nil-rated books only need not be). */
  gstin: string;
  pan: string;
  state: IndianState;
}

/** The seller of a site nobody has configured yet: the demo office, no PAN or GSTIN. */
export const DEFAULT_SELLER: Seller = {
  name: 'Darul Ilm Publications',
  address: ['14 Ripon Street, Park Circus', 'Kolkata, West Bengal 700016'],
  gstin: '',
  pan: '',
  state: 'West Bengal',
};
