import { STORAGE_KEYS, type Address, type User } from '@scholar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import type { I18n } from '@lingui/core';
import type { ReactElement } from 'react';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { AddAddressPage } from '../pages/add-address-page';
import { AddressesTab } from './addresses-tab';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const address = (n: number, overrides: Partial<Address> = {}): Address => ({
  _id: `0190b0a0-0000-7000-8000-${String(n).padStart(12, '0')}`,
  addressType: 'Home',
  addressLine1: `${n} Ripon Street`,
  city: 'Kolkata',
  state: 'West Bengal',
  pincode: '700016',
  isDefault: false,
  ...overrides,
});
const home = address(1, { isDefault: true });
const work = address(2, { addressType: 'Work', addressLine1: '2 Linking Road', city: 'Mumbai' });

/** Signed in with a stored user whose addresses are out of date (none): the tab must show the server's list. */
const signIn = () => signedInAs('user');

/** The server: GET /auth/me, GET /addresses/{userId} answering `listed`, and the address writes. */
function fakeServer(user: User, listed: Address[], writes: Record<string, () => Address[]> = {}) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
    calls.push(call);
    if (call === 'GET /api/auth/me') return json(200, { success: true, data: { user } });
    if (call === `GET /api/addresses/${user._id}`)
      return json(200, { success: true, data: { addresses: listed } });
    const write = writes[call];
    if (!write) return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    listed = write();
    return json(200, { success: true, data: { user: { ...user, addresses: listed } } });
  });
  return calls;
}

function show(userId: string, path = '/dashboard', i18n?: I18n) {
  const inLanguage = (element: ReactElement) =>
    i18n ? <LocaleProvider i18n={i18n}>{element}</LocaleProvider> : element;
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: inLanguage(<AddressesTab userId={userId} />) },
      { path: '/addresses/new', element: inLanguage(<AddAddressPage />) },
    ],
    { initialEntries: [path] },
  );
  // As in the app: a list once fetched stays fresh for 30 s, so only an invalidation fetches it again.
  renderWithProviders(router, { staleTime: 30_000 });
  return router;
}

/** Fills the address form with 3 Park Street, Kolkata, and saves it. */
async function saveParkStreet(events: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await events.type(within(form).getByLabelText('Address Line 1 *'), '3 Park Street');
  await events.type(within(form).getByLabelText('City *'), 'Kolkata');
  await events.selectOptions(within(form).getByLabelText('State *'), 'West Bengal');
  await events.type(within(form).getByLabelText('Pincode *'), '700016');
  await events.click(within(form).getByRole('button', { name: 'Save Address' }));
}

const storedUser = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!) as User;
const listCalls = (calls: string[], user: User) =>
  calls.filter((call) => call === `GET /api/addresses/${user._id}`).length;

