import { ORDER_MESSAGES } from '@scholar/shared';
import { apiResponse } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';
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
  await saveDownload(res, 'orders_export.csv');
}
