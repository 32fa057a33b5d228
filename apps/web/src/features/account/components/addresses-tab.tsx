import { paths, type Address } from '@scholar/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PostalAddress } from '../../../components/postal-address';
import { Button, buttonClass } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useDeleteAddress } from '../api/delete-address';
import { useUpdateAddress } from '../api/update-address';
import { useAddresses } from '../api/get-addresses';
import { AddressForm } from './address-form';

function AddressCard({ userId, address }: { userId: string; address: Address }) {
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const type = { type: address.addressType };

  if (editing) {
    return (
      <li className="rounded-lg border border-brand-600 bg-white p-4">
        <AddressForm
          address={address}
          submitLabel={t('account.addresses.save')}
          failedMessage={t('account.addresses.updateFailed')}
          onCancel={() => setEditing(false)}
          onSubmit={async (input) => {
            await update.mutateAsync({ userId, addressId: address._id, address: input });
            toast.success(t('account.addresses.updated'));
            setEditing(false);
          }}
        />
      </li>
    );
  }

  const confirmAndDelete = async () => {
    if (!window.confirm(t('account.addresses.confirmDelete'))) return;
    setBusy(true);
    try {
      await remove.mutateAsync({ userId, addressId: address._id });
      toast.success(t('account.addresses.deleted'));
    } catch (error) {
      toast.error(errorMessage(error, t('account.addresses.deleteFailed')));
      setBusy(false);
    }
  };

  return (
    <li
      className="flex flex-col rounded-lg border border-stone-200 bg-white p-4"
      aria-label={t('account.addresses.card', type)}
    >
      <div className="flex items-center gap-2">
        <span className="font-semibold">{t('account.addresses.type', type)}</span>
        {address.isDefault && (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">
            {t('account.addresses.default')}
          </span>
        )}
      </div>
      <PostalAddress address={address} className="mt-2 text-sm leading-6 not-italic text-stone-700" />
      <div className="mt-4 flex gap-2">
        <Button
          variant="secondary"
          onClick={() => setEditing(true)}
          aria-label={t('account.addresses.editLabel', type)}
        >
          {t('account.addresses.edit')}
        </Button>
        <Button
          variant="danger"
          onClick={confirmAndDelete}
          disabled={busy}
          aria-label={t('account.addresses.deleteLabel', type)}
        >
          {t('account.addresses.delete')}
        </Button>
      </div>
    </li>
  );
}

/** The user's addresses, as the server lists them (GET /addresses/{userId}). */
export function AddressesTab({ userId }: { userId: string }) {
  const { data: addresses, isPending, error } = useAddresses(userId);
  const t = useT();
  const loadFailed = t('account.addresses.loadFailed');

  useEffect(() => {
    if (error) toast.error(errorMessage(error, loadFailed));
  }, [error, loadFailed]);

  return (
    <Panel
      id="addresses-heading"
      title={t('account.addresses.title')}
      actions={
        <Link to={paths.newAddress} className={buttonClass()}>
          {t('account.addresses.add')}
        </Link>
      }
    >
      {isPending ? (
        <Spinner label={t('account.addresses.loading')} />
      ) : !addresses ? (
        <p className="mt-4 text-red-700">{errorMessage(error, loadFailed)}</p>
      ) : addresses.length === 0 ? (
        <p className="mt-6 text-stone-600">{t('account.addresses.none')}</p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {addresses.map((address) => (
            <AddressCard key={address._id} userId={userId} address={address} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
