import {
  formatMoney,
  MIN_REFUND,
  REFUND_MESSAGES,
  refundBodySchema,
  refundTooLargeMessage,
  roundRupees,
  type Order,
} from '@scholar/shared';
import { useEffect, useState } from 'react';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { useForm } from '../../../lib/use-form';
import { useRefundOrder } from '../api/refund-order';
import { DialogActions, dialogSubmit, ReasonField } from './order-dialog-parts';

/** What is left to refund of an order, in rupees, to the paisa (the subtraction of two amounts may leave a crumb). */
export const refundableRest = (order: Pick<Order, 'amount' | 'refundedAmount'>): number =>
  Math.max(0, roundRupees(order.amount - order.refundedAmount));

/** Whether the desk may still refund something of the order: Razorpay refunds no less than `MIN_REFUND`. */
export const canRefund = (order: Pick<Order, 'amount' | 'refundedAmount'>): boolean =>
  refundableRest(order) >= MIN_REFUND;

/** An amount as the field shows it: 250, or 250.50 when there are paise. */
const amountText = (rupees: number) => (Number.isInteger(rupees) ? String(rupees) : rupees.toFixed(2));

/** The typed amount as a number; an empty or unreadable field is NaN, which the schema refuses with its message. */
const amountValue = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The server's rules, and the one the desk knows already: no more than what is left of the order. */
const refundSchemaFor = (rest: number) =>
  refundBodySchema.refine((body) => body.amount === undefined || body.amount <= rest, {
    path: ['amount'],
    message: refundTooLargeMessage(formatMoney(rest)),
  });

const FIELDS = ['amount', 'reason'] as const;

/**
 * Refunds part or all of what is left of an order's payment, with a reason. The amount starts at all that is
 * left. One Idempotency-Key per opening of the dialog: submitting again after a timeout or a failure names the
 * same attempt, so the customer is never refunded twice for one intention.
 */
export function RefundDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const rest = refundableRest(order);
  const { values, bind, formRef, formError, check, refused } = useForm(
    () => ({ amount: amountText(rest), reason: '' }),
    FIELDS,
  );
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  // The dialog opens on its first field, the amount, rather than on its close button (its effect runs after the modal's).
  useEffect(() => formRef.current?.querySelector<HTMLElement>('input')?.focus(), [formRef]);
  const refund = useRefundOrder(order._id);

  const submit = dialogSubmit(
    () => check(refundSchemaFor(rest), { ...values, amount: amountValue(values.amount) }),
    (body) => refund.mutateAsync({ body, idempotencyKey }),
    { success: REFUND_MESSAGES.refundStarted, failure: 'Failed to refund the order', onClose, refused },
  );

  return (
    <Modal title={`Refund order ${order.orderNumber}`} onClose={onClose}>
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Refund" className="space-y-4">
        <p className="text-sm text-stone-700">
          Paid {formatMoney(order.amount)}
          {order.refundedAmount > 0 && <> · Refunded {formatMoney(order.refundedAmount)}</>} ·{' '}
          <strong>{formatMoney(rest)}</strong> can still be refunded. The money goes back to the
          customer&apos;s original payment method.
        </p>
        <TextField
          label="Amount (₹)"
          inputMode="decimal"
          autoComplete="off"
          required
          hint={`From ${formatMoney(MIN_REFUND)} to ${formatMoney(rest)}`}
          {...bind('amount')}
        />
        <ReasonField hint="Kept with the refund on the order's timeline." {...bind('reason')} />
        <DialogActions kind="refund" formError={formError} busy={refund.isPending} onClose={onClose} />
      </form>
    </Modal>
  );
}
