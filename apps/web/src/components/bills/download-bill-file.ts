import { apiResponse } from '../../lib/api-client';

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
  const res = await apiResponse(billPath(scope, orderId));
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'bill.pdf';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on a later turn: some browsers read the address after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
