import {
  declineReturnBodySchema,
  formatDateTime,
  formatMoney,
  RETURN_MESSAGES,
  type Order,
  type ReturnRequest,
} from '@scholar/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { CheckboxField, FormMessage, SelectField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useForm } from '../../../lib/use-form';
import {
  useApproveReturn,
  useDeclineReturn,
  useOrderReturns,
  useReceiveReturn,
  useRefundReturn,
} from '../api/returns';
import { ConfirmStep, DialogActions, dialogSubmit, ReasonField } from './order-dialog-parts';
import { confirmQuestion } from './refund-dialog';
import { choicesAmount, copiesLeft, type ItemChoices } from './refund-items-fields';

/** What a dialog of one request is opened with: the order, the request, and how it closes. */
interface RequestDialogProps {
  order: Order;
  request: ReturnRequest;
  onClose: () => void;
}

/**
 * A request dialog's failure and the sending of its step: the server's sentence (`done` when it gives none) in a
 * toast, and the dialog closes; a failure, with the server's reason (else `failed`), stays in the dialog. `take`
 * tells whether the step was taken.
 */
function useStep(onClose: () => void) {
  const [error, setError] = useState<string>();
  const take = async (step: () => Promise<{ message?: string }>, done: string, failed: string) => {
    try {
      const answer = await step();
      toast.success(answer.message ?? done);
      onClose();
      return true;
    } catch (failure) {
      setError(errorMessage(failure, failed));
      return false;
    }
  };
  return { error, setError, take };
}

const KIND_LABELS = { return: 'Return', cancel: 'Cancellation' } as const;
const STATUS_LABELS = {
  requested: 'Waiting for an answer',
  approved: 'Approved: waiting for the books to come back',
  received: 'Parcel received: to refund',
  refunded: 'Refunded',
  declined: 'Declined',
} as const;

/** The request's state on the desk (an approved cancellation is done: its cancel ran). */
const statusLabel = (request: ReturnRequest): string =>
  request.kind === 'cancel' && request.status === 'approved' ? 'Approved' : STATUS_LABELS[request.status];

/** Copies of a request's items, as the refund dialog's choices: nothing back to stock (that is decided on receipt). */
const receivedChoices = (request: ReturnRequest): ItemChoices =>
  Object.fromEntries(
    request.items
      .filter((item) => (item.receivedQuantity ?? 0) > 0)
      .map((item) => [item.orderItemId, { quantity: item.receivedQuantity ?? 0, restock: false }]),
  );

const plural = (n: number) => `${n} ${n === 1 ? 'copy' : 'copies'}`;

/**
 * Approving a request. A return: the copies the customer asked for (the desk may approve fewer); no money and no
 * stock move, the customer is asked to send them back. A cancellation: the desk's cancel action (the copies back
 * to stock and all that was paid refunded), asked first.
 */
