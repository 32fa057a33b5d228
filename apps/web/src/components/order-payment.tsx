import type { Order, OrderReceipt } from '@scholar/shared';
import { Money, useT } from '../lib/i18n';

type Paid = Pick<OrderReceipt, 'amount' | 'paymentMethod' | 'couponCode' | 'discount' | 'codFee'> &
  Partial<Pick<Order, 'codCollectedAt'>>;

/**
 * How an order is paid and what its coupon took off (docs/decisions/051), under its totals: the coupon and its
 * discount, the cash-on-delivery fee, and for cash on delivery what to pay the courier (or that it was received).
 * Nothing for a card order without a coupon.
 */
export function OrderPaymentNote({ order, className = '' }: { order: Paid; className?: string }) {
  const t = useT();
  const cod = order.paymentMethod === 'cod';
  const discount = order.discount ?? 0;
  const fee = order.codFee ?? 0;
  if (!cod && !(order.couponCode && discount > 0)) return null;
  return (
    <div className={`mt-4 space-y-1 text-sm ${className}`} data-testid="order-payment">
      <dl className="space-y-1">
        {order.couponCode && discount > 0 && (
          <div className="flex justify-between gap-3">
            <dt>{t('coupons.discount', { code: order.couponCode })}</dt>
            <dd>
              −<Money value={discount} />
            </dd>
          </div>
        )}
        {fee > 0 && (
          <div className="flex justify-between gap-3">
            <dt>{t('coupons.codFee')}</dt>
            <dd>
              <Money value={fee} />
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-3">
          <dt>{t('coupons.paymentMethod')}</dt>
          <dd className="font-medium">{cod ? t('coupons.methodCod') : t('coupons.methodCard')}</dd>
        </div>
      </dl>
      {cod && (
        <p className="rounded-md bg-amber-50 p-3 font-semibold text-amber-900">
          {order.codCollectedAt ? t('coupons.codCollected') : <PayInCash amount={order.amount} />}
        </p>
      )}
    </div>
  );
}

/** "Pay ₹X in cash on delivery", the amount isolated for right-to-left pages. */
function PayInCash({ amount }: { amount: number }) {
  const t = useT();
  const marker = '\uE000';
  const [before, after] = t('coupons.payInCash', { amount: marker }).split(marker);
  return (
    <>
      {before}
      <Money value={amount} />
      {after}
    </>
  );
}
