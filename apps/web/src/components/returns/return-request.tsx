import {
  RETURN_REASON_MAX,
  RETURN_WINDOW_DAYS,
  type Order,
  type OrderStatus,
  type ReturnRequest,
  type ReturnRequestBody,
} from '@scholar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../ui/button';
import { card } from '../ui/card';
import { FormMessage, SelectField, TextAreaField } from '../ui/field';
import { errorMessage } from '../../lib/api-client';
import { useFormat, useT } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { myOrderReturnsQueryOptions, useAskReturn } from './returns-api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const DAY_MS = 86_400_000;

/** The last day a delivered order may be asked back (decision 055), or undefined when it has not been delivered. */
export const returnDeadline = (order: {
  status: OrderStatus;
  fulfillment: { deliveredAt: string | null };
}): Date | undefined =>
  order.status === 'delivered' && order.fulfillment.deliveredAt
    ? new Date(new Date(order.fulfillment.deliveredAt).getTime() + RETURN_WINDOW_DAYS * DAY_MS)
    : undefined;

/** What a request is about: the order's status, delivery and items (with their ids). */
export interface ReturnableOrder {
  status: OrderStatus;
  fulfillment: { deliveredAt: string | null };
  items: { _id: string; name: string; quantity: number; refundedQuantity?: number | undefined }[];
  /** Whether anything was paid: a cash-on-delivery order not collected has nothing to refund. */
  money?: { paid: number };
}

const copiesLeft = (item: ReturnableOrder['items'][number]) =>
  Math.max(0, item.quantity - (item.refundedQuantity ?? 0));

/** The request's state in a word or two: asked, approved (send the books back), received, refunded, declined. */
const STATE_KEYS = {
  requested: 'returns.state.requested',
  approved: 'returns.state.approved',
  received: 'returns.state.received',
  refunded: 'returns.state.refunded',
  declined: 'returns.state.declined',
} as const;

/** What the customer is told of their latest request: its state, then what happens next. */
function RequestSentence({ request }: { request: ReturnRequest }) {
  const t = useT();
  const { date, money, inText } = useFormat();
  const cancelled = request.kind === 'cancel' && request.status === 'approved';
  const state = t(cancelled ? 'returns.state.cancelled' : STATE_KEYS[request.status]);
  let sentence: string;
  switch (request.status) {
    case 'requested':
      sentence = t(request.kind === 'cancel' ? 'returns.open.cancel' : 'returns.open.return', {
        date: date(request.createdAt),
      });
      break;
    case 'declined':
      sentence = t('returns.declined', { reason: request.declineReason ?? '' });
      break;
    case 'approved':
      sentence = t(cancelled ? 'returns.approved.cancel' : 'returns.approved.sendBack');
      break;
    case 'received':
      sentence = t('returns.received');
      break;
    case 'refunded':
      sentence = request.refund
        ? t(request.refund.byHand ? 'returns.refunded.byHand' : 'returns.refunded.return', {
            amount: inText(money(request.refund.amount)),
          })
        : t('returns.received');
      break;
  }
  return (
    <>
      <p className="font-medium text-stone-900">{t('returns.state', { state })}</p>
      <p>{sentence}</p>
    </>
  );
}

