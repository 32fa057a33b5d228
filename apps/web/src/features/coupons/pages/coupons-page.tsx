import type { Coupon, CouponBody, CouponKind } from '@scholar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { CheckboxField, FormMessage, SelectField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { api, errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { textBinder } from '../../../lib/binders';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The coupons desk's reads and writes (`/coupons/admin`, the orders desk; docs/decisions/051). */
const listCoupons = async () =>
  (
    await api<{ data: { coupons: Coupon[] } }>('/coupons/admin', {
      fallbackError: 'Could not load the coupons',
    })
  ).data.coupons;

const saveCoupon = async ({ id, body }: { id?: string; body: CouponBody }) =>
  (
    await api<{ data: { coupon: Coupon } }>(id ? `/coupons/admin/${id}` : '/coupons/admin', {
      method: id ? 'PUT' : 'POST',
      body,
      fallbackError: 'Could not save the coupon',
    })
  ).data.coupon;

const deactivateCoupon = async (id: string) =>
  (
    await api<{ data: { coupon: Coupon } }>(`/coupons/admin/${id}/deactivate`, {
      method: 'POST',
      fallbackError: 'Could not deactivate the coupon',
    })
  ).data.coupon;

interface CouponForm {
  code: string;
  kind: CouponKind;
  value: string;
  minOrder: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  active: boolean;
}

const EMPTY: CouponForm = {
  code: '',
  kind: 'percent',
  value: '10',
  minOrder: '0',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerCustomer: '',
  active: true,
};

/** An instant as a `datetime-local` value in India time, and back. */
const toLocalInput = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() + 330 * 60_000).toISOString().slice(0, 16) : '';
const fromLocalInput = (value: string) => (value ? `${value}:00+05:30` : null);

const toForm = (coupon: Coupon): CouponForm => ({
  code: coupon.code,
  kind: coupon.kind,
  value: String(coupon.value),
  minOrder: String(coupon.minOrder),
  startsAt: toLocalInput(coupon.startsAt),
  endsAt: toLocalInput(coupon.endsAt),
  maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
  maxUsesPerCustomer: coupon.maxUsesPerCustomer === null ? '' : String(coupon.maxUsesPerCustomer),
  active: coupon.active,
});

const toBody = (form: CouponForm): CouponBody => ({
  code: form.code,
  kind: form.kind,
  value: Number(form.value),
  minOrder: Number(form.minOrder || '0'),
  startsAt: fromLocalInput(form.startsAt),
  endsAt: fromLocalInput(form.endsAt),
  maxUses: form.maxUses.trim() ? Number(form.maxUses) : null,
  maxUsesPerCustomer: form.maxUsesPerCustomer.trim() ? Number(form.maxUsesPerCustomer) : null,
  active: form.active,
});

const rupees = (value: number) => `₹${value.toLocaleString('en-IN')}`;
const describe = (coupon: Coupon) =>
  coupon.kind === 'percent' ? `${coupon.value}% off` : `${rupees(coupon.value)} off`;
const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-IN', {
        timeZone: 'Asia/Kolkata',
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : '—';

/** The coupons table's columns. */
const COLUMNS = [
  'Code',
  'Discount',
  'Minimum order',
  'Valid',
  'Uses',
  'Per customer',
  'Status',
  'Actions',
] as const;

function CouponEditor({ coupon, onDone }: { coupon?: Coupon; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<CouponForm>(coupon ? toForm(coupon) : EMPTY);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveCoupon,
    onSuccess: () => {
      toast.success(coupon ? 'Coupon saved' : 'Coupon created');
      void queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all });
      onDone();
    },
    onError: (failure) => setError(errorMessage(failure, 'Could not save the coupon')),
  });
  const set = <K extends keyof CouponForm>(key: K, value: CouponForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const bind = textBinder(form, set);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate({ ...(coupon ? { id: coupon._id } : {}), body: toBody(form) });
  };
  return (
    <form
      onSubmit={submit}
      className={`${card} mt-4 grid gap-4 p-6 sm:grid-cols-3`}
      aria-label={coupon ? `Edit ${coupon.code}` : 'New coupon'}
    >
      <TextField
        label="Code"
        required
        value={form.code}
        onChange={(e) => set('code', e.target.value.toUpperCase())}
      />
      <SelectField label="Kind" value={form.kind} onChange={(e) => set('kind', e.target.value as CouponKind)}>
        <option value="percent">Percentage off the subtotal</option>
        <option value="fixed">Fixed amount off (₹)</option>
      </SelectField>
      <TextField
        label={form.kind === 'percent' ? 'Percent (1–100)' : 'Amount (₹)'}
        inputMode="decimal"
        required
        {...bind('value')}
      />
      <TextField label="Minimum order (₹)" inputMode="decimal" {...bind('minOrder')} />
      <TextField label="Starts (India time, optional)" type="datetime-local" {...bind('startsAt')} />
      <TextField label="Ends (India time, optional)" type="datetime-local" {...bind('endsAt')} />
      <TextField label="Total uses (empty: no limit)" inputMode="numeric" {...bind('maxUses')} />
      <TextField
        label="Uses per customer (empty: no limit)"
        inputMode="numeric"
        {...bind('maxUsesPerCustomer')}
      />
      <div className="flex items-end">
        <CheckboxField
          label="Active"
          checked={form.active}
          onChange={(e) => set('active', e.target.checked)}
        />
      </div>
      <div className="flex flex-wrap gap-3 sm:col-span-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : coupon ? 'Save coupon' : 'Create coupon'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <FormMessage message={error ?? undefined} className="sm:col-span-3" />
    </form>
  );
}

