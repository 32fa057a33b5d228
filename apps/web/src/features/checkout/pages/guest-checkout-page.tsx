import {
  INDIAN_STATES,
  MESSAGES,
  PAYMENT_MESSAGES,
  PINCODE_PATTERN,
  STORAGE_KEYS,
  type GuestInfo,
} from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../../app/paths';
import { OrderSummary } from '../../../components/order-summary';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { useCart } from '../../../lib/cart';
import { storage } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePay } from '../components/use-pay';

type Form = {
  name: string;
  email: string;
  phone: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  pincode: string;
};

function initialForm(): Form {
  const saved = storage.get<GuestInfo>(STORAGE_KEYS.guestInfo);
  return {
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
  useDocumentTitle('Guest Checkout');
  const cart = useCart();
  const { pay, busy } = usePay();
  const [form, setForm] = useState<Form>(initialForm);
  const [invalid, setInvalid] = useState<keyof Form | null>(null);

  if (cart.isAdmin) return <Navigate to={paths.adminDashboard} replace />;
  if (!cart.isGuest) return <Navigate to={paths.checkout} replace />;
  if (cart.lines.length === 0) return <Navigate to={paths.cart} replace />;

  const set = (key: keyof Form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });
  const fail = (field: keyof Form, message: string) => {
    setInvalid(field);
    toast.error(message);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const contactMissing = (['name', 'email', 'phone'] as const).find((k) => !form[k].trim());
    if (contactMissing) return fail(contactMissing, PAYMENT_MESSAGES.contactRequired);
    const addressMissing = (['addressLine1', 'city', 'state', 'pincode'] as const).find(
      (k) => !form[k].trim(),
    );
    if (addressMissing) return fail(addressMissing, PAYMENT_MESSAGES.addressDetailsRequired);
    if (!PINCODE_PATTERN.test(form.pincode.trim())) return fail('pincode', MESSAGES.invalidPincode);
    setInvalid(null);
    const guestInfo: GuestInfo = {
      name: form.name.trim(),
      email: form.email.trim(),
      phone: form.phone.trim(),
      address: {
        addressLine1: form.addressLine1.trim(),
        ...(form.addressLine2.trim() ? { addressLine2: form.addressLine2.trim() } : {}),
        city: form.city.trim(),
        state: form.state as GuestInfo['address']['state'],
        pincode: form.pincode.trim(),
      },
    };
    void pay({
      lines: cart.lines,
      contact: guestInfo,
      guestInfo,
      onFailure: () => toast.error('Payment failed. Please try again.'),
    });
  };

  const err = (key: keyof Form) => (invalid === key ? 'Required' : undefined);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-brand-800">Guest Checkout</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <form
          onSubmit={submit}
          noValidate
          className="space-y-6"
          aria-label="Guest checkout"
          id="guest-checkout"
        >
          <fieldset className="rounded-xl border border-stone-200 bg-white p-6">
            <legend className="px-1 font-serif text-xl font-semibold">Contact Details</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                label="Full Name *"
                autoComplete="name"
                value={form.name}
                onChange={set('name')}
                error={err('name')}
              />
              <TextField
                label="Email *"
                type="email"
                autoComplete="email"
                value={form.email}
                onChange={set('email')}
                error={err('email')}
              />
              <TextField
                label="Phone *"
                type="tel"
                autoComplete="tel"
                value={form.phone}
                onChange={set('phone')}
                error={err('phone')}
              />
            </div>
          </fieldset>
          <fieldset className="rounded-xl border border-stone-200 bg-white p-6">
            <legend className="px-1 font-serif text-xl font-semibold">Delivery Address</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Address Line 1 *"
                className="sm:col-span-2"
                autoComplete="address-line1"
                value={form.addressLine1}
                onChange={set('addressLine1')}
                error={err('addressLine1')}
              />
              <TextField
                label="Address Line 2"
                className="sm:col-span-2"
                autoComplete="address-line2"
                value={form.addressLine2}
                onChange={set('addressLine2')}
              />
              <TextField
                label="City *"
                autoComplete="address-level2"
                value={form.city}
                onChange={set('city')}
                error={err('city')}
              />
              <SelectField label="State *" value={form.state} onChange={set('state')}>
                <option value="" disabled>
                  Select a state
                </option>
                {INDIAN_STATES.map((state) => (
                  <option key={state}>{state}</option>
                ))}
              </SelectField>
              <TextField
                label="Pincode *"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={6}
                value={form.pincode}
                onChange={(e) => setForm({ ...form, pincode: e.target.value.replace(/\D/g, '') })}
                error={invalid === 'pincode' ? MESSAGES.invalidPincode : undefined}
              />
            </div>
          </fieldset>
        </form>
        <OrderSummary totals={cart.totals}>
          <Button type="submit" form="guest-checkout" className="mt-6 w-full" disabled={busy}>
            {busy ? 'Processing...' : 'Proceed to Payment'}
          </Button>
        </OrderSummary>
      </div>
    </div>
  );
}
