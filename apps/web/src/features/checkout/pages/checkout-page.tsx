import { paths } from '@scholar/shared';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { RETURN_TO_KEY, SELECTED_ADDRESS_KEY, withQueryValue } from '../../../lib/return-path';
import { CartSummary, UnavailableNote } from '../../../components/order-summary';
import { Button } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { ContactFields, type ContactLabels } from '../../../components/contact-address-fields';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useCart } from '../../../lib/cart';
import { selectKey, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePay } from '../components/use-pay';
import { CheckoutPaymentOptions, usePaymentOptions } from '../components/payment-options';
import { CheckoutDeliveryNote, useCheckoutDelivery } from '../../../components/delivery/checkout-delivery';

const CONTACT_LABELS: ContactLabels = {
  name: 'shop.checkout.name',
  email: 'shop.checkout.email',
  phone: 'shop.checkout.phone',
};

/** Checkout for a signed-in customer: a saved address, read-only contact, and Make Payment. */
export function CheckoutPage() {
  const t = useT();
  useDocumentTitle(t('shop.checkout.title'));
  const { user } = useSession();
  const cart = useCart({ fresh: true });
  const { pay, busy, placed } = usePay();
  const [payError, setPayError] = useState<string | null>(null);
  const addresses = user?.addresses ?? [];
  // The customer's own pick while it exists (at first the address just added, `?address=`); otherwise the default
  // address of the addresses known now (the stored user may have none until /auth/me answers).
  const [searchParams] = useSearchParams();
  const [picked, setPicked] = useState(() => searchParams.get(SELECTED_ADDRESS_KEY) ?? '');
  const chosen = addresses.some((a) => a._id === picked)
    ? picked
    : ((addresses.find((a) => a.isDefault) ?? addresses[0])?._id ?? '');
  // The days and charge for the chosen address's pincode; paying waits while it is not served (decision 052).
  const delivery = useCheckoutDelivery(cart, addresses.find((a) => a._id === chosen)?.pincode);
  const options = usePaymentOptions(delivery, cart.lines);

  if (!user) return <Navigate to={paths.login} replace />;
  if (cart.isLoading) return <Spinner label={t('shop.cart.loading')} />;
  if (cart.lines.length === 0 && !placed) return <Navigate to={paths.cart} replace />;

  const makePayment = () => {
    if (!chosen) {
      toast.error(t('shop.checkout.addressRequired'));
      return;
    }
    setPayError(null);
    void pay({
      lines: cart.lines,
      expectedTotal: options.total,
      couponCode: options.couponCode,
      paymentMethod: options.method,
      contact: { name: user.name, email: user.email, phone: user.phone },
      selectedAddress: { _id: chosen },
      onError: (error) => setPayError(errorMessage(error, t('shop.checkout.payFailed'))),
    });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-brand-800">{t('shop.checkout.title')}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <section aria-labelledby="delivery-heading" className={`${card} p-6`}>
            <h2 id="delivery-heading" className="font-serif text-xl font-semibold">
              {t('shop.checkout.deliveryAddress')}
            </h2>
            {addresses.length === 0 ? (
              <div className="mt-4">
                <p className="text-stone-600">{t('shop.checkout.addressRequired')}</p>
                <Link
                  to={withQueryValue(paths.newAddress, RETURN_TO_KEY, paths.checkout)}
                  className="mt-3 inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white"
                >
                  {t('shop.checkout.addAddress')}
                </Link>
              </div>
            ) : (
              <SelectField
                label={t('shop.checkout.deliverTo')}
                className="mt-4"
                value={chosen}
                onChange={(e) => setPicked(e.target.value)}
              >
                {addresses.map((a) => (
                  <option key={a._id} value={a._id}>
                    {t('shop.checkout.addressOption', {
                      type: a.addressType,
                      address: `${a.addressLine1}, ${a.city}, ${t('shop.address.stateName', { state: selectKey(a.state), name: a.state })} ${a.pincode}`,
                      isDefault: a.isDefault ? 'yes' : 'no',
                    })}
                  </option>
                ))}
              </SelectField>
            )}
          </section>
          <section aria-labelledby="contact-heading" className={`${card} p-6`}>
            <h2 id="contact-heading" className="font-serif text-xl font-semibold">
              {t('shop.checkout.contact')}
            </h2>
            <div className="mt-4 grid gap-4 sm:grid-cols-3">
              <ContactFields labels={CONTACT_LABELS} shown={user} />
            </div>
          </section>
        </div>
        <CartSummary cart={delivery.cart} money={options.money} withItems>
          <UnavailableNote cart={cart} />
          <CheckoutDeliveryNote delivery={delivery} />
          <CheckoutPaymentOptions options={options} />
          {payError && (
            <p role="alert" className="mt-4 text-sm text-red-800">
              {payError}
            </p>
          )}
          <Button
            className="mt-6 w-full"
            disabled={!chosen || busy || cart.needsChanges || delivery.blocked}
            onClick={makePayment}
          >
            {busy
              ? t('shop.checkout.processing')
              : options.method === 'cod'
                ? t('coupons.placeOrder')
                : t('shop.checkout.pay')}
          </Button>
        </CartSummary>
      </div>
    </div>
  );
}
