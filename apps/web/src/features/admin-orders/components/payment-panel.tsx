import { formatMoney, type Order } from '@scholar/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { hasPendingRefund } from '../api/get-admin-order';
import { CancelOrderDialog, canCancel } from './cancel-order-dialog';
import { canRefund, RefundDialog } from './refund-dialog';
import { paymentWords } from '../lib/money-words';

/** A dot after a figure, drawn rather than written: a definition list holds only its terms and definitions. */
const SEPARATED = "after:ms-1 after:text-stone-400 after:content-['·']";

/**
 * The money of an order on the desk: how it is paid and where that stands; what was received, refunded (or being
 * refunded) and kept, with the Refund and Cancel order actions while they apply (Refund only for money received). A refund in progress is said here too; the page reads the order again
 * until Razorpay settles it.
 */
export function PaymentPanel({ order }: { order: Order }) {
  const [open, setOpen] = useState<'refund' | 'cancel' | null>(null);
  const close = () => setOpen(null);
  const pending = hasPendingRefund(order);
  const refundable = canRefund(order);
  return (
    <section aria-labelledby="payment-heading" className={`${card} p-6 text-sm`}>
      <h2 id="payment-heading" className="font-serif text-xl font-semibold">
        Payment
      </h2>
      <p className="mt-3 font-medium" data-testid="payment-state">
        {paymentWords(order.money)}
      </p>
      {order.money.paid > 0 && (
        <dl aria-label="Money" className="mt-2 flex flex-wrap gap-x-2 gap-y-1">
          <div className={`flex gap-1 ${SEPARATED}`}>
            <dt className="text-stone-500">Paid</dt>
            <dd className="font-medium">{formatMoney(order.money.paid)}</dd>
          </div>
          <div className={`flex gap-1 ${SEPARATED}`}>
            <dt className="text-stone-500">Refunded</dt>
            <dd className="font-medium">{formatMoney(order.money.refunded)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-stone-500">Net</dt>
            <dd className="font-semibold">{formatMoney(order.money.net)}</dd>
          </div>
        </dl>
      )}
      <p role="status" className="mt-2 text-amber-800 empty:hidden">
        {pending ? 'A refund is in progress: waiting for Razorpay to confirm it.' : ''}
      </p>
      {(refundable || canCancel(order)) && (
        <div className="mt-4 flex flex-wrap gap-3">
          {refundable && (
            <Button variant="secondary" onClick={() => setOpen('refund')}>
              Refund
            </Button>
          )}
          {canCancel(order) && (
            <Button variant="danger" onClick={() => setOpen('cancel')}>
              Cancel order
            </Button>
          )}
        </div>
      )}
      {open === 'refund' && <RefundDialog order={order} onClose={close} />}
      {open === 'cancel' && <CancelOrderDialog order={order} onClose={close} />}
    </section>
  );
}
