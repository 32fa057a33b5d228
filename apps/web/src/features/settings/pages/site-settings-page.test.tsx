import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@scholar/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminLinks } from '../../../components/layout/navigation';
import { toast } from '../../../lib/toast';
import { json, renderWithProviders } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { SiteSettingsPage } from './site-settings-page';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/** The page for a signed-in admin, with the API answering `GET` with `stored` and `PUT` with `onPut`. */
function renderPage(
  onPut: (body: SiteSettings) => [number, unknown] = (body) => [
    200,
    { success: true, data: body, message: 'Site settings saved' },
  ],
  stored: SiteSettings = DEFAULT_SITE_SETTINGS,
) {
  signedInAs('admin');
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = { method: init.method ?? 'GET', url: String(input) };
    if (init.body) call.body = JSON.parse(String(init.body));
    calls.push(call);
    if (call.url !== '/api/settings')
      return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    if (call.method === 'PUT') return json(...onPut(call.body as SiteSettings));
    return json(200, { success: true, data: stored });
  });
  renderWithProviders(
    createMemoryRouter([{ path: '/admin/settings', element: <SiteSettingsPage /> }], {
      initialEntries: ['/admin/settings'],
    }),
  );
  return { calls, user: userEvent.setup() };
}

/** Replaces a field's text as a paste would (typing long text key by key is slow). */
async function replace(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const puts = (calls: Call[]) => calls.filter((call) => call.method === 'PUT');

describe('SiteSettingsPage', () => {
  it('is linked from the admin menu', () => {
    expect(adminLinks).toContainEqual({ to: '/admin/settings', label: 'nav.siteSettings' });
  });

  it('shows the stored settings in labelled fields and saves a new phone and a YouTube link', async () => {
    const { calls, user } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Site Settings' })).toBeInTheDocument();
    const phone = await screen.findByLabelText('Phone *');
    expect(phone).toHaveValue('+91 33 4000 1234');
    expect(screen.getByLabelText("Scholar's name *")).toHaveValue('the Shaikh');
    expect(screen.getByLabelText('Office address *')).toHaveValue(
      DEFAULT_SITE_SETTINGS.officeAddress.join('\n'),
    );
    expect(screen.getByLabelText('Contact email *')).toHaveValue('contact@darulilm.example');
    expect(screen.getByLabelText('YouTube')).toHaveValue('');
    expect(screen.getByLabelText('Darul Ilm Online Academy')).toHaveValue('');
    expect(screen.getByLabelText('Quran Recitation with Tajwid')).toHaveValue('');

    await replace(user, phone, '+91 98300 12345');
    await replace(user, screen.getByLabelText('YouTube'), 'https://www.youtube.com/@darulilm');
    await replace(
      user,
      screen.getByLabelText('Office address *'),
      'Darul Ilm\n\n22 Elliot Road \nKolkata 700016',
    );
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Site settings saved'));
    expect(puts(calls)).toEqual([
      {
        method: 'PUT',
        url: '/api/settings',
        body: {
          ...DEFAULT_SITE_SETTINGS,
          phone: '+91 98300 12345',
          officeAddress: ['Darul Ilm', '22 Elliot Road', 'Kolkata 700016'],
          social: { ...DEFAULT_SITE_SETTINGS.social, youtube: 'https://www.youtube.com/@darulilm' },
        },
      },
    ]);
    expect(screen.getByLabelText('Office address *')).toHaveValue(
      'Darul Ilm\n22 Elliot Road\nKolkata 700016',
    );
  });

  it('marks every wrong field beside it, moves to the first, and sends nothing', async () => {
    const { calls, user } = renderPage();
    const email = await screen.findByLabelText('Contact email *');
    await replace(user, email, 'not an email');
    await replace(user, screen.getByLabelText('Facebook'), 'http://www.facebook.com/darulilm');
    await user.clear(screen.getByLabelText("Scholar's name *"));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    const name = screen.getByLabelText("Scholar's name *");
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining("Please enter the scholar's name"));
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid email address'));
    expect(screen.getByLabelText('Facebook')).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a web address starting with https://, or leave it empty'),
    );
    expect(screen.getByLabelText('Instagram')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(name).toHaveFocus());
    expect(puts(calls)).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("puts the server's field errors beside their fields", async () => {
    const { user } = renderPage(() => [
      400,
      {
        success: false,
        error: 'Please enter a web address starting with https://, or leave it empty',
        code: 'VALIDATION_ERROR',
        details: [
          {
            path: 'body.initiatives.school',
            message: 'Please enter a web address starting with https://, or leave it empty',
          },
        ],
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Save Settings' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Darul Ilm International School')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(toast.error).toHaveBeenCalledWith(
      'Please enter a web address starting with https://, or leave it empty',
      expect.anything(),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });
});
