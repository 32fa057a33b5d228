import {
  ADDRESS_TYPES,
  addressInputSchema,
  DEFAULT_ADDRESS_TYPE,
  type Address,
  type AddressInput,
} from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { AddressFields } from '../../../components/contact-address-fields';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FormMessage, SelectField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { useT } from '../../../lib/i18n';
import { useForm } from '../../../lib/use-form';

type Values = {
  addressType: (typeof ADDRESS_TYPES)[number];
  addressLine1: string;
  addressLine2: string;
  landmark: string;
  city: string;
  state: string;
  pincode: string;
  isDefault: boolean;
};

/** The fields, named as the address schema (and the server's refusals, `body.address.pincode`) name them. */
const FIELDS = [
  'addressType',
  'addressLine1',
  'addressLine2',
  'landmark',
  'city',
  'state',
  'pincode',
] as const;

const fromAddress = (address?: Address): Values => ({
  addressType: address?.addressType ?? DEFAULT_ADDRESS_TYPE,
  addressLine1: address?.addressLine1 ?? '',
  addressLine2: address?.addressLine2 ?? '',
  landmark: address?.landmark ?? '',
  city: address?.city ?? '',
  state: address?.state ?? '',
  pincode: address?.pincode ?? '',
  isDefault: address?.isDefault ?? false,
});

/**
 * The address fields (docs/product.md, "Addresses" and "Validation"): required lines, 36 states (none chosen at
 * first), a 6-digit pincode of that state, checked by the server's schema. `onSubmit` throws when the server
 * refuses: its field errors show beside their fields, anything else above the buttons and in a notification
 * (`failedMessage` when the server gave no sentence).
 */
export function AddressForm({
  address,
  submitLabel,
  failedMessage,
  onSubmit,
  onCancel,
}: {
  address?: Address;
  submitLabel: string;
  failedMessage: string;
  onSubmit: (input: AddressInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const { values, change, bind, bindCheck, formRef, errors, formError, check, refused } = useForm(
    () => fromAddress(address),
    FIELDS,
  );
  const [busy, setBusy] = useState(false);
  const t = useT();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = check(addressInputSchema, values);
    if (!input) return;
    setBusy(true);
    try {
      await onSubmit(input);
    } catch (error) {
      refused(error, failedMessage);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form ref={formRef} onSubmit={submit} className="grid gap-4 sm:grid-cols-2" label={submitLabel}>
      <SelectField
        label={t('account.addresses.typeLabel')}
        name="addressType"
        value={values.addressType}
        error={errors.addressType}
        onChange={(e) => change('addressType', e.target.value as Values['addressType'])}
      >
        {ADDRESS_TYPES.map((type) => (
          <option key={type} value={type}>
            {t('account.addresses.type', { type })}
          </option>
        ))}
      </SelectField>
      <AddressFields bind={bind} landmark={bind('landmark')} />
      <div className="sm:col-span-2">
        <CheckboxField label={t('account.addresses.makeDefault')} {...bindCheck('isDefault')} />
      </div>
      <FormMessage message={formError} className="sm:col-span-2" />
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? t('ui.saving') : submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('ui.cancel')}
          </Button>
        )}
      </div>
    </Form>
  );
}
