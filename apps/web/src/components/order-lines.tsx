import type { OrderItem } from '@scholar/shared';
import { useLanguageName } from '../lib/book-languages';
import { Money, useFormat, useT, type MessageId } from '../lib/i18n';

/** The columns' names; on a phone, quantity and price sit under the item's name instead. */
const COLUMNS: readonly { name: MessageId; place: string }[] = [
  { name: 'shop.lines.item', place: 'pe-3' },
  { name: 'shop.lines.qty', place: 'hidden px-3 text-end sm:table-cell' },
  { name: 'shop.lines.price', place: 'hidden px-3 text-end sm:table-cell' },
  { name: 'shop.lines.total', place: 'ps-3 text-end' },
];

/**
 * The lines of an order: item (name, author, and the edition's language named in the page's language), quantity,
 * price and line total. On a phone the quantity and price sit under the name as `Qty 2 × ₹475.00` and only the line
 * total keeps a column of its own, so that no two figures run into each other.
 */
export function OrderLines({ items }: { items: readonly OrderItem[] }) {
  const t = useT();
  const { money, number, inText } = useFormat();
  const languageName = useLanguageName();
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t('shop.lines.caption')}</caption>
      <thead>
        <tr className="border-b border-stone-200 text-start text-stone-500">
          {COLUMNS.map(({ name, place }) => (
            <th key={name} scope="col" className={`py-2 font-medium ${place}`}>
              {t(name)}
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
                  {t('shop.lines.language', { language: languageName(item.selectedLanguage) })}
                </span>
              )}
              <span className="mt-1 block text-stone-600 sm:hidden">
                {t('shop.lines.quantityTimesPrice', {
                  quantity: number(item.quantity),
                  price: inText(money(item.price)),
                })}
              </span>
            </td>
            <td className="hidden px-3 py-3 text-end tabular-nums sm:table-cell">{number(item.quantity)}</td>
            <td className="hidden whitespace-nowrap px-3 py-3 text-end tabular-nums sm:table-cell">
              <Money value={item.price} />
            </td>
            <td className="whitespace-nowrap py-3 ps-3 text-end font-medium tabular-nums">
              <Money value={item.price * item.quantity} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