function ApproveDialog({ order, request, onClose }: RequestDialogProps) {
  const left = new Map(order.items.map((item) => [item._id, copiesLeft(item)]));
  const most = (item: ReturnRequest['items'][number]) =>
    Math.min(item.quantity, left.get(item.orderItemId) ?? 0);
  const [copies, setCopies] = useState<Record<string, number>>(() =>
    Object.fromEntries(request.items.map((item) => [item.orderItemId, most(item)])),
  );
  const [confirming, setConfirming] = useState(false);
  const { error, setError, take } = useStep(onClose);
  const approve = useApproveReturn(order._id);
  const firstRef = useRef<HTMLDivElement>(null);
  const isCancel = request.kind === 'cancel';
  const total = Object.values(copies).reduce((sum, n) => sum + n, 0);

  useEffect(() => {
    if (!confirming) firstRef.current?.querySelector<HTMLElement>('select:enabled, button')?.focus();
  }, [confirming]);

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!isCancel && total === 0) return setError(RETURN_MESSAGES.itemsRequired);
    setConfirming(true);
  };

  const send = async () => {
    const items = request.items.map((item) => ({
      orderItemId: item.orderItemId,
      quantity: copies[item.orderItemId] ?? 0,
    }));
    const body = isCancel ? {} : { items };
    const taken = await take(
      () => approve.mutateAsync({ id: request._id, body }),
      RETURN_MESSAGES.approved,
      'Failed to approve the request',
    );
    if (!taken) setConfirming(false);
  };

  return (
    <Modal
      title={`Approve the ${KIND_LABELS[request.kind].toLowerCase()} of ${order.orderNumber}`}
      onClose={onClose}
    >
      <div ref={firstRef}>
        {confirming ? (
          <ConfirmStep
            question={
              isCancel
                ? `Cancel order ${order.orderNumber} and refund all that was paid?`
                : `Approve the return of ${plural(total)}? The customer is asked to send them back; nothing is refunded yet.`
            }
            yes={isCancel ? 'Yes, cancel the order' : 'Yes, approve'}
            busyLabel="Approving..."
            busy={approve.isPending}
            onBack={() => setConfirming(false)}
            onYes={() => void send()}
          />
        ) : (
          <form onSubmit={review} noValidate aria-label="Approve" className="space-y-4">
            <p className="text-sm text-stone-700">Customer&apos;s reason: {request.reason}</p>
            {!isCancel && (
              <fieldset className="space-y-3">
                <legend className="text-sm font-medium text-stone-700">Copies to approve</legend>
                {request.items.map((item) => (
                  <SelectField
                    key={item.orderItemId}
                    label={`Copies of ${item.name} to approve`}
                    value={String(copies[item.orderItemId] ?? 0)}
                    onChange={(event) => {
                      setCopies({ ...copies, [item.orderItemId]: Number(event.target.value) });
                      setError(undefined);
                    }}
                  >
                    {Array.from({ length: most(item) + 1 }, (_, n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </SelectField>
                ))}
                <p className="text-sm text-stone-600">
                  No money and no stock move now: the refund is made once the books are back.
                </p>
              </fieldset>
            )}
            <DialogActions kind="approve" formError={error} onClose={onClose} />
          </form>
        )}
      </div>
    </Modal>
  );
}

/** What the desk says of one approved book when the parcel comes back. */
interface Received {
  quantity: number;
  /** Whether any goes back to stock: unticked until the desk ticks it. */
  restock: boolean;
  restockCopies: number;
}

/**
 * The parcel of an approved return came back: for each approved book, how many copies came and whether (and how
 * many) go back on the shelf. Nothing goes back unless the desk ticks it: a torn book does not.
 */
function ReceiveDialog({ order, request, onClose }: RequestDialogProps) {
  const approved = request.items.filter((item) => (item.approvedQuantity ?? 0) > 0);
  const bookIds = new Map(order.items.map((item) => [item._id, item.bookId]));
  const [lines, setLines] = useState<Record<string, Received>>(() =>
    Object.fromEntries(
      approved.map((item) => [
        item.orderItemId,
        { quantity: item.approvedQuantity ?? 0, restock: false, restockCopies: item.approvedQuantity ?? 0 },
      ]),
    ),
  );
  const { error, setError, take } = useStep(onClose);
  const receive = useReceiveReturn(order._id);
  const firstRef = useRef<HTMLFormElement>(null);
  useEffect(() => firstRef.current?.querySelector<HTMLElement>('select:enabled')?.focus(), []);

  const set = (id: string, change: Partial<Received>) => {
    setLines({ ...lines, [id]: { ...lines[id]!, ...change } });
    setError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const items = approved.map((item) => {
      const line = lines[item.orderItemId]!;
      return {
        orderItemId: item.orderItemId,
        quantity: line.quantity,
        restock: line.restock ? Math.min(line.restockCopies, line.quantity) : 0,
      };
    });
    if (items.every((item) => item.quantity === 0)) return setError(RETURN_MESSAGES.nothingReceived);
    await take(
      () => receive.mutateAsync({ id: request._id, body: { items } }),
      RETURN_MESSAGES.receivedMessage,
      'Failed to record the parcel',
    );
  };

  return (
    <Modal title={`The returned parcel of ${order.orderNumber}`} onClose={onClose}>
      <form ref={firstRef} onSubmit={submit} noValidate aria-label="Parcel received" className="space-y-4">
        <p className="text-sm text-stone-700">Customer&apos;s reason: {request.reason}</p>
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
          {approved.map((item) => {
            const line = lines[item.orderItemId]!;
            const canRestock = line.quantity > 0 && bookIds.get(item.orderItemId) !== null;
            return (
              <li key={item.orderItemId} className="space-y-2 p-3">
                <p className="text-sm font-medium">
                  {item.name} · {plural(item.approvedQuantity ?? 0)} approved
                </p>
                <SelectField
                  label={`Copies of ${item.name} received`}
                  value={String(line.quantity)}
                  onChange={(event) => set(item.orderItemId, { quantity: Number(event.target.value) })}
                >
                  {Array.from({ length: (item.approvedQuantity ?? 0) + 1 }, (_, n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </SelectField>
                <CheckboxField
                  label={
                    <>
                      Return to stock <span className="sr-only">({item.name})</span>
                    </>
                  }
                  checked={line.restock && canRestock}
                  disabled={!canRestock}
                  onChange={(event) =>
                    set(item.orderItemId, { restock: event.target.checked, restockCopies: line.quantity })
                  }
                />
                {line.restock && canRestock && line.quantity > 1 && (
                  <SelectField
                    label={`Copies of ${item.name} back to stock`}
                    value={String(Math.min(line.restockCopies, line.quantity))}
                    onChange={(event) => set(item.orderItemId, { restockCopies: Number(event.target.value) })}
                  >
                    {Array.from({ length: line.quantity }, (_, n) => (
                      <option key={n + 1} value={n + 1}>
                        {n + 1}
                      </option>
                    ))}
                  </SelectField>
                )}
              </li>
            );
          })}
        </ul>
        <p className="text-sm text-stone-600">
          Tick &ldquo;Return to stock&rdquo; only for copies fit to sell again. No money moves now: refund the
          return next.
        </p>
        <DialogActions kind="receive" formError={error} busy={receive.isPending} onClose={onClose} />
      </form>
    </Modal>
  );
}

/** The refund of a received return: the amount of its received copies, asked before any money moves. */
function RefundReturnDialog({ order, request, onClose }: RequestDialogProps) {
  const refund = useRefundReturn(order._id);
  const { error, take } = useStep(onClose);
  const { amount } = choicesAmount(order, receivedChoices(request));
  const send = () =>
    take(
      () => refund.mutateAsync({ id: request._id }),
      RETURN_MESSAGES.refundedMessage,
      'Failed to refund the return',
    );
  return (
    <Modal title={`Refund the return of ${order.orderNumber}`} onClose={onClose}>
      <ConfirmStep
        question={confirmQuestion(order, amount)}
        yes={`Yes, refund ${formatMoney(amount)}`}
        busyLabel="Refunding..."
        busy={refund.isPending}
        onBack={onClose}
        onYes={() => void send()}
      >
        <ul aria-label="Books received" className="list-inside list-disc text-sm text-stone-700">
          {request.items
            .filter((item) => (item.receivedQuantity ?? 0) > 0)
            .map((item) => (
              <li key={item.orderItemId}>
                {item.receivedQuantity} × {item.name}
              </li>
            ))}
        </ul>
        <FormMessage message={error} />
      </ConfirmStep>
    </Modal>
  );
}

function DeclineDialog({ order, request, onClose }: RequestDialogProps) {
  const { values, bind, formRef, formError, check, refused } = useForm(() => ({ reason: '' }), [
    'reason',
  ] as const);
  const decline = useDeclineReturn(order._id);
  useEffect(() => formRef.current?.querySelector<HTMLElement>('textarea')?.focus(), [formRef]);
  const submit = dialogSubmit(
    () => check(declineReturnBodySchema, values),
    (body) => decline.mutateAsync({ id: request._id, body }),
    { success: RETURN_MESSAGES.declined, failure: 'Failed to decline the request', onClose, refused },
  );
  return (
    <Modal title={`Decline the request for ${order.orderNumber}`} onClose={onClose}>
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Decline" className="space-y-4">
        <ReasonField hint="Sent to the customer by email." {...bind('reason')} />
        <DialogActions kind="decline" formError={formError} busy={decline.isPending} onClose={onClose} />
      </form>
    </Modal>
  );
}

/** What the desk decided of an item so far: approved, received, back to stock. */
function itemProgress(item: ReturnRequest['items'][number]): string {
  const parts = [
    item.approvedQuantity !== null && `approved ${item.approvedQuantity}`,
    item.receivedQuantity !== null && `received ${item.receivedQuantity}`,
    item.receivedQuantity !== null && `${item.restock ?? 0} back to stock`,
  ].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** One request: what was asked, why, where it stands, and the buttons of its next step. */
function RequestEntry({ order, request }: { order: Order; request: ReturnRequest }) {
  const [open, setOpen] = useState<'approve' | 'decline' | 'receive' | 'refund' | null>(null);
  const isReturn = request.kind === 'return';
  const toRefund = request.status === 'received' ? choicesAmount(order, receivedChoices(request)).amount : 0;
  return (
    <li className="space-y-2 py-3">
      <p className="font-medium">
        {KIND_LABELS[request.kind]} · {statusLabel(request)}
        <span className="font-normal text-stone-500"> · asked {formatDateTime(request.createdAt)}</span>
      </p>
      {request.items.length > 0 && (
        <ul aria-label="Books asked back" className="list-inside list-disc text-stone-700">
          {request.items.map((item) => (
            <li key={item.orderItemId}>
              {item.quantity} × {item.name}
              {itemProgress(item)}
            </li>
          ))}
        </ul>
      )}
      <p className="text-stone-700">Reason: {request.reason}</p>
      {request.declineReason && <p className="text-stone-700">Declined: {request.declineReason}</p>}
      {request.receivedAt && (
        <p className="text-stone-700">Parcel received {formatDateTime(request.receivedAt)}</p>
      )}
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
      {isReturn && request.status === 'approved' && (
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setOpen('receive')}>
            Parcel received
          </Button>
          <Button variant="secondary" onClick={() => setOpen('decline')}>
            Decline
          </Button>
        </div>
      )}
      {isReturn && request.status === 'received' && (
        <Button variant="secondary" onClick={() => setOpen('refund')}>
          Refund {formatMoney(toRefund)}
        </Button>
      )}
      {open === 'approve' && <ApproveDialog order={order} request={request} onClose={() => setOpen(null)} />}
      {open === 'decline' && <DeclineDialog order={order} request={request} onClose={() => setOpen(null)} />}
      {open === 'receive' && <ReceiveDialog order={order} request={request} onClose={() => setOpen(null)} />}
      {open === 'refund' && (
        <RefundReturnDialog order={order} request={request} onClose={() => setOpen(null)} />
      )}
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
