import { cancelGuestCodOrdersBodySchema } from '@scholar/shared';
import { useEffect, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { useForm } from '../../../lib/use-form';
import { useCancelGuestCodOrders, type GuestCodCancelled } from '../api/cancel-guest-cod-orders';
import { DialogActions, ReasonField } from './order-dialog-parts';

const FIELDS = ['reason'] as const;

/**
 * Cancels the chosen guests' cash-on-delivery orders (docs/decisions/074), with one reason each buyer reads in
 * their cancellation mail. Says what follows first: the copies go back to stock; nobody paid, so nothing is refunded.
 * The orders the server would not cancel (sent meanwhile) come back to the page with their reasons.
 */
export function GuestCodCancelDialog({
  ids,
  onClose,
  onDone,
}: {
  ids: string[];
  onClose: () => void;
  onDone: (answer: GuestCodCancelled) => void;
}) {
  const { values, bind, formRef, formError, check, refused } = useForm({ reason: '' }, FIELDS);
  useEffect(() => formRef.current?.querySelector<HTMLElement>('textarea')?.focus(), [formRef]);
  const cancel = useCancelGuestCodOrders();
  const count = ids.length === 1 ? '1 order' : `${ids.length} orders`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = check(cancelGuestCodOrdersBodySchema, { ...values, ids });
    if (!body) return;
    try {
      const answer = await cancel.mutateAsync(body);
      if (answer.refused.length > 0) toast.error(answer.message);
      else toast.success(answer.message);
      onDone(answer);
      onClose();
    } catch (error) {
      refused(error, 'Failed to cancel the orders');
    }
  };

  return (
    <Modal title={`Cancel ${count}`} onClose={onClose}>
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Cancel orders" className="space-y-4">
        <p className="text-sm text-stone-700">
          Cash on delivery: nothing was paid, so nothing is refunded. The copies go back to stock and each
          buyer gets a mail. An order sent meanwhile is left as it is. This cannot be undone.
        </p>
        <ReasonField hint="Each buyer reads this in their mail." {...bind('reason')} />
        <DialogActions kind="cancelMany" formError={formError} busy={cancel.isPending} onClose={onClose} />
      </form>
    </Modal>
  );
}
