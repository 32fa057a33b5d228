import type { AddressSnapshot } from './schema';

/** The address fields an order keeps, without the empty optional ones. */
export const snapshotAddress = (address: {
  addressType?: string | null;
  addressLine1: string;
  addressLine2?: string | null;
  landmark?: string | null;
  city: string;
  state: string;
  pincode: string;
}): AddressSnapshot => ({
  ...(address.addressType ? { addressType: address.addressType } : {}),
  addressLine1: address.addressLine1,
  ...(address.addressLine2 ? { addressLine2: address.addressLine2 } : {}),
  ...(address.landmark ? { landmark: address.landmark } : {}),
  city: address.city,
  state: address.state,
  pincode: address.pincode,
});
