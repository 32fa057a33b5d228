import {
  declineReturnBodySchema,
  formatDateTime,
  formatMoney,
  MIN_REFUND,
  REFUND_MESSAGES,
  RETURN_MESSAGES,
  type Order,
  type ReturnRequest,
} from '@scholar/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { FormMessage } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useForm } from '../../../lib/use-form';
import { useApproveReturn, useDeclineReturn, useOrderReturns } from '../api/returns';
import { ConfirmStep, ReasonField } from './order-dialog-parts';
import { confirmQuestion } from './refund-dialog';
import { choiceLines, choicesAmount, RefundItemsFields, type ItemChoices } from './refund-items-fields';

const KIND_LABELS = { return: 'Return', cancel: 'Cancellation' } as const;
const STATUS_LABELS = {
  requested: 'Waiting for an answer',
  approved: 'Approved',
  declined: 'Declined',
} as const;

/**
 * Approving a request. A return: the copies the customer asked for (the desk may approve fewer) and whether each
 * goes back to the stock, the amount, then the question before any money moves. A cancellation: the desk's cancel
 * action (the copies back to stock and all that was paid refunded), asked first too.
 */
function ApproveDialog({
  order,
  request,
  onClose,
}: {
  order: Order;
  request: ReturnRequest;
  onClose: () => void;
}) {
  const asked = new Map(request.items.map((item) => [item.orderItemId, item.quantity]));
  const [choices, setChoices] = useState<ItemChoices>(() =>
    Object.fromEntries(
      request.items.map((item) => [item.orderItemId, { quantity: item.quantity, restock: true }]),
    ),
  );
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const approve = useApproveReturn(order._id);
  const firstRef = useRef<HTMLDivElement>(null);
  const computed = choicesAmount(order, choices);
  const isCancel = request.kind === 'cancel';
  const shown = { ...order, items: order.items.filter((item) => asked.has(item._id)) };

  useEffect(() => {
    if (!confirming) firstRef.current?.querySelector<HTMLElement>('select:enabled, button')?.focus();
  }, [confirming]);

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!isCancel && choiceLines(choices).length === 0) return setError(RETURN_MESSAGES.itemsRequired);
    if (!isCancel && computed.amount < MIN_REFUND) return setError(REFUND_MESSAGES.amountTooSmall);
    setConfirming(true);
  };

  const send = async () => {
    try {
      const answer = await approve.mutateAsync({
        id: request._id,
        body: isCancel
          ? {}
          : {
              items: request.items.map((item) => ({
                orderItemId: item.orderItemId,
                quantity: choices[item.orderItemId]?.quantity ?? 0,
                restock: choices[item.orderItemId]?.restock ? (choices[item.orderItemId]?.quantity ?? 0) : 0,
              })),
            },
      });
      toast.success(answer.message ?? RETURN_MESSAGES.approved);
      onClose();
    } catch (failure) {
      setConfirming(false);
      setError(errorMessage(failure, 'Failed to approve the request'));
    }
  };

  const question = isCancel
    ? `Cancel order ${order.orderNumber} and refund all that was paid?`
    : confirmQuestion(order, computed.amount);
  return (
    <Modal
      title={`Approve the ${KIND_LABELS[request.kind].toLowerCase()} of ${order.orderNumber}`}
      onClose={onClose}
    >
      <div ref={firstRef}>
        {confirming ? (
          <ConfirmStep
            question={question}
            yes={isCancel ? 'Yes, cancel the order' : `Yes, refund ${formatMoney(computed.amount)}`}
            busyLabel="Approving..."
            busy={approve.isPending}
            onBack={() => setConfirming(false)}
            onYes={() => void send()}
          />
        ) : (
          <form onSubmit={review} noValidate aria-label="Approve" className="space-y-4">
            <p className="text-sm text-stone-700">Customer&apos;s reason: {request.reason}</p>
            {!isCancel && (
              <>
                <RefundItemsFields
                  order={shown}
                  choices={choices}
                  onChange={(next) => {
                    setChoices(next);
                    setError(undefined);
                  }}
                  most={(item) =>
                    Math.min(asked.get(item._id) ?? 0, item.quantity - (item.refundedQuantity ?? 0))
                  }
                />
                <p aria-live="polite" className="text-sm">
                  Refund amount: <strong>{formatMoney(computed.amount)}</strong>
                  {computed.allRefunded && ' (with the delivery charge: every copy is refunded)'}
                </p>
              </>
            )}
            <FormMessage message={error} />
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
              <Button type="submit" variant="danger">
                Approve
              </Button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}

function DeclineDialog({
  order,
  request,
  onClose,
}: {
  order: Order;
  request: ReturnRequest;
  onClose: () => void;
}) {
  const { values, bind, formRef, formError, check, refused } = useForm(() => ({ reason: '' }), [
    'reason',
  ] as const);
  const decline = useDeclineReturn(order._id);
  useEffect(() => formRef.current?.querySelector<HTMLElement>('textarea')?.focus(), [formRef]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = check(declineReturnBodySchema, values);
    if (!body) return;
    try {
      await decline.mutateAsync({ id: request._id, body });
      toast.success(RETURN_MESSAGES.declined);
      onClose();
    } catch (failure) {
      refused(failure, 'Failed to decline the request');
    }
  };
  return (
    <Modal title={`Decline the request for ${order.orderNumber}`} onClose={onClose}>
      <form
        ref={formRef}
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Decline"
        className="space-y-4"
      >
        <ReasonField hint="Sent to the customer by email." {...bind('reason')} />
        <FormMessage message={formError} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" variant="danger" disabled={decline.isPending} aria-busy={decline.isPending}>
            {decline.isPending ? 'Declining...' : 'Decline'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** One request: what was asked, why, and the answer (or the buttons to give one). */
function RequestEntry({ order, request }: { order: Order; request: ReturnRequest }) {
  const [open, setOpen] = useState<'approve' | 'decline' | null>(null);
  return (
    <li className="space-y-2 py-3">
      <p className="font-medium">
        {KIND_LABELS[request.kind]} · {STATUS_LABELS[request.status]}
        <span className="font-normal text-stone-500"> · asked {formatDateTime(request.createdAt)}</span>
      </p>
      {request.items.length > 0 && (
        <ul aria-label="Books asked back" className="list-inside list-disc text-stone-700">
          {request.items.map((item) => (
            <li key={item.orderItemId}>
              {item.quantity} × {item.name}
              {item.approvedQuantity !== null &&
                ` (approved ${item.approvedQuantity}, ${item.restock ?? 0} back to stock)`}
            </li>
          ))}
        </ul>
      )}
      <p className="text-stone-700">Reason: {request.reason}</p>
      {request.declineReason && <p className="text-stone-700">Declined: {request.declineReason}</p>}
      {request.refund && (
        <p className="text-stone-700">
          Refund {formatMoney(request.refund.amount)}
          {request.refund.byHand ? ' (by hand)' : ''} · {request.refund.status}
        </p>
      )}
      {request.status === 'requested' && (
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setOpen('approve')}>
            Approve
          </Button>
          <Button variant="secondary" onClick={() => setOpen('decline')}>
            Decline
          </Button>
        </div>
      )}
      {open === 'approve' && <ApproveDialog order={order} request={request} onClose={() => setOpen(null)} />}
      {open === 'decline' && <DeclineDialog order={order} request={request} onClose={() => setOpen(null)} />}
    </li>
  );
}

/** The order's requests from the customer (return or cancel), on the desk's order page; nothing when there is none. */
export function ReturnRequestsPanel({ order }: { order: Order }) {
  const { data: requests } = useOrderReturns(order._id);
  if (!requests || requests.length === 0) return null;
  return (
    <section aria-labelledby="returns-heading" className={`${card} p-6 text-sm`}>
      <h2 id="returns-heading" className="font-serif text-xl font-semibold">
        Customer requests
      </h2>
      <ul className="divide-y divide-stone-200">
        {requests.map((request) => (
          <RequestEntry key={request._id} order={order} request={request} />
        ))}
      </ul>
    </section>
  );
}
