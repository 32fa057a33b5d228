import { paths, PAYMENT_MESSAGES } from '@scholar/shared';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { RETURN_TO_KEY, SELECTED_ADDRESS_KEY, withQueryValue } from '../../../lib/return-path';
import { CartSummary, UnavailableNote } from '../../../components/order-summary';
import { Button } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useCart } from '../../../lib/cart';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePay } from '../components/use-pay';

/** Checkout for a signed-in customer: a saved address, read-only contact, and Make Payment. */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { user } = useSession();
  const cart = useCart({ fresh: true });
  const { pay, busy } = usePay();
  const [payError, setPayError] = useState<string | null>(null);
  const addresses = user?.addresses ?? [];
  // The customer's own pick while it exists (at first the address just added, `?address=`); otherwise the default
  // address of the addresses known now (the stored user may have none until /auth/me answers).
  const [searchParams] = useSearchParams();
  const [picked, setPicked] = useState(() => searchParams.get(SELECTED_ADDRESS_KEY) ?? '');
  const chosen = addresses.some((a) => a._id === picked)
    ? picked
    : ((addresses.find((a) => a.isDefault) ?? addresses[0])?._id ?? '');

  if (!user) return <Navigate to={paths.login} replace />;
  if (cart.isLoading) return <Spinner label="Loading cart" />;
  if (cart.lines.length === 0) return <Navigate to={paths.cart} replace />;

  const makePayment = () => {
    if (!chosen) {
      toast.error(PAYMENT_MESSAGES.addressRequired);
      return;
    }
    setPayError(null);
    void pay({
      lines: cart.lines,
      expectedTotal: cart.totals.total,
      contact: { name: user.name, email: user.email, phone: user.phone },
      selectedAddress: { _id: chosen },
      onError: (error) => setPayError(errorMessage(error, 'Failed to initiate payment')),
    });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-brand-800">Checkout</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <section aria-labelledby="delivery-heading" className={`${card} p-6`}>
            <h2 id="delivery-heading" className="font-serif text-xl font-semibold">
              Delivery Address
            </h2>
            {addresses.length === 0 ? (
              <div className="mt-4">
                <p className="text-stone-600">{PAYMENT_MESSAGES.addressRequired}</p>
                <Link
                  to={withQueryValue(paths.newAddress, RETURN_TO_KEY, paths.checkout)}
                  className="mt-3 inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white"
                >
                  Add Address
                </Link>
              </div>
            ) : (
              <SelectField
                label="Deliver to"
                className="mt-4"
                value={chosen}
                onChange={(e) => setPicked(e.target.value)}
              >
                {addresses.map((a) => (
                  <option key={a._id} value={a._id}>
                    {a.addressType}: {a.addressLine1}, {a.city}, {a.state} {a.pincode}
                    {a.isDefault ? ' (Default)' : ''}
                  </option>
                ))}
              </SelectField>
            )}
          </section>
          <section aria-labelledby="contact-heading" className={`${card} p-6`}>
            <h2 id="contact-heading" className="font-serif text-xl font-semibold">
              Contact Details
            </h2>
            <div className="mt-4 grid gap-4 sm:grid-cols-3">
              <TextField label="Name" value={user.name} readOnly />
              <TextField label="Email" value={user.email} readOnly />
              <TextField label="Phone" value={user.phone} readOnly />
            </div>
          </section>
        </div>
        <CartSummary cart={cart} withItems>
          <UnavailableNote cart={cart} />
          {payError && (
            <p role="alert" className="mt-4 text-sm text-red-800">
              {payError}
            </p>
          )}
          <Button
            className="mt-6 w-full"
            disabled={!chosen || busy || cart.needsChanges}
            onClick={makePayment}
          >
            {busy ? 'Processing...' : 'Make Payment'}
          </Button>
        </CartSummary>
      </div>
    </div>
  );
}
