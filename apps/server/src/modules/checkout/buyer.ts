import {
  addressFieldsSchema,
  addressInputSchema,
  guestInfoSchema,
  PAYMENT_MESSAGES,
  type CreatePaymentOrderBody,
} from '@scholar/shared';
import type { Db } from '../../db/client';
import type { AddressSnapshot, ContactSnapshot } from '../../db/schema';
import { snapshotAddress } from '../../db/address-snapshot';
import { badRequest, forbidden } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { findAddress, findUserById } from '../users/users.service';

/** Who pays and where the books go, as the checkout keeps them. */
export interface Buyer {
  userId: string | null;
  contact: ContactSnapshot;
  address: AddressSnapshot;
}

/** A signed-in customer: their profile, and the saved address they chose or the one they typed. */
async function customer(db: Db, caller: AuthUser, body: CreatePaymentOrderBody): Promise<Buyer> {
  const user = await findUserById(db, caller.id);
  if (!user) throw forbidden('Your account was not found', 'USER_NOT_FOUND');
  const contact: ContactSnapshot = { name: user.name, email: user.email, phone: user.phone };
  const selected = body.selectedAddress;
  if (selected && '_id' in selected && typeof selected._id === 'string') {
    const saved = await findAddress(db, user.id, selected._id);
    if (!saved) throw badRequest(PAYMENT_MESSAGES.addressRequired, 'ADDRESS_REQUIRED');
    return {
      userId: user.id,
      contact,
      // A saved address was checked when it was saved; it is copied as it is.
      address: snapshotAddress(
        addressFieldsSchema.parse({
          ...saved,
          addressLine2: saved.addressLine2 ?? undefined,
          landmark: saved.landmark ?? undefined,
        }),
      ),
    };
  }
  const parsed = addressInputSchema.safeParse(selected);
  if (!parsed.success) throw badRequest(PAYMENT_MESSAGES.addressRequired, 'ADDRESS_REQUIRED');
  return { userId: user.id, contact, address: snapshotAddress(parsed.data) };
}

/** A guest: the details they typed, each refused beside its field when it is wrong. */
function guest(body: CreatePaymentOrderBody): Buyer {
  const parsed = guestInfoSchema.safeParse(body.guestInfo);
  if (!parsed.success) {
    throw badRequest(
      parsed.error.issues[0]?.message ?? PAYMENT_MESSAGES.contactRequired,
      'GUEST_DETAILS_REQUIRED',
      parsed.error.issues.map((issue) => ({
        path: `body.guestInfo.${issue.path.join('.')}`,
        message: issue.message,
      })),
    );
  }
  const { name, email, phone, address } = parsed.data;
  return { userId: null, contact: { name, email, phone }, address: snapshotAddress(address) };
}

/** Who pays and where the books go: the user's profile and saved address, or the guest's details. */
export async function buyer(db: Db, caller: AuthUser | null, body: CreatePaymentOrderBody): Promise<Buyer> {
  return caller ? customer(db, caller, body) : guest(body);
}
