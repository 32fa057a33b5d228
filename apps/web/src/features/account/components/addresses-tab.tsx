import { paths, type Address } from '@scholar/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
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

  if (editing) {
    return (
      <li className="rounded-lg border border-brand-600 bg-white p-4">
        <AddressForm
          address={address}
          submitLabel="Save Address"
          failedMessage="Failed to update address"
          onCancel={() => setEditing(false)}
          onSubmit={async (input) => {
            await update.mutateAsync({ userId, addressId: address._id, address: input });
            toast.success('Address updated successfully');
            setEditing(false);
          }}
        />
      </li>
    );
  }

  const confirmAndDelete = async () => {
    if (!window.confirm('Are you sure you want to delete this address?')) return;
    setBusy(true);
    try {
      await remove.mutateAsync({ userId, addressId: address._id });
      toast.success('Address deleted successfully');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to remove address'));
      setBusy(false);
    }
  };

  return (
    <li
      className="flex flex-col rounded-lg border border-stone-200 bg-white p-4"
      aria-label={`${address.addressType} address`}
    >
      <div className="flex items-center gap-2">
        <span className="font-semibold">{address.addressType}</span>
        {address.isDefault && (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">
            Default
          </span>
        )}
      </div>
      <address className="mt-2 text-sm leading-6 not-italic text-stone-700">
        {address.addressLine1}
        {address.addressLine2 && <>, {address.addressLine2}</>}
        <br />
        {address.landmark && (
          <>
            Landmark: {address.landmark}
            <br />
          </>
        )}
        {address.city}, {address.state} {address.pincode}
      </address>
      <div className="mt-4 flex gap-2">
        <Button
          variant="secondary"
          onClick={() => setEditing(true)}
          aria-label={`Edit ${address.addressType} address`}
        >
          Edit
        </Button>
        <Button
          variant="danger"
          onClick={confirmAndDelete}
          disabled={busy}
          aria-label={`Delete ${address.addressType} address`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

/** The user's addresses, as the server lists them (GET /addresses/{userId}). */
export function AddressesTab({ userId }: { userId: string }) {
  const { data: addresses, isPending, error } = useAddresses(userId);

  useEffect(() => {
    if (error) toast.error(errorMessage(error, 'Failed to fetch addresses'));
  }, [error]);

  return (
    <Panel
      id="addresses-heading"
      title="Addresses"
      actions={
        <Link to={paths.newAddress} className={buttonClass()}>
          Add New Address
        </Link>
      }
    >
      {isPending ? (
        <Spinner label="Loading addresses" />
      ) : !addresses ? (
        <p className="mt-4 text-red-700">{errorMessage(error, 'Failed to fetch addresses')}</p>
      ) : addresses.length === 0 ? (
        <p className="mt-6 text-stone-600">No addresses added yet</p>
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
