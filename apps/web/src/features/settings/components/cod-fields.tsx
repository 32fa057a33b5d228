import type { SiteSettings } from '@scholar/shared';
import { SelectField, TextField } from '../../../components/ui/field';

/**
 * Cash on delivery on the Site settings screen (docs/decisions/051): offered or not, the largest order total it is
 * offered for and its fee, in rupees. Named as the schema's fields, as the form's errors are.
 */
export const COD_FIELDS = ['codEnabled', 'codMaxOrder', 'codFee'] as const;
export type CodField = (typeof COD_FIELDS)[number];

export const codValues = (settings: SiteSettings): Record<CodField, string> => ({
  codEnabled: settings.codEnabled ? 'yes' : 'no',
  codMaxOrder: String(settings.codMaxOrder),
  codFee: String(settings.codFee),
});

const whole = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

export const codBody = (values: Record<CodField, string>) => ({
  codEnabled: values.codEnabled === 'yes',
  codMaxOrder: whole(values.codMaxOrder),
  codFee: whole(values.codFee),
});

interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}

export function CodFields({ field }: { field: (name: CodField) => FieldBinding }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <legend className="px-1 font-serif text-xl font-semibold text-brand-800">Cash on delivery</legend>
      <p className="text-sm text-stone-600">
        Offered at checkout for orders up to the limit, where the delivery zone takes cash. The order counts
        as revenue once its cash is marked collected.
      </p>
      <SelectField label="Offer cash on delivery" {...field('codEnabled')}>
        <option value="no">No</option>
        <option value="yes">Yes</option>
      </SelectField>
      <TextField label="Largest order total (₹)" inputMode="numeric" {...field('codMaxOrder')} />
      <TextField label="Fee (₹)" inputMode="numeric" {...field('codFee')} />
    </fieldset>
  );
}
