import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAddAddress } from '../api/account';
import { AddressForm } from '../components/address-form';

export function AddAddressPage() {
  useDocumentTitle('Add Address');
  const { user } = useSession();
  const navigate = useNavigate();
  const add = useAddAddress();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-6 font-serif text-2xl font-bold text-brand-800">Add New Address</h1>
      <div className="rounded-xl border border-stone-200 bg-white p-6">
        <AddressForm
          submitLabel="Save Address"
          onCancel={() => navigate(`${paths.dashboard}?tab=addresses`)}
          onSubmit={async (input) => {
            try {
              await add.mutateAsync({ userId: user._id, address: input });
              toast.success('Address added successfully');
              navigate(`${paths.dashboard}?tab=addresses`);
            } catch (error) {
              toast.error(errorMessage(error, 'Failed to add address'));
            }
          }}
        />
      </div>
    </div>
  );
}
