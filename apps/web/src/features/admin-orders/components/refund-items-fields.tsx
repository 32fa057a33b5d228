import {
  formatMoney,
  fromPaise,
  itemsRefundPaise,
  toPaise,
  type Order,
  type RefundLine,
} from '@scholar/shared';
import { CheckboxField, SelectField } from '../../../components/ui/field';

/** What the desk chose of one item: how many copies to refund, and whether they go back to the stock. */
export interface ItemChoice {
  quantity: number;
  restock: boolean;
}
export type ItemChoices = Record<string, ItemChoice>;

/** Copies of an item not refunded yet. */
export const copiesLeft = (item: Order['items'][number]): number =>
  Math.max(0, item.quantity - (item.refundedQuantity ?? 0));

/** The choices as the API's lines: the chosen copies, all or none of them back to stock. */
export const choiceLines = (choices: ItemChoices): RefundLine[] =>
  Object.entries(choices)
    .filter(([, choice]) => choice.quantity > 0)
    .map(([orderItemId, choice]) => ({
      orderItemId,
      quantity: choice.quantity,
      restock: choice.restock ? choice.quantity : 0,
    }));

/**
 * What a refund of these choices gives back, in rupees, as the server computes it (`itemsRefundPaise`, decision
 * 055): each copy at its price less its share of the coupon, the delivery charge with the last copies.
 */
export function choicesAmount(order: Order, choices: ItemChoices): { amount: number; allRefunded: boolean } {
  const { amountPaise, allRefunded } = itemsRefundPaise(
    {
      subtotalPaise: toPaise(order.subtotal),
      discountPaise: toPaise(order.discount ?? 0),
      amountPaise: toPaise(order.amount),
      refundedPaise: toPaise(order.refundedAmount),
      items: order.items.map((item) => ({
        id: item._id,
        pricePaise: toPaise(item.price),
        quantity: item.quantity,
        refundedQuantity: item.refundedQuantity ?? 0,
      })),
    },
    choiceLines(choices),
  );
  return { amount: fromPaise(amountPaise), allRefunded };
}

/** A cash-on-delivery order is paid back by hand, not to a card. */
export const paidInCash = (order: Order): boolean => order.paymentMethod === 'cod';

/**
 * The order's items, each with how many copies to refund (up to `most` of it: what is left, or what a return asked
 * for) and whether they go back to the stock. Selects and checkboxes, each with its label: keyboard-usable as they are.
 */
export function RefundItemsFields({
  order,
  choices,
  onChange,
  most = copiesLeft,
  error,
}: {
  order: Order;
  choices: ItemChoices;
  onChange: (choices: ItemChoices) => void;
  most?: (item: Order['items'][number]) => number;
  error?: string | undefined;
}) {
  const set = (id: string, change: Partial<ItemChoice>) =>
    onChange({ ...choices, [id]: { quantity: 0, restock: false, ...choices[id], ...change } });
  return (
    <fieldset className="space-y-3" aria-describedby={error ? 'refund-items-error' : undefined}>
      <legend className="text-sm font-medium text-stone-700">Books to refund</legend>
      <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
        {order.items.map((item) => {
          const max = most(item);
          const choice = choices[item._id] ?? { quantity: 0, restock: false };
          return (
            <li key={item._id} className="grid gap-2 p-3 sm:grid-cols-[1fr_8rem] sm:items-end">
              <div className="text-sm">
                <p className="font-medium">{item.name}</p>
                <p className="text-stone-600">
                  {formatMoney(item.price)} × {item.quantity}
                  {(item.refundedQuantity ?? 0) > 0 && <> · {item.refundedQuantity} refunded already</>}
                </p>
              </div>
              <SelectField
                label={
                  <>
                    Copies <span className="sr-only">of {item.name} to refund</span>
                  </>
                }
                value={String(choice.quantity)}
                disabled={max === 0}
                onChange={(event) => set(item._id, { quantity: Number(event.target.value) })}
              >
                {Array.from({ length: max + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </SelectField>
              <div className="sm:col-span-2">
                <CheckboxField
                  label={
                    <>
                      Return to stock <span className="sr-only">({item.name})</span>
                    </>
                  }
                  checked={choice.restock}
                  disabled={max === 0 || item.bookId === null}
                  onChange={(event) => set(item._id, { restock: event.target.checked })}
                />
              </div>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id="refund-items-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
