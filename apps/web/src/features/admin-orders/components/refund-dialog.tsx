import {
  formatMoney,
  MIN_REFUND,
  REFUND_MESSAGES,
  refundBodySchema,
  refundTooLargeMessage,
  RETURN_MESSAGES,
  type Order,
  type RefundBody,
} from '@scholar/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { useForm } from '../../../lib/use-form';
import { useRefundOrder } from '../api/refund-order';
import { ConfirmStep, DialogActions, ReasonField } from './order-dialog-parts';
import {
  choiceLines,
  choicesAmount,
  paidInCash,
  RefundItemsFields,
  type ItemChoices,
} from './refund-items-fields';

/**
 * What is left to refund of an order, in rupees: the money received less what went back (the summary's `net`), so
 * nothing of a cash-on-delivery order whose cash was not collected (docs/decisions/058).
 */
export const refundableRest = (order: Pick<Order, 'money'>): number => Math.max(0, order.money.net);

/** Whether the desk may still refund something of the order: Razorpay refunds no less than `MIN_REFUND`. */
export const canRefund = (order: Pick<Order, 'money'>): boolean => refundableRest(order) >= MIN_REFUND;

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

const FIELDS = ['amount', 'reason', 'items'] as const;

/** The question before any money moves: to the customer's card, or paid back by hand (cash on delivery). */
export const confirmQuestion = (order: Order, amount: number): string =>
  paidInCash(order)
    ? `Record ${formatMoney(amount)} as paid back to the customer by hand?`
    : `Refund ${formatMoney(amount)} to the customer's card?`;

/** The desk's word that a refund from this dialog is not the refund of a returned parcel. */
export const NOT_A_RETURN_LABEL = 'This refund is not tied to a returned parcel';
export const NOT_A_RETURN_REQUIRED =
  'Tick that this refund is not tied to a returned parcel: a return is refunded from its request once its parcel is received';

/**
 * Refunds books of an order (decision 055), or an amount, without a return: the desk ticks that it is not tied to
 * a returned parcel (a return is refunded from its request, under Customer requests, once the parcel is back): the desk picks the copies of each item and whether they
 * go back to the stock, sees the amount (the server computes it again from the items), and confirms it in a second
 * step before any money moves. One Idempotency-Key per opening of the dialog: submitting again after a timeout or a
 * failure names the same attempt, so the customer is never refunded twice for one intention.
 */
