import { api } from '../../../lib/api-client';

interface RazorpaySuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: unknown) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance;
  }
}

let loading: Promise<void> | null = null;

/** Loads Razorpay's checkout.js (or the sandbox's stand-in) once. */
async function loadCheckoutScript(): Promise<void> {
  if (window.Razorpay) return;
  loading ??= (async () => {
    const { data } = await api<{ data: { scriptUrl: string } }>('/payments/checkout-config');
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = data.scriptUrl;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('The payment window could not be loaded'));
      document.head.appendChild(script);
    });
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The query string /payment-verification reads. */
export function verificationPath(response: RazorpaySuccess): string {
  const params = new URLSearchParams({
    razorpay_order_id: response.razorpay_order_id,
    razorpay_payment_id: response.razorpay_payment_id,
    razorpay_signature: response.razorpay_signature,
  });
  return `/payment-verification?${params.toString()}`;
}

/**
 * Opens the payment window for a Razorpay order. `onSuccess` gets Razorpay's three identifiers; `onFailure` the
 * `payment.failed` event (the guest checkout listens to it).
 */
export async function openRazorpayCheckout(options: {
  key: string;
  orderId: string;
  amount: number;
  currency: string;
  prefill: { name: string; email: string; contact: string };
  /** The shop's name and what is being paid for, as the payment window shows them (in the page's language). */
  label: { name: string; description: string };
  onSuccess: (response: RazorpaySuccess) => void;
  onFailure?: (response: unknown) => void;
  onDismiss?: () => void;
}): Promise<void> {
  await loadCheckoutScript();
  if (!window.Razorpay) throw new Error('The payment window could not be loaded');
  const checkout = new window.Razorpay({
    key: options.key,
    order_id: options.orderId,
    amount: options.amount,
    currency: options.currency,
    name: options.label.name,
    description: options.label.description,
    prefill: options.prefill,
    theme: { color: '#0f6145' },
    handler: options.onSuccess,
    modal: { ondismiss: options.onDismiss },
  });
  if (options.onFailure) checkout.on('payment.failed', options.onFailure);
  checkout.open();
}
