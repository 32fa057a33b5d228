import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookEvents } from '../db/schema';
import { createTestApp, type TestContext } from '../../test/support/app';
import { RazorpayClient, RazorpayError, type RazorpayRefund } from '../payments/razorpay-client';
import { SANDBOX_REFUND_OUTCOME_NOTE } from './routes';

// Refunds at the provider: the shop's Razorpay client over real HTTP against a second server whose built-in
// sandbox answers the Refunds API. The sandbox sends its webhooks to that server's own webhook route, which
// keeps an event only once its signature checks out.
let razorpay: TestContext;
let apiBase: string;
let client: RazorpayClient;

beforeAll(async () => {
  razorpay = await createTestApp({ RAZORPAY_SANDBOX: 'true' });
  await razorpay.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = razorpay.app.server.address() as AddressInfo;
  apiBase = `http://127.0.0.1:${port}/api/payments/sandbox`;
  client = new RazorpayClient({
    baseUrl: apiBase,
    keyId: razorpay.config.razorpay.keyId,
    keySecret: razorpay.config.razorpay.keySecret,
    fetch: (url, init) => fetch(url, init),
  });
});
afterAll(async () => {
  await razorpay.close();
});

/** A payment of `amount` paise, paid (or failed) in the sandbox's checkout. */
async function payment(amount: number, outcome: 'success' | 'failure' = 'success'): Promise<string> {
  const order = await client.createOrder({ amount, currency: 'INR', receipt: 'refund-test' });
  const res = await fetch(`${apiBase}/orders/${order.id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome, webhook: false }),
  });
  const body = (await res.json()) as {
    razorpay_payment_id?: string;
    error?: { metadata: { payment_id: string } };
  };
  return body.razorpay_payment_id ?? body.error!.metadata.payment_id;
}

/** The refund once the sandbox has settled it. */
async function settled(id: string): Promise<RazorpayRefund> {
  return vi.waitFor(
    async () => {
      const refund = await client.fetchRefund(id);
      if (refund.status === 'pending') throw new Error(`${id} is still pending`);
      return refund;
    },
    { timeout: 5000, interval: 20 },
  );
}

/** The refund webhooks the sandbox's server accepted (signature checked) for one refund, in order. */
async function webhooksOf(refundId: string, count: number) {
  return vi.waitFor(
    async () => {
      const rows = await razorpay.database.db
        .select()
        .from(webhookEvents)
        .orderBy(webhookEvents.receivedAt, webhookEvents.id);
      const events = rows.filter(
        (row) =>
          (row.payload as { payload?: { refund?: { entity?: { id?: string } } } }).payload?.refund?.entity
            ?.id === refundId,
      );
      expect(events).toHaveLength(count);
      return events;
    },
    { timeout: 5000, interval: 20 },
  );
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RazorpayError);
  return error as RazorpayError;
};

describe('refunds in the Razorpay sandbox, through the client', () => {
  it('refunds the whole payment when no amount is given, then says it is fully refunded', async () => {
    const paymentId = await payment(50_000);
    const refund = await client.refund(paymentId, { notes: { reason: 'Returned' }, receipt: 'R-1' });
    expect(refund).toMatchObject({
      entity: 'refund',
      amount: 50_000,
      currency: 'INR',
      payment_id: paymentId,
      notes: { reason: 'Returned' },
      receipt: 'R-1',
      batch_id: null,
      speed_processed: 'normal',
      speed_requested: 'normal',
    });
    expect(refund.id).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    expect(['pending', 'processed']).toContain(refund.status);
    expect(refund.created_at).toBeCloseTo(Date.now() / 1000, -1);

    const done = await settled(refund.id);
    expect(done).toMatchObject({ id: refund.id, status: 'processed', amount: 50_000 });
    expect(done.acquirer_data.arn).toEqual(expect.any(String));
    expect(await client.fetchPayment(paymentId)).toMatchObject({
      status: 'refunded',
      captured: true,
      amount_refunded: 50_000,
      refund_status: 'full',
    });
    expect((await webhooksOf(refund.id, 2)).map((e) => e.event)).toEqual([
      'refund.created',
      'refund.processed',
    ]);

    const again = await refusal(client.refund(paymentId, { amount: 100 }));
    expect(again).toMatchObject({ status: 400, message: 'The payment has been fully refunded already' });
  });

  it('refunds part, then the rest by default; fetches by id and lists by payment', async () => {
    const paymentId = await payment(100_000);
    const part = await client.refund(paymentId, { amount: 30_000, notes: { reason: 'Damaged copy' } });
    expect(part.amount).toBe(30_000);
    await settled(part.id);
    expect(await client.fetchPayment(paymentId)).toMatchObject({
      status: 'captured',
      amount_refunded: 30_000,
      refund_status: 'partial',
    });

    const rest = await client.refund(paymentId);
    expect(rest.amount).toBe(70_000);
    expect(await settled(rest.id)).toMatchObject({ status: 'processed', payment_id: paymentId });

    expect(await client.fetchRefund(part.id)).toMatchObject({
      id: part.id,
      entity: 'refund',
      amount: 30_000,
      status: 'processed',
      notes: { reason: 'Damaged copy' },
      receipt: null,
    });
    const list = await client.fetchPaymentRefunds(paymentId);
    expect(list).toMatchObject({ entity: 'collection', count: 2 });
    expect(list.items.map((r) => r.id).sort()).toEqual([part.id, rest.id].sort());
    expect(list.items.reduce((sum, r) => sum + r.amount, 0)).toBe(100_000);
    expect((await client.fetchPaymentRefunds(await payment(10_000))).items).toEqual([]);

    // The order's payments show what was refunded of them.
    const payments = await client.fetchOrderPayments((await client.fetchPayment(paymentId)).order_id);
    expect(payments.items[0]).toMatchObject({ id: paymentId, amount_refunded: 100_000, status: 'refunded' });
  });

  it('refuses more than the unrefunded rest, less than ₹1, an uncaptured payment and an unknown one', async () => {
    const paymentId = await payment(20_000);
    expect(await refusal(client.refund(paymentId, { amount: 20_001 }))).toMatchObject({
      status: 400,
      message: 'The refund amount provided is greater than amount captured',
    });
    await client.refund(paymentId, { amount: 15_000 });
    expect(await refusal(client.refund(paymentId, { amount: 5_001 }))).toMatchObject({
      status: 400,
      message: 'The refund amount provided is greater than amount captured',
    });
    expect(await refusal(client.refund(paymentId, { amount: 99 }))).toMatchObject({
      status: 400,
      message: 'The amount must be at least INR 1.00',
    });
    expect((await client.fetchPaymentRefunds(paymentId)).count).toBe(1);

    const failedPayment = await payment(20_000, 'failure');
    expect(await refusal(client.refund(failedPayment))).toMatchObject({
      status: 400,
      message: 'Only payments in the captured state can be refunded',
    });
    expect(await refusal(client.refund('pay_DoesNotExist0000'))).toMatchObject({ status: 400 });
    expect(await refusal(client.fetchRefund('rfnd_DoesNotExist000'))).toMatchObject({ status: 400 });
    expect(await refusal(client.fetchPaymentRefunds('pay_DoesNotExist0000'))).toMatchObject({
      status: 400,
    });

    // In Razorpay's own error shape, with the key pair required.
    const raw = await fetch(`${apiBase}/v1/payments/${paymentId}/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 100 }),
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({
      error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' },
    });
  });

  it('20 concurrent refunds of one payment never add up to more than was captured', async () => {
    const paymentId = await payment(50_000);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => client.refund(paymentId, { amount: 7_000 })),
    );
    const made = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(made).toHaveLength(7);
    for (const r of refused) {
      expect(r.reason).toMatchObject({
        status: 400,
        message: 'The refund amount provided is greater than amount captured',
      });
    }
    const list = await client.fetchPaymentRefunds(paymentId);
    expect(list.count).toBe(7);
    expect(list.items.reduce((sum, r) => sum + r.amount, 0)).toBe(49_000);
    expect((await client.fetchPayment(paymentId)).amount_refunded).toBe(49_000);

    // The same with the whole rest asked for each time: exactly one refund is made.
    const whole = await payment(30_000);
    const all = await Promise.allSettled(Array.from({ length: 20 }, () => client.refund(whole)));
    expect(all.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await client.fetchPayment(whole)).amount_refunded).toBe(30_000);
  });

  it('a refund asked to fail ends failed, with the signed refund.failed webhook, and gives its amount back', async () => {
    const paymentId = await payment(40_000);
    const refund = await client.refund(paymentId, {
      amount: 25_000,
      notes: { [SANDBOX_REFUND_OUTCOME_NOTE]: 'failed' },
    });
    expect(refund.status).toBe('pending');
    const failed = await settled(refund.id);
    expect(failed).toMatchObject({ status: 'failed', acquirer_data: { arn: null } });

    // The sandbox's own server took both webhooks: its webhook route checks the signature before it keeps one.
    const [created, outcome] = await webhooksOf(refund.id, 2);
    expect(created?.event).toBe('refund.created');
    expect(outcome?.event).toBe('refund.failed');
    expect(outcome?.eventId).toMatch(/^evt_/);
    expect(outcome?.payload).toMatchObject({
      event: 'refund.failed',
      payload: {
        refund: { entity: { id: refund.id, status: 'failed', amount: 25_000, payment_id: paymentId } },
        payment: { entity: { id: paymentId, status: 'captured', amount_refunded: 0, refund_status: null } },
      },
    });

    // A failed refund does not count: the whole payment can still be refunded.
    expect(await client.fetchPayment(paymentId)).toMatchObject({ amount_refunded: 0, refund_status: null });
    const full = await client.refund(paymentId);
    expect(full.amount).toBe(40_000);
    expect(await settled(full.id)).toMatchObject({ status: 'processed' });
    const events = await webhooksOf(full.id, 2);
    expect(events.map((e) => e.event)).toEqual(['refund.created', 'refund.processed']);
    const [stored] = await razorpay.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, events[1]!.eventId));
    expect(stored?.payload).toMatchObject({
      payload: { payment: { entity: { status: 'refunded', amount_refunded: 40_000 } } },
    });
  });
});
