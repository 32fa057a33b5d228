import type { Order } from '@scholar/shared';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { downloadBill, type BillScope } from './download-bill-file';

/**
 * Whether an order has a bill of supply to offer: every paid card order, and a cash-on-delivery order once its cash
 * is collected (docs/decisions/053).
 */
export const hasBill = (order: Order): boolean =>
  order.paymentMethod === 'cod' ? Boolean(order.codCollectedAt) : true;

/**
 * "Download bill": the order's bill of supply as a PDF, for its customer (`customer`) or the orders desk (`desk`).
 * A button, since the file comes with the signed-in session; what went wrong is said beside it.
 */
export function DownloadBill({ order, scope = 'customer' }: { order: Order; scope?: BillScope }) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'busy' | 'none' | 'failed'>('idle');
  if (!hasBill(order)) return null;
  const download = async () => {
    setState('busy');
    try {
      await downloadBill(scope, order._id);
      setState('idle');
    } catch (error) {
      setState(error instanceof ApiError && error.status === 404 ? 'none' : 'failed');
    }
  };
  return (
    <div className="mt-4">
      <button
        type="button"
        onClick={() => void download()}
        disabled={state === 'busy'}
        aria-describedby={`bill-note-${order._id}`}
        className="inline-flex items-center gap-2 rounded-md border border-brand-700 px-3 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
      >
        <FileDown aria-hidden="true" className="h-4 w-4" />
        {state === 'busy' ? t('bills.downloading') : t('bills.download')}
      </button>
      <p id={`bill-note-${order._id}`} className="mt-1 text-xs text-stone-600">
        {t('bills.note')}
      </p>
      <p role="status" className="mt-1 text-sm text-red-700 empty:hidden">
        {state === 'none' ? t('bills.none') : state === 'failed' ? t('bills.failed') : ''}
      </p>
    </div>
  );
}
