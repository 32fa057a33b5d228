import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AddressesTab } from '../components/addresses-tab';
import { OrdersTab } from '../components/orders-tab';
import { ProfileTab } from '../components/profile-tab';

const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'orders', label: 'Orders' },
  { id: 'addresses', label: 'Addresses' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const isTab = (value: string | null): value is TabId => TABS.some((t) => t.id === value);

function TabLinks({ active, onChoose }: { active: TabId; onChoose: (tab: TabId) => void }) {
  return (
    <ul className="space-y-1">
      {TABS.map((tab) => (
        <li key={tab.id}>
          <button
            type="button"
            onClick={() => onChoose(tab.id)}
            aria-current={active === tab.id ? 'page' : undefined}
            className={`w-full rounded-md px-3 py-2 text-left text-sm font-medium ${
              active === tab.id ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-100'
            }`}
          >
            {tab.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The customer dashboard: tabs chosen by ?tab= (profile by default), a drawer on small screens. */
export function DashboardPage() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: TabId = isTab(requested) ? requested : 'profile';
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  useDocumentTitle('My Account');

  useEffect(() => {
    if (!drawerOpen) return;
    drawerRef.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setDrawerOpen(false);
        openerRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  if (!user) return null;
  const choose = (tab: TabId) => {
    setParams({ tab });
    setDrawerOpen(false);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <button
            ref={openerRef}
            type="button"
            className="rounded-md border border-stone-300 p-2 md:hidden"
            aria-label="Open account menu"
            aria-expanded={drawerOpen}
            aria-controls="account-drawer"
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden="true" className="h-5 w-5" />
          </button>
          <h1 className="font-serif text-2xl font-bold text-brand-800">Welcome back, {user.name}</h1>
        </div>
        <Button
          variant="secondary"
          onClick={async () => {
            await logout();
            navigate(paths.login);
          }}
        >
          Logout
        </Button>
      </div>

      {drawerOpen && (
        <div className="fixed inset-0 z-50 md:hidden">
          <button
            type="button"
            aria-label="Close account menu"
            className="absolute inset-0 bg-black/40"
            onClick={() => setDrawerOpen(false)}
          />
          <div
            id="account-drawer"
            ref={drawerRef}
            role="dialog"
            aria-modal="true"
            aria-label="Account menu"
            className="absolute inset-y-0 left-0 w-64 bg-white p-4 shadow-xl"
          >
            <div className="mb-4 flex justify-end">
              <button type="button" aria-label="Close account menu" onClick={() => setDrawerOpen(false)}>
                <X aria-hidden="true" className="h-5 w-5" />
              </button>
            </div>
            <TabLinks active={active} onChoose={choose} />
          </div>
        </div>
      )}

      <div className="mt-6 grid gap-6 md:grid-cols-[12rem_1fr]">
        <nav aria-label="Account" className="hidden md:block">
          <TabLinks active={active} onChoose={choose} />
        </nav>
        <div className="rounded-xl border border-stone-200 bg-white p-6">
          {active === 'profile' && <ProfileTab key={user._id} user={user} />}
          {active === 'addresses' && <AddressesTab userId={user._id} />}
          {active === 'orders' && <OrdersTab userId={user._id} />}
        </div>
      </div>
    </div>
  );
}
