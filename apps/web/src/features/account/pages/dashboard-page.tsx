import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@scholar/shared';
import { Button } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { useFormat, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AddressesTab } from '../components/addresses-tab';
import { EmailProofBanner } from '../components/email-proof-banner';
import { OrdersTab } from '../components/orders-tab';
import { ProfileTab } from '../components/profile-tab';

const TABS = [
  { id: 'profile', label: 'account.tab.profile' },
  { id: 'orders', label: 'account.tab.orders' },
  { id: 'addresses', label: 'account.tab.addresses' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const isTab = (value: string | null): value is TabId => TABS.some((t) => t.id === value);

/**
 * The tabs as links to `?tab=`: a row on a phone (the site header keeps the only menu there), a column beside the
 * content from 768 px.
 */
function TabLinks({ active }: { active: TabId }) {
  const t = useT();
  return (
    <nav aria-label={t('account.tabs')}>
      <ul className="grid grid-cols-3 gap-1 rounded-lg bg-stone-100 p-1 md:block md:space-y-1 md:bg-transparent md:p-0">
        {TABS.map((tab) => (
          <li key={tab.id}>
            <Link
              to={{ search: `?tab=${tab.id}` }}
              aria-current={active === tab.id ? 'page' : undefined}
              className={`block rounded-md px-3 py-2 text-center text-sm font-medium md:text-start ${
                active === tab.id
                  ? 'bg-brand-700 text-white'
                  : 'text-stone-700 hover:bg-stone-200 md:hover:bg-stone-100'
              }`}
            >
              {t(tab.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The customer dashboard: tabs chosen by ?tab= (profile by default). The first visit after registering says
 * 'Welcome', later ones 'Welcome back'.
 */
export function DashboardPage() {
  const { user, logout, newAccount, greeted } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = params.get('tab');
  const active: TabId = isTab(requested) ? requested : 'profile';
  // Read once for this visit: switching tabs does not make it a return, the next visit does.
  const [welcome] = useState(newAccount);
  useEffect(() => {
    if (newAccount) greeted();
  }, [newAccount, greeted]);
  const t = useT();
  const { named } = useFormat();
  useDocumentTitle(t('account.title'));

  if (!user) return null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-2xl font-bold text-brand-800">
          {t(welcome ? 'account.welcome' : 'account.welcomeBack', { name: named(user.name) })}
        </h1>
        <Button
          variant="secondary"
          onClick={async () => {
            await logout();
            void navigate(paths.login);
          }}
        >
          {t('account.logout')}
        </Button>
      </div>

      <EmailProofBanner userId={user._id} />
      <div className="mt-6 grid gap-6 md:grid-cols-[12rem_1fr]">
        <TabLinks active={active} />
        <div className={`${card} min-w-0 p-4 sm:p-6`}>
          {active === 'profile' && <ProfileTab key={user._id} user={user} />}
          {active === 'addresses' && <AddressesTab userId={user._id} />}
          {active === 'orders' && <OrdersTab userId={user._id} />}
        </div>
      </div>
    </div>
  );
}
