import {
  FULFILLMENT_STATUSES,
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
import { SelectField, TextField } from '../../../components/ui/field';
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
    try {
      const saved = await updateFulfillment(order._id, {
        ...values,
        shippingProvider: (values.shippingProvider || null) as never,
      });
      toast.success('Order fulfillment updated successfully!');
      onSaved(saved);
      setEditing(false);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update order fulfillment'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="fulfillment-heading" className={`${card} p-6`}>
      <div className="flex items-center justify-between gap-3">
        <h2 id="fulfillment-heading" className="font-serif text-xl font-semibold">
          Fulfillment
        </h2>
        {!editing && order.status !== 'cancelled' && (
          <Button
            variant="secondary"
            onClick={() => {
              setValues(valuesOf(order));
              setEditing(true);
            }}
          >
            Edit
          </Button>
        )}
      </div>
      {editing ? (
        <form onSubmit={save} className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Edit fulfillment">
          <SelectField label="Status" value={values.status} onChange={set('status')}>
            {FULFILLMENT_STATUSES.map((status) => (
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
            value={values.trackingUrl}
            onChange={set('trackingUrl')}
          />
          <TextField
            label="Estimated Delivery"
            type="date"
            value={values.estimatedDelivery}
            onChange={set('estimatedDelivery')}
          />
          <div className="sm:col-span-2">
            <label htmlFor="fulfillment-notes" className="block text-sm font-medium text-stone-700">
              Notes
            </label>
            <textarea
              id="fulfillment-notes"
              rows={3}
              value={values.notes}
              onChange={set('notes')}
              className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
            />
          </div>
          <div className="flex gap-3 sm:col-span-2">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-stone-500">Status</dt>
            <dd className="mt-1">
              <StatusBadge status={order.status} />
              <BackorderedBadge order={order} />
            </dd>
          </div>
          <div>
            <dt className="text-stone-500">Shipping Provider</dt>
            <dd>{f.shippingProvider ?? 'Not set'}</dd>
          </div>
          <div>
            <dt className="text-stone-500">Tracking Number</dt>
            <dd>{f.trackingNumber ?? 'Not set'}</dd>
          </div>
          <div>
            <dt className="text-stone-500">Tracking URL</dt>
            <dd className="break-all">
              {f.trackingUrl ? (
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
              )}
            </dd>
          </div>
          <div>
            <dt className="text-stone-500">Estimated Delivery</dt>
            <dd>{f.estimatedDelivery ? formatCalendarDate(f.estimatedDelivery) : 'Not set'}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-stone-500">Notes</dt>
            <dd className="whitespace-pre-line">{f.notes ?? 'None'}</dd>
          </div>
        </dl>
      )}
      {order.status === 'cancelled' && (
        <p className="mt-4 text-sm text-stone-600">{REFUND_MESSAGES.cancelledIsFinal}.</p>
      )}
    </section>
  );
}
