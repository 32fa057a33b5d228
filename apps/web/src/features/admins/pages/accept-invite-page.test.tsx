import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { json, renderWithProviders } from '../../../test/render';
import { AcceptInvitePage } from './accept-invite-page';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function fakeServer(answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path !== '/api/admins/invites/accept') return json(401, { success: false, error: 'no', code: 'X' });
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    bodies.push(body);
    return answer(body);
  });
  return bodies;
}

const show = (url: string) => {
  const router = createMemoryRouter(
    [
      { path: '/admin/invite', element: <AcceptInvitePage /> },
      { path: '/admin/login', element: <h1>Admin Login</h1> },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(router);
  return router;
};

const fill = async (events: ReturnType<typeof userEvent.setup>, password: string, confirm = password) => {
  await events.type(screen.getByLabelText('Full Name'), 'Maulana Yusuf');
  await events.type(screen.getByLabelText('Password'), password);
  await events.type(screen.getByLabelText('Confirm Password'), confirm);
  await events.click(screen.getByRole('button', { name: 'Accept Invitation' }));
};

// Typing is slow in jsdom on a busy machine.
describe('AcceptInvitePage', { timeout: 20_000 }, () => {
  it('reads the token once and takes it out of the address, then sends name and password and goes to the admin login', async () => {
    const events = userEvent.setup();
    const bodies = fakeServer(() =>
      json(201, { success: true, data: { email: 'y@example.com' }, message: 'ok' }),
    );
    const router = show('/admin/invite?token=the-secret-token');
    await screen.findByLabelText('Full Name');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/admin/invite');

    await fill(events, 'hikmah-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(bodies).toEqual([{ token: 'the-secret-token', name: 'Maulana Yusuf', password: 'hikmah-123' }]);
    expect(toast.success).toHaveBeenCalledWith('Your admin account is ready. Please log in.');
  });

  it('checks the password as registering does, beside each field, before sending', async () => {
    const events = userEvent.setup();
    const bodies = fakeServer(() => json(500, {}));
    show('/admin/invite?token=t');
    await screen.findByLabelText('Full Name');
    await fill(events, '12345');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/at least 6 characters/);
    await events.clear(screen.getByLabelText('Password'));
    await events.type(screen.getByLabelText('Password'), 'hikmah-123');
    await events.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(/Passwords do not match/),
    );
    expect(bodies).toHaveLength(0);
  });

  it('says why the server refused the link (used or expired) near the button', async () => {
    const events = userEvent.setup();
    fakeServer(() =>
      json(400, {
        success: false,
        error: 'This invitation has expired. Ask an admin to send you a new one.',
        code: 'INVITE_EXPIRED',
      }),
    );
    show('/admin/invite?token=old');
    await screen.findByLabelText('Full Name');
    await fill(events, 'hikmah-123');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation has expired. Ask an admin to send you a new one.',
    );
  });

  it('without a token, says the link is invalid and shows no form', async () => {
    fakeServer(() => json(500, {}));
    show('/admin/invite');
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is invalid');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});
