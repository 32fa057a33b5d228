import type { Address, User } from '@scholar/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { deleteAddress, updateAddress } from '../api/account';
import { AddressForm } from './address-form';

function AddressCard({ user, address }: { user: User; address: Address }) {
  const { setUser } = useSession();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);

  if (editing) {
    return (
      <li className="rounded-lg border border-brand-600 bg-white p-4">
        <AddressForm
          address={address}
          submitLabel="Save Address"
          onCancel={() => setEditing(false)}
          onSubmit={async (input) => {
            try {
              setUser(await updateAddress(user._id, address._id, input));
              toast.success('Address updated successfully');
              setEditing(false);
            } catch (error) {
              toast.error(errorMessage(error, 'Failed to update address'));
            }
          }}
        />
      </li>
    );
  }

  const remove = async () => {
    if (!window.confirm('Are you sure you want to delete this address?')) return;
    setBusy(true);
    try {
      setUser(await deleteAddress(user._id, address._id));
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
          onClick={remove}
          disabled={busy}
          aria-label={`Delete ${address.addressType} address`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

export function AddressesTab({ user }: { user: User }) {
  return (
    <section aria-labelledby="addresses-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="addresses-heading" className="font-serif text-xl font-semibold">
          Addresses
        </h2>
        <Link
          to={paths.newAddress}
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
        >
          Add New Address
        </Link>
      </div>
      {user.addresses.length === 0 ? (
        <p className="mt-6 text-stone-600">No addresses added yet</p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {user.addresses.map((address) => (
            <AddressCard key={address._id} user={user} address={address} />
          ))}
        </ul>
      )}
    </section>
  );
}