export function RefundDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const rest = refundableRest(order);
  const { values, bind, formRef, formError, check, refused, setValues } = useForm(
    () => ({ amount: amountText(rest), reason: '', by: 'items' }),
    FIELDS,
  );
  const [choices, setChoices] = useState<ItemChoices>({});
  const [itemsError, setItemsError] = useState<string>();
  const [notAReturn, setNotAReturn] = useState(false);
  const [notAReturnError, setNotAReturnError] = useState<string>();
  const [confirming, setConfirming] = useState<{ body: RefundBody; amount: number }>();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const refund = useRefundOrder(order._id);
  const byItems = values.by === 'items';
  const computed = choicesAmount(order, choices);

  // The dialog opens on its first field rather than on its close button (its effect runs after the modal's).
  useEffect(() => {
    const form = formRef.current;
    (
      form?.querySelector<HTMLElement>('select:enabled') ?? form?.querySelector<HTMLElement>('input')
    )?.focus();
  }, [formRef]);

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!notAReturn) {
      setNotAReturnError(NOT_A_RETURN_REQUIRED);
      formRef.current?.querySelector<HTMLElement>('input[name="not-a-return"]')?.focus();
      return;
    }
    if (byItems) {
      const lines = choiceLines(choices);
      const body = check(refundBodySchema, {
        reason: values.reason,
        items: lines.length ? lines : undefined,
      });
      if (lines.length === 0) {
        setItemsError(RETURN_MESSAGES.itemsRequired);
        return;
      }
      if (!body) return;
      if (computed.amount < MIN_REFUND) {
        setItemsError(REFUND_MESSAGES.amountTooSmall);
        return;
      }
      setConfirming({ body: { reason: body.reason, items: lines }, amount: computed.amount });
    } else {
      const body = check(refundSchemaFor(rest), {
        reason: values.reason,
        amount: amountValue(values.amount),
      });
      if (!body) return;
      setConfirming({ body: { reason: body.reason, amount: body.amount }, amount: body.amount ?? rest });
    }
  };

  const send = async () => {
    if (!confirming) return;
    try {
      await refund.mutateAsync({ body: confirming.body, idempotencyKey });
      toast.success(REFUND_MESSAGES.refundStarted);
      onClose();
    } catch (error) {
      setConfirming(undefined);
      refused(error, 'Failed to refund the order');
    }
  };

  return (
    <Modal title={`Refund order ${order.orderNumber}`} onClose={onClose}>
      {confirming ? (
        <ConfirmStep
          question={confirmQuestion(order, confirming.amount)}
          yes={`Yes, refund ${formatMoney(confirming.amount)}`}
          busyLabel="Refunding..."
          busy={refund.isPending}
          onBack={() => setConfirming(undefined)}
          onYes={() => void send()}
        >
          <p className="text-sm text-stone-700">Reason: {confirming.body.reason}</p>
        </ConfirmStep>
      ) : (
        <form ref={formRef} onSubmit={review} noValidate aria-label="Refund" className="space-y-4">
          <p className="text-sm text-stone-700">
            Paid {formatMoney(order.amount)}
            {order.refundedAmount > 0 && <> · Refunded {formatMoney(order.refundedAmount)}</>} ·{' '}
            <strong>{formatMoney(rest)}</strong> can still be refunded.{' '}
            {paidInCash(order)
              ? 'Paid in cash: the money is paid back by hand.'
              : "The money goes back to the customer's original payment method."}
          </p>
          <fieldset className="flex flex-wrap gap-4 text-sm">
            <legend className="sr-only">Refund by</legend>
            {(['items', 'amount'] as const).map((by) => (
              <label key={by} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="by"
                  value={by}
                  checked={values.by === by}
                  onChange={() => setValues((current) => ({ ...current, by }))}
                  className="h-4 w-4 accent-brand-700"
                />
                {by === 'items' ? 'Refund books' : 'Refund an amount'}
              </label>
            ))}
          </fieldset>
          {byItems ? (
            <>
              <RefundItemsFields
                order={order}
                choices={choices}
                onChange={(next) => {
                  setChoices(next);
                  setItemsError(undefined);
                }}
                error={itemsError}
              />
              <p aria-live="polite" className="text-sm">
                Refund amount: <strong>{formatMoney(computed.amount)}</strong>
                {computed.allRefunded && ' (with the delivery charge: every copy is refunded)'}
              </p>
            </>
          ) : (
            <TextField
              label="Amount (₹)"
              inputMode="decimal"
              autoComplete="off"
              required
              hint={`From ${formatMoney(MIN_REFUND)} to ${formatMoney(rest)}`}
              {...bind('amount')}
            />
          )}
          <ReasonField hint="Kept with the refund on the order's timeline." {...bind('reason')} />
          <div className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3">
            <CheckboxField
              name="not-a-return"
              label={NOT_A_RETURN_LABEL}
              checked={notAReturn}
              aria-invalid={notAReturnError ? true : undefined}
              aria-describedby="not-a-return-hint"
              onChange={(event) => {
                setNotAReturn(event.target.checked);
                setNotAReturnError(undefined);
              }}
            />
            <p id="not-a-return-hint" className="text-sm text-stone-600">
              A customer&apos;s return is refunded from its request under Customer requests, once its parcel
              is received.
            </p>
            {notAReturnError && (
              <p role="alert" className="text-sm text-red-700">
                {notAReturnError}
              </p>
            )}
          </div>
          <DialogActions kind="refund" formError={formError} onClose={onClose} />
        </form>
      )}
    </Modal>
  );
}