describe('AddressesTab', () => {
  it('lists the addresses from GET /addresses/{userId}, the default one badged', async () => {
    const user = signIn();
    const calls = fakeServer(user, [home, work]);
    show(user._id);
    expect(screen.getByRole('status')).toHaveTextContent('Loading addresses');
    const card = await screen.findByRole('listitem', { name: 'Home address' });
    expect(card).toHaveTextContent('1 Ripon Street');
    expect(card).toHaveTextContent('Default');
    expect(screen.getByRole('listitem', { name: 'Work address' })).not.toHaveTextContent('Default');
    expect(listCalls(calls, user)).toBe(1);
  });

  it("shows 'No addresses added yet' when the server lists none", async () => {
    const user = signIn();
    fakeServer(user, []);
    show(user._id);
    expect(await screen.findByText('No addresses added yet')).toBeInTheDocument();
  });

  it('an edit fetches the list again and keeps the session user in sync', async () => {
    const events = userEvent.setup();
    const user = signIn();
    const calls = fakeServer(user, [home, work], {
      [`PUT /api/addresses/${work._id}`]: () => [
        { ...home, isDefault: false },
        { ...work, city: 'Pune', isDefault: true },
      ],
    });
    show(user._id);
    await events.click(await screen.findByRole('button', { name: 'Edit Work address' }));
    const form = screen.getByRole('form', { name: 'Save Address' });
    await events.clear(within(form).getByLabelText('City *'));
    await events.type(within(form).getByLabelText('City *'), 'Pune');
    await events.click(within(form).getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Address updated successfully'));
    expect(screen.getByRole('listitem', { name: 'Work address' })).toHaveTextContent('Pune');
    expect(screen.getByRole('listitem', { name: 'Work address' })).toHaveTextContent('Default');
    expect(listCalls(calls, user)).toBe(2);
    expect(storedUser().addresses.map((a) => a.city)).toEqual(['Kolkata', 'Pune']);
  });

  it("an edit the server refuses says so beside the field it names, in the card's form", async () => {
    const events = userEvent.setup();
    const user = signIn();
    fakeServer(user, [home]);
    const passOn = globalThis.fetch;
    const message = 'This pincode is not in West Bengal';
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT'
        ? new Response(
            JSON.stringify({
              success: false,
              error: message,
              code: 'VALIDATION_ERROR',
              details: [{ path: 'body.address.pincode', message }],
            }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          )
        : passOn(input, init),
    );
    show(user._id);
    await events.click(await screen.findByRole('button', { name: 'Edit Home address' }));
    const form = screen.getByRole('form', { name: 'Save Address' });
    const pincode = within(form).getByLabelText('Pincode *');
    await events.clear(pincode);
    await events.type(pincode, '700017');
    await events.click(within(form).getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(pincode).toHaveFocus());
    expect(pincode).toHaveAttribute('aria-invalid', 'true');
    expect(pincode).toHaveAccessibleDescription(message);
    expect(toast.error).toHaveBeenCalledWith(message, expect.anything());
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a delete fetches the list again and keeps the session user in sync', async () => {
    const events = userEvent.setup();
    const user = signIn();
    const calls = fakeServer(user, [home, work], {
      [`DELETE /api/addresses/${home._id}`]: () => [{ ...work, isDefault: true }],
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    show(user._id);
    await events.click(await screen.findByRole('button', { name: 'Delete Home address' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Address deleted successfully'));
    expect(screen.queryByRole('listitem', { name: 'Home address' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Work address' })).toHaveTextContent('Default');
    expect(listCalls(calls, user)).toBe(2);
    expect(storedUser().addresses.map((a) => a._id)).toEqual([work._id]);
  });

  it('an address added on /addresses/new is in the list on the way back', async () => {
    const events = userEvent.setup();
    const user = signIn();
    const added = address(3, { addressLine1: '3 Park Street' });
    const calls = fakeServer(user, [home], { 'POST /api/addresses': () => [home, added] });
    const router = show(user._id);
    await screen.findByRole('listitem', { name: 'Home address' });

    await router.navigate('/addresses/new');
    const form = await screen.findByRole('form', { name: 'Save Address' });
    await saveParkStreet(events, form);

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Address added successfully'));
    expect(await screen.findByText(/3 Park Street/)).toBeInTheDocument();
    expect(listCalls(calls, user)).toBe(2);
    expect(storedUser().addresses).toHaveLength(2);
  });

  it('adds an address once: Save pressed again after a server error sends the same Idempotency-Key', async () => {
    const events = userEvent.setup();
    const user = signIn();
    const added = address(3, { addressLine1: '3 Park Street' });
    fakeServer(user, [home], { 'POST /api/addresses': () => [home, added] });
    const server = globalThis.fetch;
    const keys: (string | null)[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method !== 'POST') return server(input, init);
      keys.push(new Headers(init.headers).get('idempotency-key'));
      if (keys.length === 1)
        return json(503, { success: false, error: 'Try again', code: 'SERVICE_UNAVAILABLE' });
      return server(input, init);
    });
    show(user._id, '/addresses/new');
    const form = await screen.findByRole('form', { name: 'Save Address' });
    await saveParkStreet(events, form);
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    await events.click(within(form).getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Address added successfully'));
    expect(keys).toEqual([expect.any(String), keys[0]]);
  });

  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
  it.each([
    [
      "the server's sentence",
      () => json(403, { success: false, error: 'Access denied', code: 'FORBIDDEN' }),
      'Access denied',
    ],
    [
      "'Failed to get addresses' when the server gives none",
      () => new Response('', { status: 500 }),
      'Failed to get addresses',
    ],
    [
      "'Failed to fetch addresses' when no answer comes",
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Failed to fetch addresses',
    ],
  ])('a failed list toasts %s', async (_, fail: () => Response, message) => {
    const user = signIn();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
      String(input).endsWith('/auth/me') ? json(200, { success: true, data: { user } }) : fail(),
    );
    show(user._id);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByText('No addresses added yet')).not.toBeInTheDocument();
  });
});

describe('AddressesTab and the new address page in Urdu', () => {
  it('names the list, its cards and their buttons in Urdu; the address itself stays as typed', async () => {
    const events = userEvent.setup();
    const user = signIn();
    fakeServer(user, [{ ...home, landmark: 'Near the mosque' }, work]);
    show(user._id, '/dashboard', await loadI18n('ur'));
    expect(screen.getByRole('status')).toHaveTextContent('پتے لوڈ ہو رہے ہیں');
    const card = await screen.findByRole('listitem', { name: 'گھر کا پتا' });
    expect(card).toHaveTextContent('ڈیفالٹ');
    expect(card).toHaveTextContent('نشانی: Near the mosque');
    expect(card).toHaveTextContent('1 Ripon Street');
    expect(screen.getByRole('heading', { name: 'پتے' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'نیا پتا شامل کریں' })).toHaveAttribute('href', '/addresses/new');
    expect(screen.getByRole('button', { name: 'گھر کا پتا حذف کریں' })).toHaveTextContent('حذف کریں');

    await events.click(screen.getByRole('button', { name: 'دفتر کے پتے میں ترمیم کریں' }));
    const form = screen.getByRole('form', { name: 'پتا محفوظ کریں' });
    const type = within(form).getByLabelText('پتے کی قسم');
    expect(type).toHaveDisplayValue('دفتر');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['Home', 'Work', 'Other']);
    expect(within(form).getByLabelText('اسے ڈیفالٹ پتا بنائیں')).not.toBeChecked();
    expect(within(form).getByRole('button', { name: 'منسوخ کریں' })).toBeInTheDocument();
  });

  it('titles the new address page in Urdu', async () => {
    const user = signIn();
    fakeServer(user, []);
    show(user._id, '/addresses/new', await loadI18n('ur'));
    expect(screen.getByRole('heading', { level: 1, name: 'نیا پتا شامل کریں' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'پتا محفوظ کریں' })).toBeInTheDocument();
  });
});
