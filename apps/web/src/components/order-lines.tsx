import { formatMoney, type OrderItem } from '@scholar/shared';

/** A language as the spec shows it on an order line: capitalised (`urdu` → `Urdu`). */
export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The columns' names; on a phone, quantity and price sit under the item's name instead. */
const COLUMNS = [
  { name: 'Item', place: 'pe-3' },
  { name: 'Qty', place: 'hidden px-3 text-end sm:table-cell' },
  { name: 'Price', place: 'hidden px-3 text-end sm:table-cell' },
  { name: 'Total', place: 'ps-3 text-end' },
] as const;

/**
 * The lines of an order: item (name, author, language), quantity, price and line total. On a phone the quantity
 * and price sit under the name as `Qty 2 × ₹475.00` and only the line total keeps a column of its own, so that no
 * two figures run into each other.
 */
export function OrderLines({ items }: { items: readonly OrderItem[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Items</caption>
      <thead>
        <tr className="border-b border-stone-200 text-start text-stone-500">
          {COLUMNS.map(({ name, place }) => (
            <th key={name} scope="col" className={`py-2 font-medium ${place}`}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item._id} className="border-b border-stone-100 align-top">
            <td className="py-3 pe-3">
              <span className="font-medium text-stone-900">{item.name}</span>
              <span className="block text-xs text-stone-500">{item.author}</span>
              {item.selectedLanguage && (
                <span className="block text-xs text-stone-600">
                  Language: {capitalise(item.selectedLanguage)}
                </span>
              )}
              <span className="mt-1 block text-stone-600 sm:hidden">
                Qty {item.quantity} × {formatMoney(item.price)}
              </span>
            </td>
            <td className="hidden px-3 py-3 text-end tabular-nums sm:table-cell">{item.quantity}</td>
            <td className="hidden whitespace-nowrap px-3 py-3 text-end tabular-nums sm:table-cell">
              {formatMoney(item.price)}
            </td>
            <td className="whitespace-nowrap py-3 ps-3 text-end font-medium tabular-nums">
              {formatMoney(item.price * item.quantity)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Subtotal, delivery and total of an order. */
export function OrderTotals({
  subtotal,
  shipping,
  total,
  shippingLabel = 'Shipping',
}: {
  subtotal: number;
  shipping: number;
  total: number;
  shippingLabel?: string;
}) {
  return (
    <dl className="ms-auto mt-4 max-w-xs space-y-1 text-sm">
      <div className="flex justify-between gap-4">
        <dt>Subtotal</dt>
        <dd className="tabular-nums">{formatMoney(subtotal)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>{shippingLabel}</dt>
        <dd className="tabular-nums">{formatMoney(shipping)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-1 text-base font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums">{formatMoney(total)}</dd>
      </div>
    </dl>
  );
}
