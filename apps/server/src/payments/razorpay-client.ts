/** The parts of Razorpay's Orders and Payments API the shop uses (https://razorpay.com/docs/api/). */
export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  captured: boolean;
  /** Paise refunded so far (pending and processed refunds; a failed one gives its amount back). */
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

/** A refund of a captured payment (Refunds API, https://razorpay.com/docs/api/refunds/). */
export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: string | null;
  /** `pending` while Razorpay processes it; then `processed`, or `failed` (its amount is refundable again). */
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal' | 'instant';
  speed_requested: 'normal' | 'optimum';
}

export interface RazorpayCollection<T> {
  entity: 'collection';
  count: number;
  items: T[];
}

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; json(): Promise<unknown> }>;

export class RazorpayError extends Error {
  override name = 'RazorpayError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A small client over HTTP with basic auth (key id and secret), for Razorpay or the built-in sandbox. */
export class RazorpayClient {
  constructor(
    private readonly options: { baseUrl: string; keyId: string; keySecret: string; fetch: FetchLike },
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const auth = Buffer.from(`${this.options.keyId}:${this.options.keySecret}`).toString('base64');
    const res = await this.options.fetch(`${this.options.baseUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers: {
        authorization: `Basic ${auth}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json().catch(() => ({}))) as { error?: { description?: string } };
    if (res.status < 200 || res.status >= 300) {
      throw new RazorpayError(json.error?.description ?? `Razorpay answered ${res.status}`, res.status);
    }
    return json as T;
  }

  createOrder(input: { amount: number; currency: string; receipt: string; notes?: Record<string, string> }) {
    return this.call<RazorpayOrder>('POST', '/v1/orders', input);
  }

  fetchOrder(orderId: string) {
    return this.call<RazorpayOrder>('GET', `/v1/orders/${encodeURIComponent(orderId)}`);
  }

  fetchOrderPayments(orderId: string) {
    return this.call<RazorpayCollection<RazorpayPayment>>(
      'GET',
      `/v1/orders/${encodeURIComponent(orderId)}/payments`,
    );
  }

  fetchPayment(paymentId: string) {
    return this.call<RazorpayPayment>('GET', `/v1/payments/${encodeURIComponent(paymentId)}`);
  }

  /**
   * Refunds a captured payment: `amount` in paise (default: all of it not yet refunded, at least 100), with
   * `notes` (at most 15) and a `receipt` of the shop's own. The refund usually answers `pending`; its outcome comes
   * with the `refund.processed` or `refund.failed` webhook, or from `fetchRefund`.
   */
  refund(
    paymentId: string,
    input: { amount?: number; notes?: Record<string, string>; receipt?: string } = {},
  ) {
    const body = {
      ...(input.amount === undefined ? {} : { amount: input.amount }),
      ...(input.notes === undefined ? {} : { notes: input.notes }),
      ...(input.receipt === undefined ? {} : { receipt: input.receipt }),
    };
    return this.call<RazorpayRefund>('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, body);
  }

  fetchRefund(refundId: string) {
    return this.call<RazorpayRefund>('GET', `/v1/refunds/${encodeURIComponent(refundId)}`);
  }

  fetchPaymentRefunds(paymentId: string) {
    return this.call<RazorpayCollection<RazorpayRefund>>(
      'GET',
      `/v1/payments/${encodeURIComponent(paymentId)}/refunds`,
    );
  }
}

/** `fetch` for Razorpay's real API. */
const httpFetch: FetchLike = async (url, init) => {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  return { status: res.status, json: () => res.json() };
};

/**
 * The shop's client: Razorpay's API, or in sandbox mode the built-in sandbox at `sandboxBase`, reached through
 * `inject` (real HTTP requests through the whole server, without needing it to listen).
 */
export function razorpayClientFor(
  settings: { sandbox: boolean; apiBase?: string | undefined; keyId: string; keySecret: string },
  sandbox: { base: string; inject: FetchLike },
): RazorpayClient {
  return new RazorpayClient({
    baseUrl: settings.sandbox ? sandbox.base : settings.apiBase!,
    keyId: settings.keyId,
    keySecret: settings.keySecret,
    fetch: settings.sandbox ? sandbox.inject : httpFetch,
  });
}
