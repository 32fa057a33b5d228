import { INDIAN_STATES } from '@scholar/shared';
import { useT } from '../lib/i18n';
import type { Bound } from '../lib/use-form';
import { SelectField, TextField } from './ui/field';

type AddressKey = 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'pincode';

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
        className="sm:col-span-2"
        autoComplete="address-line1"
        required
        {...bind('addressLine1')}
      />
      <TextField
        label={t('shop.address.line2')}
        className="sm:col-span-2"
        autoComplete="address-line2"
        {...bind('addressLine2')}
      />
      {landmark && <TextField label={t('shop.address.landmark')} {...landmark} />}
      <TextField label={t('shop.address.city')} autoComplete="address-level2" required {...bind('city')} />
      <SelectField label={t('shop.address.state')} autoComplete="address-level1" required {...bind('state')}>
        <option value="" disabled>
          {t('shop.address.chooseState')}
        </option>
        {INDIAN_STATES.map((state) => (
          <option key={state}>{state}</option>
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
