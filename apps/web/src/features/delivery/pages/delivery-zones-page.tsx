import {
  DELIVERY_LIMITS,
  deliveryZoneBodySchema,
  type DeliveryZone,
  type DeliveryZoneBody,
} from '@scholar/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { CheckboxField, FormMessage, TextAreaField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { textBinder } from '../../../lib/binders';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteDeliveryZone, useDeliveryZones, useSaveDeliveryZone } from '../api/delivery-zones';

/** The form of a zone as typed: numbers as text, the ranges one a line ("110001-110099", or one pincode). */
interface ZoneForm {
  name: string;
  chargePerPair: string;
  minDays: string;
  maxDays: string;
  serviceable: boolean;
  codAvailable: boolean;
  isDefault: boolean;
  ranges: string;
}

const EMPTY: ZoneForm = {
  name: '',
  chargePerPair: '50',
  minDays: '4',
  maxDays: '8',
  serviceable: true,
  codAvailable: true,
  isDefault: false,
  ranges: '',
};

const toForm = (zone: DeliveryZone): ZoneForm => ({
  name: zone.name,
  chargePerPair: String(zone.chargePerPair),
  minDays: String(zone.minDays),
  maxDays: String(zone.maxDays),
  serviceable: zone.serviceable,
  codAvailable: zone.codAvailable,
  isDefault: zone.isDefault,
  ranges: zone.ranges
    .map((range) => (range.from === range.to ? range.from : `${range.from}-${range.to}`))
    .join('\n'),
});

/** "110001-110099" or "110001 – 110099" or one pincode: a range; blank lines are skipped. */
export function parseRanges(text: string): { from: string; to: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [from = '', to] = line.split(/\s*[-–—]\s*|\s+/);
      return { from, to: to ?? from };
    });
}

type Errors = Partial<Record<keyof ZoneForm, string>>;

/** The body to save, or the first refusal of each field by the shared schema (the server's own rules). */
function check(form: ZoneForm): { body: DeliveryZoneBody } | { errors: Errors } {
  const parsed = deliveryZoneBodySchema.safeParse({
    name: form.name,
    chargePerPair: form.chargePerPair.trim() === '' ? Number.NaN : form.chargePerPair,
    minDays: form.minDays.trim() === '' ? Number.NaN : form.minDays,
    maxDays: form.maxDays.trim() === '' ? Number.NaN : form.maxDays,
    serviceable: form.serviceable,
    codAvailable: form.codAvailable,
    isDefault: form.isDefault,
    ranges: parseRanges(form.ranges),
  });
  if (parsed.success) return { body: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ZoneForm;
    if (field === 'ranges') {
      const line = typeof issue.path[1] === 'number' ? issue.path[1] + 1 : undefined;
      errors.ranges ??= line ? `Line ${line}: ${issue.message}` : issue.message;
    } else errors[field] ??= issue.message;
  }
  return { errors };
}

function ZoneEditor({ zone, onDone }: { zone?: DeliveryZone; onDone?: () => void }) {
  const id = useId();
  const [form, setForm] = useState<ZoneForm>(() => (zone ? toForm(zone) : EMPTY));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const save = useSaveDeliveryZone();
  const remove = useDeleteDeliveryZone();
  const set = <K extends keyof ZoneForm>(key: K, value: ZoneForm[K]) => {
    setForm((before) => ({ ...before, [key]: value }));
    setErrors((before) => ({ ...before, [key]: undefined }));
  };
  const bind = textBinder(form, set, errors);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const checked = check(form);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    save.mutate(
      { id: zone?.id, body: checked.body },
      {
        onSuccess: (saved) => {
          toast.success(`Saved ${saved.name}`);
          if (!zone) onDone?.();
        },
        onError: (error) => setFailure(errorMessage(error, 'Could not save the zone')),
      },
    );
  };

  const title = zone ? zone.name : 'New zone';
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className={`${card} p-5`}
      data-testid="delivery-zone"
    >
      <h2 id={`${id}-title`} className="font-serif text-xl font-semibold">
        {title}
        {zone?.isDefault && <span className="ms-2 text-sm font-normal text-stone-600">(default)</span>}
        {zone && !zone.serviceable && (
          <span className="ms-2 text-sm font-normal text-red-800">(not served)</span>
        )}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField label="Name" maxLength={DELIVERY_LIMITS.name} required {...bind('name')} />
        <TextField label="Charge per two books (₹)" inputMode="decimal" required {...bind('chargePerPair')} />
        <TextField label="Fewest days" inputMode="numeric" required {...bind('minDays')} />
        <TextField label="Most days" inputMode="numeric" required {...bind('maxDays')} />
      </div>
      <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        <CheckboxField
          label="We deliver here"
          checked={form.serviceable}
          onChange={(e) => set('serviceable', e.target.checked)}
        />
        <CheckboxField
          label="Cash on delivery available"
          checked={form.codAvailable}
          onChange={(e) => set('codAvailable', e.target.checked)}
        />
        <CheckboxField
          label="Default zone (every pincode no range names)"
          checked={form.isDefault}
          disabled={zone?.isDefault}
          onChange={(e) => set('isDefault', e.target.checked)}
        />
      </div>
      <TextAreaField
        className="mt-4"
        label="Pincode ranges"
        hint="One range a line, first and last pincode: 110001-110099 (or a single pincode). A narrower range wins over a wider one."
        rows={Math.min(8, Math.max(3, form.ranges.split('\n').length + 1))}
        dir="ltr"
        {...bind('ranges')}
      />
      <FormMessage message={failure} className="mt-3" />
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : zone ? 'Save zone' : 'Add zone'}
        </Button>
        {!zone && onDone && (
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        )}
        {zone && !zone.isDefault && (
          <Button
            variant={confirming ? 'danger' : 'secondary'}
            disabled={remove.isPending}
            onClick={() => {
              if (!confirming) {
                setConfirming(true);
                return;
              }
              remove.mutate(zone.id, {
                onSuccess: () => toast.success(`Deleted ${zone.name}`),
                onError: (error) => setFailure(errorMessage(error, 'Could not delete the zone')),
              });
            }}
          >
            {confirming ? `Delete ${zone.name} and its ranges` : 'Delete'}
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * /admin/delivery (the orders desk): the delivery zones, each with its charge for every two books, its days,
 * whether it is served and takes cash on delivery, and its pincode ranges (docs/decisions/052).
 */
export function DeliveryZonesPage() {
  useDocumentTitle('Delivery zones');
  const zones = useDeliveryZones();
  const [adding, setAdding] = useState(false);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-brand-800">Delivery zones</h1>
      <p className="mt-2 max-w-3xl text-stone-600">
        The checkout charges each pincode by the zone of the narrowest range that holds it, and the default
        zone everywhere else. A zone that is not served refuses its pincodes before payment.
      </p>
      <div className="mt-6 space-y-6">
        {zones.isLoading && <Spinner label="Loading zones" />}
        {zones.isError && <p role="alert">{errorMessage(zones.error, 'Could not load the zones')}</p>}
        {zones.data?.map((zone) => (
          <ZoneEditor key={`${zone.id}:${JSON.stringify(zone)}`} zone={zone} />
        ))}
        {adding ? (
          <ZoneEditor onDone={() => setAdding(false)} />
        ) : (
          <Button onClick={() => setAdding(true)}>Add a zone</Button>
        )}
      </div>
    </div>
  );
}
