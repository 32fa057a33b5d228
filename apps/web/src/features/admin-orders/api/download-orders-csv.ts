import { ORDER_MESSAGES } from '@scholar/shared';
import { apiResponse } from '../../../lib/api-client';
import { filterQuery, type AdminOrdersFilter } from './get-admin-orders';

/**
 * Downloads the CSV export (the file name comes from the server). A refusal carries the server's reason, and
 * 'Failed to export orders' when it gives none.
 */
export async function downloadOrdersCsv(filter: Omit<AdminOrdersFilter, 'page'>): Promise<void> {
  const res = await apiResponse('/orders/admin/export-csv', {
    query: filterQuery(filter),
    fallbackError: ORDER_MESSAGES.exportFailed,
  });
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'orders_export.csv';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
