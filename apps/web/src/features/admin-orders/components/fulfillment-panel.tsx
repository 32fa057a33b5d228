import {
  canMoveOrder,
  FULFILLMENT_STATUSES,
  ORDER_MESSAGES,
  ORDER_STATUS_LABELS,
  REFUND_MESSAGES,
  SHIPPING_PROVIDERS,
  formatCalendarDate,
  type FulfillmentStatus,
  type Order,
} from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { Details } from '../../../components/ui/details';
import { EditActions, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { updateFulfillment } from '../api/update-fulfillment';
import { BackorderedBadge, StatusBadge } from './status-badge';

type Values = {
  status: FulfillmentStatus;
  trackingNumber: string;
  shippingProvider: string;
  trackingUrl: string;
  estimatedDelivery: string;
  notes: string;
};

const valuesOf = (order: Order): Values => ({
  // A cancelled order's status is final (the server refuses a change); its editor starts from pending.
  status: order.status === 'cancelled' ? 'pending' : order.status,
  trackingNumber: order.fulfillment.trackingNumber ?? '',
  shippingProvider: order.fulfillment.shippingProvider ?? '',
  trackingUrl: order.fulfillment.trackingUrl ?? '',
  estimatedDelivery: order.fulfillment.estimatedDelivery ?? '',
  notes: order.fulfillment.notes ?? '',
});

/**
 * The statuses the editor offers: the order's own (saved with the other fields, no move) and those it may move to
 * (ORDER_STATUS_MOVES); cancelling is the Cancel order button's.
 */
const statusChoices = (order: Pick<Order, 'status'>): FulfillmentStatus[] =>
  FULFILLMENT_STATUSES.filter((status) => status === order.status || canMoveOrder(order.status, status));

/** Fulfillment in view and edit modes (Save, Cancel); a cancelled order's is only shown, as it can no longer change. */
export function FulfillmentPanel({ order, onSaved }: { order: Order; onSaved: (order: Order) => void }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>(() => valuesOf(order));
  const [saving, setSaving] = useState(false);
  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues({ ...values, [key]: e.target.value });
  const f = order.fulfillment;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    // A failure without the server's reason names what was being changed: the status, or only the details.
    const failure =
      values.status === order.status ? 'Failed to update order fulfillment' : ORDER_MESSAGES.statusFailed;
    try {
      const saved = await updateFulfillment(
        order._id,
        { ...values, shippingProvider: (values.shippingProvider || null) as never },
        failure,
      );
      toast.success('Order fulfillment updated successfully!');
      onSaved(saved);
      setEditing(false);
    } catch (error) {
      toast.error(errorMessage(error, failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Panel
      id="fulfillment-heading"
      title="Fulfillment"
      className={`${card} p-6`}
      actions={
        !editing &&
        order.status !== 'cancelled' && (
          <Button
            variant="secondary"
            onClick={() => {
              setValues(valuesOf(order));
              setEditing(true);
            }}
          >
            Edit
          </Button>
        )
      }
    >
      {editing ? (
        <form onSubmit={save} className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Edit fulfillment">
          <SelectField label="Status" value={values.status} onChange={set('status')}>
            {statusChoices(order).map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Shipping Provider"
            value={values.shippingProvider}
            onChange={set('shippingProvider')}
          >
            <option value="">Not chosen</option>
            {SHIPPING_PROVIDERS.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </SelectField>
          <TextField label="Tracking Number" value={values.trackingNumber} onChange={set('trackingNumber')} />
          <TextField
            label="Tracking URL"
            type="url"
            placeholder="https://"
            hint="Left empty, the courier's tracking page for the number is used (not for Other)."
            value={values.trackingUrl}
            onChange={set('trackingUrl')}
          />
          <TextField
            label="Estimated Delivery"
            type="date"
            value={values.estimatedDelivery}
            onChange={set('estimatedDelivery')}
          />
          <TextAreaField
            label="Notes"
            rows={3}
            className="sm:col-span-2"
            value={values.notes}
            onChange={set('notes')}
          />
          <EditActions busy={saving} onCancel={() => setEditing(false)} className="sm:col-span-2" />
        </form>
      ) : (
        <Details
          className="mt-4 grid gap-4 text-sm sm:grid-cols-2"
          items={[
            {
              label: 'Status',
              value: (
                <>
                  <StatusBadge status={order.status} />
                  <BackorderedBadge order={order} />
                </>
              ),
              valueClass: 'mt-1',
            },
            { label: 'Shipping Provider', value: f.shippingProvider ?? 'Not set' },
            { label: 'Tracking Number', value: f.trackingNumber ?? 'Not set' },
            {
              label: 'Tracking URL',
              value: f.trackingUrl ? (
                <a
                  href={f.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-brand-700 underline"
                >
                  {f.trackingUrl}
                </a>
              ) : (
                'Not set'
              ),
              valueClass: 'break-all',
            },
            {
              label: 'Estimated Delivery',
              value: f.estimatedDelivery ? formatCalendarDate(f.estimatedDelivery) : 'Not set',
            },
            {
              label: 'Notes',
              value: f.notes ?? 'None',
              valueClass: 'whitespace-pre-line',
              className: 'sm:col-span-2',
            },
          ]}
        />
      )}
      {order.status === 'cancelled' && (
        <p className="mt-4 text-sm text-stone-600">{REFUND_MESSAGES.cancelledIsFinal}.</p>
      )}
    </Panel>
  );
}
