import { apiResponse } from '../../../lib/api-client';
import { filterQuery, type AdminOrdersFilter } from './get-admin-orders';

/** Downloads the CSV export (the file name comes from the server). */
export async function downloadOrdersCsv(filter: Omit<AdminOrdersFilter, 'page'>): Promise<void> {
  const res = await apiResponse('/orders/admin/export-csv', {
    query: filterQuery(filter),
    fallbackError: 'Failed to export CSV file',
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
