import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@scholar/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { json, renderWithProviders } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { SiteSettingsPage } from '../pages/site-settings-page';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

/** The settings screen for an admin; answers the PUTs it records with what was sent. */
function renderPage() {
  signedInAs('admin');
  const puts: SiteSettings[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input) !== '/api/settings')
      return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as SiteSettings;
      puts.push(body);
      return json(200, { success: true, data: body, message: 'Site settings saved' });
    }
    return json(200, { success: true, data: DEFAULT_SITE_SETTINGS });
  });
  renderWithProviders(
    createMemoryRouter([{ path: '/admin/settings', element: <SiteSettingsPage /> }], {
      initialEntries: ['/admin/settings'],
    }),
  );
  return { puts, user: userEvent.setup() };
}

describe('the seller on bills', () => {
  it('shows the stored seller and saves a PAN, a GSTIN and a state with the other settings', async () => {
    const { puts, user } = renderPage();
    const pan = await screen.findByLabelText('PAN');
    expect(screen.getByRole('group', { name: 'Seller on bills' })).toBeInTheDocument();
    expect(screen.getByLabelText("Seller's name *")).toHaveValue(DEFAULT_SITE_SETTINGS.seller.name);
    expect(screen.getByLabelText("Seller's address *")).toHaveValue(
      DEFAULT_SITE_SETTINGS.seller.address.join('\n'),
    );
    expect(screen.getByLabelText('State *')).toHaveValue('West Bengal');

    await user.type(pan, 'aaacd1234f');
    await user.type(screen.getByLabelText('GSTIN'), '19AAACD1234F1Z5');
    await user.selectOptions(screen.getByLabelText('State *'), 'Bihar');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Site settings saved'));
    expect(puts.at(-1)?.seller).toEqual({
      ...DEFAULT_SITE_SETTINGS.seller,
      pan: 'AAACD1234F',
      gstin: '19AAACD1234F1Z5',
      state: 'Bihar',
    });
  });

  it('marks a wrong PAN beside its field and sends nothing', async () => {
    const { puts, user } = renderPage();
    await user.type(await screen.findByLabelText('PAN'), 'ABC');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    const pan = screen.getByLabelText('PAN');
    await waitFor(() => expect(pan).toHaveAttribute('aria-invalid', 'true'));
    expect(pan).toHaveAccessibleDescription(expect.stringContaining('A PAN is five letters'));
    expect(puts).toEqual([]);
  });
});
