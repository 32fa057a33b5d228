import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@scholar/shared';
import {
  RETURN_TO_KEY,
  safeReturnPath,
  SELECTED_ADDRESS_KEY,
  withQueryValue,
} from '../../../lib/return-path';
import { card } from '../../../components/ui/card';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAddAddress } from '../api/add-address';
import { AddressForm } from '../components/address-form';

export function AddAddressPage() {
  const t = useT();
  useDocumentTitle(t('account.addAddress.title'));
  const { user } = useSession();
  const navigate = useNavigate();
  const add = useAddAddress();
  // Reached from a page that needs an address (the checkout): back there, with the new address selected.
  const returnTo = safeReturnPath(useSearchParams()[0].get(RETURN_TO_KEY));
  if (!user) return null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-6 font-serif text-2xl font-bold text-brand-800">{t('account.addAddress.heading')}</h1>
      <div className={`${card} p-6`}>
        <AddressForm
          submitLabel={t('account.addresses.save')}
          failedMessage={t('account.addAddress.failed')}
          onCancel={() => navigate(returnTo ?? `${paths.dashboard}?tab=addresses`)}
          onSubmit={async (input) => {
            const known = new Set(user.addresses.map((address) => address._id));
            const saved = await add.mutateAsync({ userId: user._id, address: input });
            toast.success(t('account.addAddress.added'));
            const added = saved.addresses.find((address) => !known.has(address._id));
            if (!returnTo) void navigate(`${paths.dashboard}?tab=addresses`);
            else if (!added) void navigate(returnTo, { replace: true });
            else void navigate(withQueryValue(returnTo, SELECTED_ADDRESS_KEY, added._id), { replace: true });
          }}
        />
      </div>
    </div>
  );
}
