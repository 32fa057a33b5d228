import { apiResponse } from '../../lib/api-client';
import { saveDownload } from '../../lib/save-download';

/** Whose bill it is: the customer's own order, or any order at the orders desk. */
export type BillScope = 'customer' | 'desk';

const billPath = (scope: BillScope, orderId: string) =>
  scope === 'desk'
    ? `/bills/admin/orders/${encodeURIComponent(orderId)}`
    : `/bills/orders/${encodeURIComponent(orderId)}`;

/**
 * Downloads an order's bill of supply (a PDF named by its number, as the server names it). A refusal is an
 * ApiError: 404 `BILL_NOT_FOUND` while the order has no bill.
 */
export async function downloadBill(scope: BillScope, orderId: string): Promise<string> {
  return saveDownload(await apiResponse(billPath(scope, orderId)), 'bill.pdf');
}
