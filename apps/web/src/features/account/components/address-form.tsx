import {
  ADDRESS_TYPES,
  DEFAULT_ADDRESS_TYPE,
  INDIAN_STATES,
  MESSAGES,
  PINCODE_PATTERN,
  type Address,
  type AddressInput,
} from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import { toast } from '../../../lib/toast';

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

/** The address fields of spec §5 (New address): required lines, 36 states (none chosen at first), 6-digit pincode. */
export function AddressForm({
  address,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  address?: Address;
  submitLabel: string;
  onSubmit: (input: AddressInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<Values>(() => fromAddress(address));
  const [error, setError] = useState<{ field?: keyof Values; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const fieldError = (key: keyof Values) => (error?.field === key ? error.message : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = (['addressLine1', 'city', 'state', 'pincode'] as const).find((k) => !values[k].trim());
    if (missing) {
      setError({ field: missing, message: MESSAGES.addressRequired });
      toast.error(MESSAGES.addressRequired);
      return;
    }
    if (!PINCODE_PATTERN.test(values.pincode.trim())) {
      setError({ field: 'pincode', message: MESSAGES.invalidPincode });
      toast.error(MESSAGES.invalidPincode);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSubmit({
        addressType: values.addressType,
        addressLine1: values.addressLine1,
        addressLine2: values.addressLine2 || undefined,
        landmark: values.landmark || undefined,
        city: values.city,
        state: values.state as AddressInput['state'],
        pincode: values.pincode.trim(),
        isDefault: values.isDefault,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate aria-label={submitLabel}>
      <SelectField
        label="Address Type"
        value={values.addressType}
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
        value={values.addressLine1}
        onChange={(e) => set('addressLine1', e.target.value)}
        error={fieldError('addressLine1')}
        required
      />
      <TextField
        label="Address Line 2"
        className="sm:col-span-2"
        autoComplete="address-line2"
        value={values.addressLine2}
        onChange={(e) => set('addressLine2', e.target.value)}
      />
      <TextField label="Landmark" value={values.landmark} onChange={(e) => set('landmark', e.target.value)} />
      <TextField
        label="City *"
        autoComplete="address-level2"
        value={values.city}
        onChange={(e) => set('city', e.target.value)}
        error={fieldError('city')}
        required
      />
      <SelectField
        label="State *"
        value={values.state}
        onChange={(e) => set('state', e.target.value)}
        required
      >
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
        value={values.pincode}
        onChange={(e) => set('pincode', e.target.value.replace(/\D/g, ''))}
        error={fieldError('pincode')}
        required
      />
      <div className="sm:col-span-2">
        <CheckboxField
          label="Set as default address"
          checked={values.isDefault}
          onChange={(e) => set('isDefault', e.target.checked)}
        />
      </div>
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
