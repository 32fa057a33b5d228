import type { Order } from '@scholar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { api, errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

/** `POST /orders/admin/{id}/cod-collected`: the courier's cash reached the shop (docs/decisions/051). */
async function markCashCollected(id: string): Promise<Order> {
  const answer = await api<{ data: { order: Order }; message?: string }>(
    `/orders/admin/${id}/cod-collected`,
    {
      method: 'POST',
      fallbackError: 'Failed to mark the cash collected',
    },
  );
  return answer.data.order;
}

/**
 * "Cash collected" on the desk's order page, for a cash-on-delivery order that is shipped or delivered and whose
 * cash has not come yet: from then on its amount counts as revenue and its bill is issued. The desk is in English.
 */
export function CashCollected({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (order.paymentMethod !== 'cod') return null;
  if (order.codCollectedAt) {
    return (
      <p className="mt-3 text-sm text-stone-700">
        Cash collected on{' '}
        {new Date(order.codCollectedAt).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' })}
      </p>
    );
  }
  if (order.status !== 'shipped' && order.status !== 'delivered') {
    return (
      <p className="mt-3 text-sm text-stone-700">
        Cash on delivery: the cash can be marked collected once the order is shipped.
      </p>
    );
  }
  const collect = async () => {
    setBusy(true);
    try {
      const next = await markCashCollected(order._id);
      queryClient.setQueryData(queryKeys.orders.detail(next._id), next);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.adminLists() });
      toast.success('Cash collected');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to mark the cash collected'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button className="mt-3" disabled={busy} onClick={() => void collect()}>
      {busy ? 'Saving…' : 'Cash collected'}
    </Button>
  );
}
