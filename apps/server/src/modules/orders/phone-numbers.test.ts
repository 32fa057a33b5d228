import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBook, createOrder, createUser } from '../../../test/support/factories';
import { authHeader } from '../../../test/support/app';
import { checkouts, orders, users } from '../../db/schema';
import { signInAdmin, useTestApp } from '../../../test/support/use-test-app';

const { ctx } = useTestApp();

/** Indian mobile numbers are kept as their 10 digits and found however they are written (docs/decisions/057). */
describe('phone numbers', () => {
  const search = async (term: string) => {
    const res = await ctx.app.inject({
      url: `/api/orders/admin/all?search=${encodeURIComponent(term)}`,
      headers: await signInAdmin(ctx),
    });
    expect(res.statusCode, term).toBe(200);
    return (res.json().data.orders as { orderNumber: string }[]).map((o) => o.orderNumber);
  };

  it('the desk finds an order by its phone written any usual way', async () => {
    const mine = await createOrder(ctx.database.db);
    await ctx.database.db
      .update(orders)
      .set({ orderNumber: 'ORD-20261127-PH0NE1', contactPhone: '9820022222' })
      .where(eq(orders.id, mine.id));
    const other = await createOrder(ctx.database.db);
    await ctx.database.db.update(orders).set({ contactPhone: '9830012345' }).where(eq(orders.id, other.id));

    for (const term of [
      '9820022222',
      '+91 98200 22222',
      '+91-9820022222',
      '09820022222',
      '919820022222',
      '98200 22222',
      '0091 98200 22222',
    ]) {
      expect(await search(term), term).toEqual(['ORD-20261127-PH0NE1']);
    }
    // Part of the number is still matched as typed.
    expect(await search('22222')).toEqual(['ORD-20261127-PH0NE1']);
    // A number that is not this one finds nothing.
    expect(await search('+91 98200 22223')).toEqual([]);
  });

  /** Asha signs up with `phone` as she typed it. */
  const registerWithPhone = (phone: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Asha Roy', email: 'asha@example.in', phone, password: 'sabr-123' },
    });

  it('registration and the profile keep the 10 digits', async () => {
    const res = await registerWithPhone('+91 98200 22222');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.phone).toBe('9820022222');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, 'asha@example.in'));
    expect(row?.phone).toBe('9820022222');

    const user = await createUser(ctx.database.db);
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${user.id}`,
      headers: await authHeader(ctx, user),
      payload: { name: user.name, email: user.email, phone: '098300-12345' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const [changed] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(changed?.phone).toBe('9830012345');
  });

  it('refuses a 9-digit number with its own message', async () => {
    const res = await registerWithPhone('98200 2222');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'body.phone', message: 'Enter a 10-digit mobile number' }]);
  });

  it("a guest's checkout keeps the 10 digits", async () => {
    const book = await createBook(ctx.database.db, { price: 250 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/create-razorpay-order',
      remoteAddress: '10.57.0.1',
      payload: {
        cartItems: [{ book: book.id, quantity: 1 }],
        guestInfo: {
          name: 'Imran Sheikh',
          email: 'imran@example.com',
          phone: '+91 98311 22334',
          address: {
            addressLine1: '5 Zakaria Street',
            city: 'Kolkata',
            state: 'West Bengal',
            pincode: '700073',
          },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [checkout] = await ctx.database.db.select().from(checkouts);
    expect(checkout?.contact.phone).toBe('9831122334');
  });
});
