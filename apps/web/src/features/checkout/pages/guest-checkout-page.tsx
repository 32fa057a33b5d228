import { paths, STORAGE_KEYS, type GuestInfo } from '@scholar/shared';
import { useEffect, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { AddressFields, ContactFields, type ContactLabels } from '../../../components/contact-address-fields';
import { CartSummary, UnavailableNote } from '../../../components/order-summary';
import { Button } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { FormMessage } from '../../../components/ui/field';
import { useCart } from '../../../lib/cart';
import { useT } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useForm } from '../../../lib/use-form';
import { usePay } from '../components/use-pay';
import { CheckoutPaymentOptions, usePaymentOptions } from '../components/payment-options';
import { CheckoutDeliveryNote, useCheckoutDelivery } from '../../../components/delivery/checkout-delivery';
import { emptyGuestForm, GUEST_FIELDS, guestDraft, guestFormSchema, type GuestForm } from '../lib/guest-form';

const CONTACT_LABELS: ContactLabels = {
  name: 'shop.guest.name',
  email: 'shop.guest.email',
  phone: 'shop.guest.phone',
};

/** What the guest typed before (this tab's draft), else the details of their last payment on this device. */
function initialForm(): GuestForm {
  const draft = guestDraft.load();
  if (draft) return draft;
  const saved = storage.get<GuestInfo>(STORAGE_KEYS.guestInfo);
  return {
    ...emptyGuestForm(),
    name: saved?.name ?? '',
    email: saved?.email ?? '',
    phone: saved?.phone ?? '',
    addressLine1: saved?.address.addressLine1 ?? '',
    addressLine2: saved?.address.addressLine2 ?? '',
    city: saved?.address.city ?? '',
    state: saved?.address.state ?? '',
    pincode: saved?.address.pincode ?? '',
  };
}

/** Checkout for guests: contact and address, then the payment window. */
export function GuestCheckoutPage() {
  const t = useT();
  useDocumentTitle(t('shop.guest.title'));
  const cart = useCart({ fresh: true });
  const { pay, busy, placed } = usePay();
  const { values: form, bind, formRef, formError, check, refused } = useForm(initialForm, GUEST_FIELDS);
  // Kept while the guest goes back to the cart and returns; cleared once the order is placed.
  useEffect(() => guestDraft.save(form), [form]);
  // The days and charge for the typed pincode; paying waits while it is not served (decision 052).
  const delivery = useCheckoutDelivery(cart, form.pincode);
  const options = usePaymentOptions(delivery, cart.lines);

  if (cart.isStaff) return <Navigate to={paths.adminDashboard} replace />;
  if (!cart.isGuest) return <Navigate to={paths.checkout} replace />;
  if (cart.lines.length === 0 && !placed) return <Navigate to={paths.cart} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Each empty field with its own sentence, then the server's own rules (docs/product.md, "Validation").
    const guestInfo = check(guestFormSchema(t), form);
    if (!guestInfo) return;
    void pay({
      lines: cart.lines,
      expectedTotal: options.total,
      couponCode: options.couponCode,
      paymentMethod: options.method,
      contact: guestInfo,
      guestInfo,
      onFailure: () => toast.error(t('shop.guest.payFailed')),
      onError: (error) => refused(error, t('shop.checkout.payFailed')),
    });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-brand-800">{t('shop.guest.title')}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <form
          ref={formRef}
          onSubmit={submit}
          noValidate
          className="space-y-6"
          aria-label={t('shop.guest.form')}
          id="guest-checkout"
        >
          <fieldset className={`${card} p-6`}>
            <legend className="px-1 font-serif text-xl font-semibold">{t('shop.checkout.contact')}</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              <ContactFields labels={CONTACT_LABELS} phoneHint="checkoutForm.phoneHint" bind={bind} />
            </div>
          </fieldset>
          <fieldset className={`${card} p-6`}>
            <legend className="px-1 font-serif text-xl font-semibold">
              {t('shop.checkout.deliveryAddress')}
            </legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <AddressFields bind={bind} />
            </div>
          </fieldset>
        </form>
        <CartSummary cart={delivery.cart} money={options.money} withItems>
          <UnavailableNote cart={cart} />
          <CheckoutDeliveryNote delivery={delivery} />
          <CheckoutPaymentOptions options={options} />
          <Button
            type="submit"
            form="guest-checkout"
            className="mt-6 w-full"
            disabled={busy || cart.needsChanges || delivery.blocked}
          >
            {busy
              ? t('shop.checkout.processing')
              : options.method === 'cod'
                ? t('coupons.placeOrder')
                : t('shop.guest.pay')}
          </Button>
          <FormMessage message={formError} className="mt-3" />
        </CartSummary>
      </div>
    </div>
  );
}
