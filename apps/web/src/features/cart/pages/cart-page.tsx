import { formatMoney, notEnoughStockMessage, paths } from '@scholar/shared';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { BookImage } from '../../../components/book-image';
import { CartSummary, priceChangeNote } from '../../../components/order-summary';
import { Button } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { isShortOfStock, useCart } from '../../../lib/cart';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** A line's cover is 80 px wide (w-20) at every width. */
const THUMBNAIL_SIZES = '80px';

export function CartPage() {
  useDocumentTitle('Cart');
  const cart = useCart({ fresh: true });
  const navigate = useNavigate();
  const [confirmingClear, setConfirmingClear] = useState(false);
  if (cart.isAdmin) return <Navigate to={paths.adminDashboard} replace />;
  if (cart.isLoading) return <Spinner label="Loading cart" />;

  const change = (bookId: string, quantity: number, price: number) =>
    cart.setQuantity.mutate(
      { bookId, quantity, price },
      {
        onSuccess: () => quantity === 0 && toast.success('Removed from cart'),
        onError: (error) => toast.error(errorMessage(error, 'Failed to update cart item')),
      },
    );

  if (cart.lines.length === 0) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="font-serif text-3xl font-bold text-brand-800">Your cart is empty</h1>
        <Link
          to={paths.home}
          className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white"
        >
          Start Shopping
        </Link>
        {cart.isGuest && (
          <p className="mt-4 text-sm text-stone-600">
            <Link
              to={`${paths.login}?redirect=${encodeURIComponent(paths.cart)}`}
              className="text-brand-700 underline"
            >
              Login to sync cart
            </Link>
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold text-brand-800">Shopping Cart</h1>
        <div className="flex items-center gap-3">
          {cart.isGuest && (
            <Link
              to={`${paths.login}?redirect=${encodeURIComponent(paths.cart)}`}
              className="text-sm font-medium text-brand-700 underline"
            >
              Login to sync cart
            </Link>
          )}
          <Button variant="secondary" onClick={() => setConfirmingClear(true)}>
            Clear Cart
          </Button>
        </div>
      </div>
      {confirmingClear && (
        <Modal title="Clear your cart?" onClose={() => setConfirmingClear(false)}>
          <p>
            All {cart.totals.itemCount} {cart.totals.itemCount === 1 ? 'book' : 'books'} will be removed from
            your cart.
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setConfirmingClear(false)}>
              Keep my cart
            </Button>
            <Button
              onClick={() =>
                cart.clear.mutate(undefined, {
                  onSuccess: () => {
                    setConfirmingClear(false);
                    toast.success('Cart cleared');
                  },
                  onError: (error) => toast.error(errorMessage(error, 'Failed to clear cart')),
                })
              }
              disabled={cart.clear.isPending}
            >
              Clear Cart
            </Button>
          </div>
        </Modal>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <ul className="space-y-4" aria-label="Cart items">
          {cart.lines.map((line) => (
            <li key={line._id} aria-label={line.name} className={`${card} flex gap-4 p-4`}>
              <BookImage
                path={line.images[0]}
                alt={`Cover of ${line.name}`}
                sizes={THUMBNAIL_SIZES}
                width={80}
                height={107}
                className="h-28 w-20 flex-none rounded object-cover"
              />
              <div className="flex flex-1 flex-col gap-1">
                <Link
                  to={paths.book(line._id)}
                  className="font-serif text-lg font-semibold hover:text-brand-700"
                >
                  {line.name}
                </Link>
                {line.available === false ? (
                  <div className="mt-1 flex flex-wrap items-center gap-3">
                    <p className="text-sm font-medium text-red-800">No longer available —</p>
                    <button
                      type="button"
                      aria-label={`Remove ${line.name}`}
                      className="rounded-md border border-red-300 px-3 py-1 text-sm font-medium text-red-800 hover:bg-red-50"
                      onClick={() =>
                        cart.remove.mutate(line._id, {
                          onError: (error) => toast.error(errorMessage(error, 'Failed to remove from cart')),
                        })
                      }
                    >
                      Remove
                    </button>
                  </div>
                ) : (
                  <>
                    <p className="text-sm text-stone-600">{line.author}</p>
                    <p className="text-sm">{formatMoney(line.price)} each</p>
                    {line.previousPrice !== undefined && (
                      <p className="text-sm font-medium text-amber-800">{priceChangeNote(line)}</p>
                    )}
                    {isShortOfStock(line) && (
                      <div className="flex flex-wrap items-center gap-3">
                        <p className="text-sm font-medium text-red-800">
                          {notEnoughStockMessage(line.name, line.stock ?? 0)}
                        </p>
                        {(line.stock ?? 0) > 0 && (
                          <button
                            type="button"
                            className="rounded-md border border-red-300 px-3 py-1 text-sm font-medium text-red-800 hover:bg-red-50"
                            onClick={() => change(line._id, line.stock ?? 0, line.price)}
                          >
                            Change to {line.stock}
                          </button>
                        )}
                      </div>
                    )}
                    <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
                      <div className="flex items-center gap-2">
                        <button
                          type="button"
                          aria-label={`One fewer ${line.name}`}
                          className="rounded-md border border-stone-300 p-1.5"
                          onClick={() => change(line._id, line.quantity - 1, line.price)}
                        >
                          <Minus aria-hidden="true" className="h-4 w-4" />
                        </button>
                        <span
                          aria-label={`Quantity of ${line.name}`}
                          className="min-w-8 text-center font-medium"
                        >
                          {line.quantity}
                        </span>
                        <button
                          type="button"
                          aria-label={`One more ${line.name}`}
                          disabled={typeof line.stock === 'number' && line.quantity >= line.stock}
                          className="rounded-md border border-stone-300 p-1.5 disabled:cursor-not-allowed disabled:opacity-40"
                          onClick={() => change(line._id, line.quantity + 1, line.price)}
                        >
                          <Plus aria-hidden="true" className="h-4 w-4" />
                        </button>
                      </div>
                      <p className="font-semibold" aria-label={`Line total of ${line.name}`}>
                        {formatMoney(line.price * line.quantity)}
                      </p>
                      <button
                        type="button"
                        aria-label={`Remove ${line.name}`}
                        className="rounded-md p-1.5 text-red-700 hover:bg-red-50"
                        onClick={() =>
                          cart.remove.mutate(line._id, {
                            onSuccess: () => toast.success('Removed from cart'),
                            onError: (error) =>
                              toast.error(errorMessage(error, 'Failed to remove from cart')),
                          })
                        }
                      >
                        <Trash2 aria-hidden="true" className="h-5 w-5" />
                      </button>
                    </div>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
        <CartSummary cart={cart}>
          {cart.unavailable.length > 0 && (
            <p id="unavailable-note" className="mt-4 text-sm text-red-800">
              Remove the books that are no longer available to continue.
            </p>
          )}
          {cart.unavailable.length === 0 && cart.shortOfStock.length > 0 && (
            <p id="unavailable-note" className="mt-4 text-sm text-red-800">
              Lower the books with too few copies left to continue.
            </p>
          )}
          <Button
            className="mt-6 w-full"
            disabled={cart.needsChanges}
            aria-describedby={cart.needsChanges ? 'unavailable-note' : undefined}
            onClick={() => navigate(cart.isGuest ? paths.guestCheckout : paths.checkout)}
          >
            Proceed to Checkout
          </Button>
        </CartSummary>
      </div>
    </div>
  );
}
