import {
  ADDRESS_TYPES,
  addressInputSchema,
  DEFAULT_ADDRESS_TYPE,
  INDIAN_STATES,
  type Address,
  type AddressInput,
} from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FormMessage, SelectField, TextField } from '../../../components/ui/field';
import { useFormErrors } from '../../../lib/form-errors';

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
type TextKey = Exclude<keyof Values, 'addressType' | 'isDefault'>;

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
 * The address fields of spec §5 (New address): required lines, 36 states (none chosen at first), a 6-digit pincode
 * of that state, checked by the server's schema. `onSubmit` throws when the server refuses: its field errors show
 * beside their fields, anything else above the buttons and in a notification (`failedMessage` when the server gave
 * no sentence).
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
  const [values, setValues] = useState<Values>(() => fromAddress(address));
  const [busy, setBusy] = useState(false);
  const { formRef, errors, formError, clearField, check, refused } = useFormErrors(FIELDS);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key !== 'isDefault') clearField(key as (typeof FIELDS)[number]);
  };
  const text = (key: TextKey) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

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
    <form
      ref={formRef}
      onSubmit={submit}
      className="grid gap-4 sm:grid-cols-2"
      noValidate
      aria-label={submitLabel}
    >
      <SelectField
        label="Address Type"
        name="addressType"
        value={values.addressType}
        error={errors.addressType}
        onChange={(e) => set('addressType', e.target.value as Values['addressType'])}
      >
        {ADDRESS_TYPES.map((type) => (
          <option key={type}>{type}</option>
        ))}
      </SelectField>
      <TextField
        label="Address Line 1 *"
        className="sm:col-span-2"
        autoComplete="address-line1"
        required
        {...text('addressLine1')}
      />
      <TextField
        label="Address Line 2"
        className="sm:col-span-2"
        autoComplete="address-line2"
        {...text('addressLine2')}
      />
      <TextField label="Landmark" {...text('landmark')} />
      <TextField label="City *" autoComplete="address-level2" required {...text('city')} />
      <SelectField label="State *" autoComplete="address-level1" required {...text('state')}>
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
        pattern="\d{6}"
        required
        {...text('pincode')}
        onChange={(e) => set('pincode', e.target.value.replace(/\D/g, ''))}
      />
      <div className="sm:col-span-2">
        <CheckboxField
          label="Set as default address"
          name="isDefault"
          checked={values.isDefault}
          onChange={(e) => set('isDefault', e.target.checked)}
        />
      </div>
      <FormMessage message={formError} className="sm:col-span-2" />
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
