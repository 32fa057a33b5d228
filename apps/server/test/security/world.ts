import { v7 as uuidv7 } from 'uuid';
import { createAddress, createBook, createUser } from '../support/factories';
import { insertRefreshToken, insertResetToken } from '../../src/modules/auth/auth.repository';
import { newOpaqueToken } from '../../src/modules/auth/tokens';
import { hmacHex } from '../../src/payments/signature';
import { authHeader, type TestContext } from '../support/app';

/** Who calls: nobody, the owner of the records, a customer who does not own them, an admin. */
export const ROLES = ['guest', 'user', 'other', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const OWNER_PASSWORD = 'owner-password-123';
export const ASKER_EMAIL = 'private-asker@example.org';

/** The people of the security tests and their real access tokens. */
export interface World {
  ctx: TestContext;
  owner: Awaited<ReturnType<typeof createUser>>;
  other: Awaited<ReturnType<typeof createUser>>;
  admin: Awaited<ReturnType<typeof createUser>>;
  /** Whose password the reset rows change (always back to the same value). */
  resetter: Awaited<ReturnType<typeof createUser>>;
  headers: Record<Role, Record<string, string>>;
}

export async function createWorld(ctx: TestContext): Promise<World> {
  const db = ctx.database.db;
  const [owner, other, admin, resetter] = await Promise.all([
    createUser(db, { name: 'Owner', password: OWNER_PASSWORD }),
    createUser(db, { name: 'Other Customer' }),
    createUser(db, { name: 'Admin', role: 'admin' }),
    createUser(db, { name: 'Resetter' }),
  ]);
  return {
    ctx,
    owner,
    other,
    admin,
    resetter,
    headers: {
      guest: {},
      user: await authHeader(ctx, { id: owner.id, role: 'user' }),
      other: await authHeader(ctx, { id: other.id, role: 'user' }),
      admin: await authHeader(ctx, { id: admin.id, role: 'admin' }),
    },
  };
}

/** The id the caller of a role would send as "my id". */
export function ownIdOf(world: World, role: Role): string {
  if (role === 'user') return world.owner.id;
  if (role === 'other') return world.other.id;
  if (role === 'admin') return world.admin.id;
  return uuidv7();
}

export const sandboxAuth = (world: World) => ({
  authorization: `Basic ${Buffer.from(
    `${world.ctx.config.razorpay.keyId}:${world.ctx.config.razorpay.keySecret}`,
  ).toString('base64')}`,
});

export const validAddress = {
  addressType: 'Home',
  addressLine1: '7 Ripon Street',
  city: 'Kolkata',
  state: 'West Bengal',
  pincode: '700016',
} as const;

export const guestInfo = {
  name: 'Guest Buyer',
  email: 'guest-buyer@example.com',
  phone: '9830011223',
  address: validAddress,
};

/** A Razorpay order in the sandbox (no checkout behind it). */
export async function sandboxOrder(world: World): Promise<string> {
  const res = await world.ctx.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/v1/orders',
    headers: sandboxAuth(world),
    payload: { amount: 10_000, currency: 'INR', receipt: 'matrix' },
  });
  return res.json().id as string;
}

/** The owner's checkout, not paid: its Razorpay order's id. */
export async function ownerOpenCheckout(world: World): Promise<string> {
  const book = await createBook(world.ctx.database.db, { price: 120 });
  const address = await createAddress(world.ctx.database.db, world.owner.id);
  const created = await world.ctx.app.inject({
    method: 'POST',
    url: '/api/payments/create-razorpay-order',
    headers: world.headers.user,
    payload: { cartItems: [{ book: book.id, quantity: 1 }], selectedAddress: { _id: address.id } },
  });
  return created.json<{ orderId: string }>().orderId;
}

/** The owner's checkout, paid in the sandbox without a webhook: the three ids the browser would verify. */
export async function ownerPaidCheckout(world: World) {
  const orderId = await ownerOpenCheckout(world);
  const pay = await world.ctx.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/orders/${orderId}/pay`,
    payload: { outcome: 'success', webhook: false },
  });
  return pay.json<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }>();
}

export function signedWebhook(world: World, body: object, secret = world.ctx.config.razorpay.webhookSecret) {
  const raw = JSON.stringify(body);
  return {
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(secret, raw),
      'x-razorpay-event-id': `evt_${uuidv7().replace(/-/g, '')}`,
    },
  };
}

export async function freshRefreshToken(world: World): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await insertRefreshToken(world.ctx.database.db, {
    userId: world.owner.id,
    familyId: uuidv7(),
    tokenHash: hash,
    expiresAt: new Date(Date.now() + 60_000),
  });
  return token;
}

export async function freshResetToken(world: World): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await insertResetToken(world.ctx.database.db, {
    userId: world.resetter.id,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + 60_000),
  });
  return token;
}