/** The form of a request: the copies of each book (a return) and the reason. */
function RequestForm({
  order,
  ask,
  kind,
  onSent,
  onDone,
}: {
  order: ReturnableOrder;
  ask: { mutateAsync: (body: ReturnRequestBody) => Promise<unknown>; isPending: boolean };
  kind: 'cancel' | 'return';
  onSent: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const [copies, setCopies] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ items?: string; reason?: string; form?: string }>({});
  const itemsErrorId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const items = Object.entries(copies)
      .filter(([, quantity]) => quantity > 0)
      .map(([orderItemId, quantity]) => ({ orderItemId, quantity }));
    const found: typeof errors = {};
    if (kind === 'return' && items.length === 0) found.items = t('returns.noCopies');
    if (reason.trim() === '') found.reason = t('returns.reasonRequired');
    else if (reason.trim().length > RETURN_REASON_MAX) found.reason = t('returns.reasonTooLong');
    setErrors(found);
    if (found.items || found.reason) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    try {
      await ask.mutateAsync({ kind, reason: reason.trim(), ...(kind === 'return' ? { items } : {}) });
      onSent();
    } catch (error) {
      setErrors({ form: errorMessage(error, t('returns.failed')) });
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('returns.form')}
      className="mt-4 space-y-4"
    >
      {kind === 'return' && (
        <fieldset aria-describedby={errors.items ? itemsErrorId : undefined} className="space-y-3">
          <legend className="text-sm font-medium text-stone-700">{t('returns.books')}</legend>
          {order.items
            .filter((item) => copiesLeft(item) > 0)
            .map((item, index) => (
              <SelectField
                key={item._id}
                label={t('returns.copies', { name: item.name })}
                value={String(copies[item._id] ?? 0)}
                aria-invalid={errors.items && index === 0 ? true : undefined}
                onChange={(event) => {
                  setCopies({ ...copies, [item._id]: Number(event.target.value) });
                  setErrors({ ...errors, items: undefined });
                }}
              >
                {Array.from({ length: copiesLeft(item) + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </SelectField>
            ))}
          {errors.items && (
            <p id={itemsErrorId} role="alert" className="text-sm text-red-700">
              {errors.items}
            </p>
          )}
        </fieldset>
      )}
      <TextAreaField
        label={t('returns.reason')}
        hint={t('returns.reasonHint')}
        rows={4}
        required
        maxLength={RETURN_REASON_MAX}
        value={reason}
        error={errors.reason}
        onChange={(event) => {
          setReason(event.target.value);
          setErrors({ ...errors, reason: undefined });
        }}
      />
      <FormMessage message={errors.form} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={ask.isPending} aria-busy={ask.isPending}>
          {ask.isPending ? t('returns.sending') : t('returns.send')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('returns.back')}
        </Button>
      </div>
    </form>
  );
}

/**
 * On the customer's order page: their latest request about the order (waiting, approved with its refund, or
 * declined with the shop's reason), and while none is open, the way to ask to cancel (not shipped yet) or to return
 * books (within `RETURN_WINDOW_DAYS` of delivery). Nothing at all when there is nothing to say or ask.
 */
export function OrderReturnRequest({ order }: { order: Order }) {
  const userId = useSession().user?._id ?? '';
  const { data: requests } = useQuery({
    ...myOrderReturnsQueryOptions(userId, order._id),
    enabled: userId !== '',
  });
  const ask = useAskReturn(userId, order._id);
  return <ReturnRequestCard order={order} requests={requests} ask={ask} />;
}

/** The same for a guest, through the signed link of the order's mails (the tracking page). */
export function GuestReturnRequest({
  order,
  orderNumber,
  signature,
}: {
  order: Omit<ReturnableOrder, 'items'> & {
    items: (Omit<ReturnableOrder['items'][number], '_id'> & { _id?: string })[];
  };
  orderNumber: string;
  signature: string;
}) {
  const queryClient = useQueryClient();
  const returnable: ReturnableOrder = {
    ...order,
    items: order.items.flatMap((item) => (item._id ? [{ ...item, _id: item._id }] : [])),
  };
  const path = `/order-tracking/${encodeURIComponent(orderNumber)}/returns`;
  const key = queryKeys.orders.returns({ orderNumber });
  const { data: requests } = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (await api<{ data: { requests: ReturnRequest[] } }>(path, { query: { t: signature }, signal })).data
        .requests,
    enabled: signature !== '',
  });
  const ask = useMutation({
    mutationFn: async (body: ReturnRequestBody) =>
      (
        await api<{ data: { request: ReturnRequest } }>(path, {
          method: 'POST',
          query: { t: signature },
          body,
          fallbackError: 'Your request could not be sent',
        })
      ).data.request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return <ReturnRequestCard order={returnable} requests={requests} ask={ask} />;
}

function ReturnRequestCard({
  order,
  requests,
  ask,
}: {
  order: ReturnableOrder;
  requests: ReturnRequest[] | undefined;
  ask: { mutateAsync: (body: ReturnRequestBody) => Promise<unknown>; isPending: boolean };
}) {
  const t = useT();
  const { date } = useFormat();
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState(false);
  const latest = requests?.[0];
  const deadline = returnDeadline(order);
  // A return is open until it is refunded (or declined): asked, approved (on its way back) or received.
  const open =
    latest?.status === 'requested' ||
    (latest?.kind === 'return' && (latest.status === 'approved' || latest.status === 'received'));
  const kind: 'cancel' | 'return' | undefined =
    order.status === 'pending'
      ? 'cancel'
      : deadline && deadline.getTime() >= Date.now() && order.items.some((item) => copiesLeft(item) > 0)
        ? 'return'
        : undefined;
  if (!requests || (!latest && !kind)) return null;

  return (
    <section aria-labelledby="return-heading" className={`${card} p-4 sm:p-6`}>
      <h2 id="return-heading" className="font-serif text-xl font-semibold">
        {t('returns.heading')}
      </h2>
      <div role="status" className="mt-3 space-y-2 text-sm text-stone-700">
        {sent && <p className="font-medium text-green-800">{t('returns.sent')}</p>}
        {latest && <RequestSentence request={latest} />}
      </div>
      {!open && kind && (
        <>
          <p className="mt-3 text-sm text-stone-600">
            {kind === 'cancel'
              ? t(order.money?.paid === 0 ? 'returns.cancelIntroUnpaid' : 'returns.cancelIntro')
              : t('returns.returnIntro', { days: RETURN_WINDOW_DAYS, date: date(deadline!.toISOString()) })}
          </p>
          {asking ? (
            <RequestForm
              order={order}
              ask={ask}
              kind={kind}
              onSent={() => {
                setSent(true);
                setAsking(false);
              }}
              onDone={() => setAsking(false)}
            />
          ) : (
            <Button variant="secondary" className="mt-3" onClick={() => setAsking(true)}>
              {kind === 'cancel' ? t('returns.askCancel') : t('returns.askReturn')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
