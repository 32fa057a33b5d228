import {
  canMoveOrder,
  cancelOrderBodySchema,
  formatMoney,
  REFUND_MESSAGES,
  type Order,
} from '@scholar/shared';
import { useEffect } from 'react';
import { Modal } from '../../../components/ui/modal';
import { useForm } from '../../../lib/use-form';
import { useCancelOrder } from '../api/cancel-order';
import { DialogActions, dialogSubmit, ReasonField } from './order-dialog-parts';
import { refundableRest } from './refund-dialog';

const FIELDS = ['reason'] as const;

/** Whether the desk may cancel the order (ORDER_STATUS_MOVES): only one the shop has not shipped yet. */
export const canCancel = (order: Pick<Order, 'status'>): boolean => canMoveOrder(order.status, 'cancelled');

/** What the customer gets back: all of the payment, or what a refund already made left of it. */
function RefundPromise({ order }: { order: Order }) {
  const rest = refundableRest(order);
  if (rest === 0) return <>The payment has been refunded already</>;
  if (order.refundedAmount === 0) {
    return (
      <>
        The customer gets a full refund of <strong>{formatMoney(rest)}</strong>
      </>
    );
  }
  return (
    <>
      The customer gets the rest of the payment back, <strong>{formatMoney(rest)}</strong>
    </>
  );
}

/**
 * Cancels an order not shipped yet, with a reason the customer reads on their order page. Says what follows before
 * it happens: all that is left of the payment is refunded and the copies go back to stock.
 */
export function CancelOrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { values, bind, formRef, formError, check, refused } = useForm({ reason: '' }, FIELDS);
  // The dialog opens on its first field, the reason, rather than on its close button (its effect runs after the modal's).
  useEffect(() => formRef.current?.querySelector<HTMLElement>('textarea')?.focus(), [formRef]);
  const cancel = useCancelOrder(order._id);

  const submit = dialogSubmit(
    () => check(cancelOrderBodySchema, values),
    (body) => cancel.mutateAsync(body),
    { success: REFUND_MESSAGES.cancelled, failure: 'Failed to cancel the order', onClose, refused },
  );

  return (
    <Modal title={`Cancel order ${order.orderNumber}`} onClose={onClose}>
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Cancel order" className="space-y-4">
        <p className="text-sm text-stone-700">
          <RefundPromise order={order} />, and the copies go back to stock. This cannot be undone.
        </p>
        <ReasonField hint="The customer sees this on their order page." {...bind('reason')} />
        <DialogActions kind="cancel" formError={formError} busy={cancel.isPending} onClose={onClose} />
      </form>
    </Modal>
  );
}
