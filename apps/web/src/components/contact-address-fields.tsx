import { INDIAN_STATES } from '@scholar/shared';
import type { InputHTMLAttributes } from 'react';
import { selectKey, useT, type MessageId } from '../lib/i18n';
import type { Bound } from '../lib/use-form';
import { SelectField, TextField } from './ui/field';

type ContactKey = 'name' | 'email' | 'phone';
type AddressKey = 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'pincode';
type TextKey = ContactKey | Exclude<AddressKey, 'state' | 'pincode'>;

/** How a text field's control is told apart: its kind of input and what browsers fill into it. */
const CONTROLS: Record<TextKey, InputHTMLAttributes<HTMLInputElement>> = {
  name: { autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  addressLine1: { autoComplete: 'address-line1', className: 'sm:col-span-2' },
  addressLine2: { autoComplete: 'address-line2', className: 'sm:col-span-2' },
  city: { autoComplete: 'address-level2' },
};

/** What each screen calls the contact fields (sign-up says 'Phone Number', the guest's form marks them '*'). */
export type ContactLabels = Record<ContactKey, MessageId>;

/** The order the contact fields stand in when a screen does not give its own. */
const CONTACT_ORDER: readonly ContactKey[] = ['name', 'email', 'phone'];

type ContactProps = {
  labels: ContactLabels;
  order?: readonly ContactKey[];
  /** A line under the phone field. */
  phoneHint?: MessageId;
} & (
  { bind: (key: ContactKey) => Bound; shown?: never } | { shown: Record<ContactKey, string>; bind?: never }
);

/**
 * The name, email and phone of a person: required fields bound to a form by `bind` (sign-up, the profile, a guest's
 * checkout), or the values `shown` read-only (a signed-in customer's checkout). Their messages are the form's, from
 * the shared schemas.
 */
export function ContactFields({ labels, order = CONTACT_ORDER, phoneHint, ...source }: ContactProps) {
  const t = useT();
  const controlOf = (key: ContactKey) =>
    source.bind
      ? { ...CONTROLS[key], required: true, ...source.bind(key) }
      : { value: source.shown[key], readOnly: true };
  return (
    <>
      {order.map((key) => (
        <TextField
          key={key}
          label={t(labels[key])}
          hint={key === 'phone' && phoneHint ? t(phoneHint) : undefined}
          {...controlOf(key)}
        />
      ))}
    </>
  );
}

/**
 * The address lines, city, state (none chosen at first) and pincode of a saved address and of a guest's delivery
 * address, each bound to its form by `bind`, and a landmark when the form has one. The pincode takes digits only.
 */
export function AddressFields({ bind, landmark }: { bind: (key: AddressKey) => Bound; landmark?: Bound }) {
  const t = useT();
  const pincode = bind('pincode');
  return (
    <>
      <TextField
        label={t('shop.address.line1')}
        {...CONTROLS.addressLine1}
        required
        {...bind('addressLine1')}
      />
      <TextField label={t('shop.address.line2')} {...CONTROLS.addressLine2} {...bind('addressLine2')} />
      {landmark && <TextField label={t('shop.address.landmark')} {...landmark} />}
      <TextField label={t('shop.address.city')} {...CONTROLS.city} required {...bind('city')} />
      <SelectField label={t('shop.address.state')} autoComplete="address-level1" required {...bind('state')}>
        <option value="" disabled>
          {t('shop.address.chooseState')}
        </option>
        {/* Each state in the page's language; the value sent and kept is its English name. */}
        {INDIAN_STATES.map((state) => (
          <option key={state} value={state}>
            {t('shop.address.stateName', { state: selectKey(state), name: state })}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('shop.address.pincode')}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        pattern="\d{6}"
        required
        {...pincode}
        onChange={(e) => pincode.onChange({ target: { value: e.target.value.replace(/\D/g, '') } })}
      />
    </>
  );
}
