import type { OrderMoney } from '@scholar/shared';
import type { ReactNode } from 'react';
import { Money, useFormat, useT } from '../lib/i18n';

/**
 * An order's money as every screen shows it (docs/decisions/058): the server's one summary (`OrderMoney`) in one
 * order — subtotal, delivery, the coupon's discount, the cash-on-delivery fee, then the total, last — and, under
 * it, how it is paid and where that stands: a cash-on-delivery order says what to hand the courier, or that the
 * cash was received; a refund says how much went back. The cart and the checkout show the same summary before
 * the order exists (`checkoutMoneyOf`), without the payment lines.
 */
export function MoneySummary({
  money,
  subtotalLabel,
  deliveryLabel,
  deliveryNote,
  payment = true,
  className = 'mt-4 space-y-2 text-sm',
}: {
  money: OrderMoney;
  subtotalLabel?: string;
  deliveryLabel?: string;
  deliveryNote?: ReactNode;
  /** How it is paid and where that stands (not before the order is placed). */
  payment?: boolean;
  className?: string;
}) {
  const t = useT();
  const { money: format } = useFormat();
  return (
    <div className={className} data-testid="money-summary">
      <dl className="space-y-1">
        <Sum label={subtotalLabel ?? t('shop.lines.subtotal')} testId="money-subtotal">
          <Money value={money.subtotal} />
        </Sum>
        <Sum
          label={
            <>
              {deliveryLabel ?? t('shop.summary.shipping')}
              {deliveryNote && <span className="block text-xs text-stone-600">{deliveryNote}</span>}
            </>
          }
          testId="money-delivery"
        >
          <Money value={money.delivery} />
        </Sum>
        {money.discount > 0 && (
          <Sum label={t('coupons.discount', { code: money.couponCode ?? '' })} testId="money-discount">
            {/* The sign inside the isolated run, so that it stays before the figure on an Urdu page. */}
            <bdi>−{format(money.discount)}</bdi>
          </Sum>
        )}
        {money.codFee > 0 && (
          <Sum label={t('coupons.codFee')} testId="money-cod-fee">
            <Money value={money.codFee} />
          </Sum>
        )}
        <Sum
          label={t('shop.summary.total')}
          testId="order-total"
          className="border-t border-stone-200 pt-2 text-base font-semibold"
        >
          <Money value={money.total} />
        </Sum>
      </dl>
      {payment && <PaymentState money={money} />}
    </div>
  );
}

function Sum({
  label,
  children,
  testId,
  className = '',
}: {
  label: ReactNode;
  children: ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <div className={`flex justify-between gap-4 ${className}`}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** How the order is paid and where its money stands, in the reader's words. */
function PaymentState({ money }: { money: OrderMoney }) {
  const t = useT();
  const { money: format } = useFormat();
  const cod = money.method === 'cod';
  return (
    <div className="space-y-1 pt-1" data-testid="order-payment">
      <dl>
        <div className="flex justify-between gap-3">
          <dt>{t('coupons.paymentMethod')}</dt>
          <dd className="font-medium">{cod ? t('coupons.methodCod') : t('coupons.methodCard')}</dd>
        </div>
      </dl>
      {money.refunded > 0 && (
        <dl aria-label={t('shop.refund.after')} className="space-y-1">
          <div className="flex justify-between gap-4">
            <dt>{t('shop.refund.refunded')}</dt>
            <dd className="tabular-nums" data-testid="money-refunded">
              <bdi>−{format(money.refunded)}</bdi>
            </dd>
          </div>
          <div className="flex justify-between gap-4 font-semibold">
            <dt>{t('shop.refund.netPaid')}</dt>
            <dd className="tabular-nums" data-testid="money-net">
              <Money value={money.net} />
            </dd>
          </div>
        </dl>
      )}
      {cod && (
        <p className="rounded-md bg-amber-50 p-3 font-semibold text-amber-900" data-testid="money-cod">
          {money.state === 'cod_due' ? (
            <PayInCash amount={money.due} />
          ) : money.state === 'cod_void' ? (
            t('coupons.nothingDue')
          ) : (
            t('coupons.codCollected')
          )}
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