/**
 * /admin/coupons (the orders desk): every coupon with its terms and the uses taken (held by open checkouts and kept
 * by orders); create, edit, deactivate. The desk is in English, as the other desk screens.
 */
export function CouponsPage() {
  useDocumentTitle('Coupons');
  const queryClient = useQueryClient();
  const coupons = useQuery({ queryKey: queryKeys.coupons.all, queryFn: listCoupons });
  const [editing, setEditing] = useState<string | null>(null);
  const deactivate = useMutation({
    mutationFn: deactivateCoupon,
    onSuccess: (coupon) => {
      toast.success(`${coupon.code} deactivated`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all });
    },
    onError: (failure) => toast.error(errorMessage(failure, 'Could not deactivate the coupon')),
  });
  const editingCoupon = coupons.data?.find((c) => c._id === editing);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-brand-800">Coupons</h1>
      <p className="mt-2 max-w-3xl text-stone-600">
        A coupon takes a percentage or a fixed amount off the subtotal. A use is held for 10 minutes while a
        checkout is open, kept when its order is made, and given back when the payment window is closed or the
        checkout is not paid.
      </p>
      {editing === 'new' ? (
        <CouponEditor onDone={() => setEditing(null)} />
      ) : (
        <Button className="mt-4" onClick={() => setEditing('new')}>
          New coupon
        </Button>
      )}
      {editingCoupon && (
        <CouponEditor key={editingCoupon._id} coupon={editingCoupon} onDone={() => setEditing(null)} />
      )}
      <div className="mt-6 overflow-x-auto">
        {coupons.isLoading && <Spinner label="Loading coupons" />}
        {coupons.isError && <p role="alert">{errorMessage(coupons.error, 'Could not load the coupons')}</p>}
        {coupons.data && (
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">Coupons</caption>
            <thead className="border-b border-stone-300">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="py-2 pe-3 last:pe-0">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {coupons.data.length === 0 && (
                <tr>
                  <td colSpan={COLUMNS.length} className="py-4 text-stone-600">
                    No coupons yet.
                  </td>
                </tr>
              )}
              {coupons.data.map((coupon) => (
                <tr key={coupon._id} className="border-b border-stone-200">
                  <th scope="row" className="py-2 pe-3 font-mono font-semibold">
                    {coupon.code}
                  </th>
                  <td className="py-2 pe-3">{describe(coupon)}</td>
                  <td className="py-2 pe-3">{coupon.minOrder > 0 ? rupees(coupon.minOrder) : '—'}</td>
                  <td className="py-2 pe-3">
                    {when(coupon.startsAt)} to {when(coupon.endsAt)}
                  </td>
                  <td className="py-2 pe-3">
                    {coupon.used}
                    {coupon.maxUses !== null ? ` of ${coupon.maxUses}` : ''}
                  </td>
                  <td className="py-2 pe-3">{coupon.maxUsesPerCustomer ?? '—'}</td>
                  <td className="py-2 pe-3">{coupon.active ? 'Active' : 'Inactive'}</td>
                  <td className="py-2">
                    <div className="flex gap-2">
                      <Button
                        variant="secondary"
                        onClick={() => setEditing(coupon._id)}
                        aria-label={`Edit ${coupon.code}`}
                      >
                        Edit
                      </Button>
                      {coupon.active && (
                        <Button
                          variant="secondary"
                          disabled={deactivate.isPending}
                          onClick={() => deactivate.mutate(coupon._id)}
                          aria-label={`Deactivate ${coupon.code}`}
                        >
                          Deactivate
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
