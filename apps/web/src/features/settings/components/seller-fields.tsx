import { INDIAN_STATES, SELLER_LIMITS, type Seller } from '@scholar/shared';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';

/**
 * The seller of the bills of supply on the Site settings screen (docs/decisions/053). The fields are named as the
 * last segment of the schema's paths (`seller.pan` → `pan`), as the form's errors are.
 */
export const SELLER_FIELDS = ['name', 'address', 'gstin', 'pan', 'state'] as const;
export type SellerField = (typeof SELLER_FIELDS)[number];

export const sellerValues = (seller: Seller): Record<SellerField, string> => ({
  name: seller.name,
  address: seller.address.join('\n'),
  gstin: seller.gstin,
  pan: seller.pan,
  state: seller.state,
});

export const sellerBody = (values: Record<SellerField, string>) => ({
  name: values.name,
  address: values.address
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== ''),
  gstin: values.gstin.trim().toUpperCase(),
  pan: values.pan.trim().toUpperCase(),
  state: values.state as Seller['state'],
});

interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}

export function SellerFields({ field }: { field: (name: SellerField) => FieldBinding }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <legend className="px-1 font-serif text-xl font-semibold text-brand-800">Seller on bills</legend>
      <p className="text-sm text-stone-600">
        Printed on every bill of supply. A bill keeps the details it was issued with; a change applies to new
        bills.
      </p>
      <TextField
        label="Seller's name *"
        hint="The name the shop trades under, e.g. Darul Ilm Publications."
        maxLength={SELLER_LIMITS.name}
        required
        {...field('name')}
      />
      <TextAreaField
        label="Seller's address *"
        hint={`One line per line, at most ${SELLER_LIMITS.addressLines}.`}
        rows={3}
        required
        {...field('address')}
      />
      <SelectField label="State *" required {...field('state')}>
        {INDIAN_STATES.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </SelectField>
      <TextField
        label="PAN"
        hint="Ten characters, e.g. AAACD1234F. Leave it empty to print none."
        autoComplete="off"
        maxLength={10}
        {...field('pan')}
      />
      <TextField
        label="GSTIN"
        hint="Only if the shop is registered for GST (15 characters). Books are nil-rated, so bills carry no tax."
        autoComplete="off"
        maxLength={15}
        {...field('gstin')}
      />
    </fieldset>
  );
}
