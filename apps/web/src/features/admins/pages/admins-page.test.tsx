import type { AdminsList } from '@scholar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { json, renderWithProviders } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { AdminsPage } from './admins-page';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

const other = {
  _id: '0190b0a0-0000-7000-8000-0000000000c1',
  name: 'Yusuf Ahmed',
  displayName: 'Maulana Yusuf',
  email: 'yusuf@example.com',
  role: 'admin' as const,
  createdAt: '2026-11-02T00:00:00.000Z',
};
const invite = {
  _id: '0190b0a0-0000-7000-8000-0000000000d1',
  email: 'pending@example.com',
  role: 'scholar' as const,
  invitedBy: 'Admin',
  expiresAt: '2026-12-02T00:00:00.000Z',
  createdAt: '2026-11-25T00:00:00.000Z',
};

/** The server: GET /admins answers the list; other calls are kept and answered by `answer`. */
function fakeServer(answer: (method: string, path: string, body: unknown) => Response) {
  const user = signedInAs('admin');
  const list: AdminsList = {
    admins: [
      {
        _id: user._id,
        name: user.name,
        displayName: null,
        email: user.email,
        role: 'admin',
        createdAt: user.createdAt,
      },
      other,
    ],
    invites: [invite],
  };
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    if (path === '/api/auth/me') return json(200, { success: true, data: { user } });
    if (path === '/api/admins' && method === 'GET') return json(200, { success: true, data: list });
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, path, body });
    return answer(method, path, body);
  });
  return { calls, list };
}

const show = () =>
  renderWithProviders(
    createMemoryRouter([{ path: '/admin/admins', element: <AdminsPage /> }], {
      initialEntries: ['/admin/admins'],
    }),
  );

// Typing is slow in jsdom on a busy machine.
describe('AdminsPage', { timeout: 20_000 }, () => {
  it('lists the admins with their display names and the pending invitations', async () => {
    fakeServer(() => json(500, {}));
    show();
    const admins = await screen.findByRole('region', { name: 'Current staff' });
    expect(within(admins).getByText('Maulana Yusuf')).toBeInTheDocument();
    expect(within(admins).getByText('Yusuf Ahmed')).toBeInTheDocument();
    expect(within(admins).getByText('(you)')).toBeInTheDocument();
    const invites = screen.getByRole('region', { name: 'Pending invitations' });
    expect(within(invites).getByText('pending@example.com')).toBeInTheDocument();
  });

  it('invites by email, with the error beside the field', async () => {
    const events = userEvent.setup();
    const { calls } = fakeServer((_method, _path, body) => {
      const { email } = body as { email: string };
      if (email === 'yusuf@example.com') {
        const message = 'This person is already on the staff';
        return json(409, {
          success: false,
          error: message,
          code: 'ALREADY_ADMIN',
          details: [{ path: 'body.email', message }],
        });
      }
      return json(201, {
        success: true,
        data: { invite: { ...invite, email, role: 'admin' } },
        message: 'sent',
      });
    });
    show();
    const field = await screen.findByLabelText('Email of the new staff member');
    await events.type(field, 'not-an-email');
    await events.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(calls).toHaveLength(0);
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Please enter a valid email/i));

    await events.clear(field);
    await events.type(field, 'yusuf@example.com');
    await events.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/This person is already on the staff/));

    await events.clear(field);
    await events.type(field, 'New@Example.com');
    // The mail in the invited person's language.
    await events.selectOptions(screen.getByLabelText('Language of the invitation mail'), 'Urdu (اردو)');
    await events.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Invitation sent to new@example.com (Admin)'),
    );
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/admins/invites',
      body: { email: 'new@example.com', role: 'admin', language: 'ur' },
    });
    expect(field).toHaveValue('');
  });

  it('sends one invitation when Send Invitation is pressed again after a failure: the same Idempotency-Key', async () => {
    const events = userEvent.setup();
    let failing = true;
    fakeServer((_method, _path, body) =>
      failing
        ? json(503, { success: false, error: 'Try again shortly', code: 'SERVICE_UNAVAILABLE' })
        : json(201, { success: true, data: { invite: { ...invite, ...(body as object) } }, message: 'sent' }),
    );
    const server = globalThis.fetch;
    const keys: (string | null)[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') keys.push(new Headers(init.headers).get('idempotency-key'));
      return server(input, init);
    });
    show();
    const field = await screen.findByLabelText('Email of the new staff member');
    await events.type(field, 'helper@example.com');
    await events.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Invitation' })).toBeEnabled());
    failing = false;
    await events.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Invitation sent to helper@example.com (Admin)'),
    );
    expect(keys).toEqual([expect.any(String), keys[0]]);
  });

  it('removes an admin only after a confirmation dialog, which can be cancelled from the keyboard', async () => {
    const events = userEvent.setup();
    const { calls } = fakeServer(() => json(200, { success: true, data: null, message: 'Admin removed' }));
    show();
    const remove = await screen.findByRole('button', { name: 'Remove Yusuf Ahmed as admin' });
    await events.click(remove);
    const dialog = screen.getByRole('dialog', { name: 'Remove admin?' });
    expect(dialog).toHaveTextContent('Yusuf Ahmed (yusuf@example.com) will no longer be on the staff');
    // Cancel from the keyboard: nothing is removed, and the focus goes back to the button.
    within(dialog).getByRole('button', { name: 'Cancel' }).focus();
    await events.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(0);
    expect(remove).toHaveFocus();

    await events.click(remove);
    await events.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'DELETE', path: `/api/admins/${other._id}`, body: undefined }]),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Yusuf Ahmed is no longer on the staff'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells why a removal was refused (the last admin)', async () => {
    const events = userEvent.setup();
    fakeServer(() =>
      json(400, {
        success: false,
        error: 'The last admin cannot be removed. Invite another admin first.',
        code: 'LAST_ADMIN',
      }),
    );
    show();
    await events.click(await screen.findByRole('button', { name: 'Remove Yusuf Ahmed as admin' }));
    await events.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'The last admin cannot be removed. Invite another admin first.',
      ),
    );
  });

  it("shows each role, invites in a chosen role, and changes a role after a confirmation; never one's own", async () => {
    const events = userEvent.setup();
    const { calls } = fakeServer((_method, path, body) =>
      path === '/api/admins/invites'
        ? json(201, { success: true, data: { invite: { ...invite, ...(body as object) } }, message: 'sent' })
        : json(200, { success: true, data: null, message: 'Role changed' }),
    );
    show();
    const staff = await screen.findByRole('region', { name: 'Current staff' });
    expect(within(staff).getAllByText('Admin', { selector: 'strong' })).toHaveLength(2);
    expect(
      within(screen.getByRole('region', { name: 'Pending invitations' })).getByText('Scholar'),
    ).toBeInTheDocument();
    // Only the other person has a role select: an admin cannot change their own role.
    expect(screen.queryByLabelText('Role of Admin')).toBeNull();

    await events.type(screen.getByLabelText('Email of the new staff member'), 'scholar@example.com');
    await events.selectOptions(screen.getByLabelText('Role'), 'scholar');
    await events.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        method: 'POST',
        path: '/api/admins/invites',
        body: { email: 'scholar@example.com', role: 'scholar', language: 'en' },
      }),
    );

    const change = screen.getByRole('button', { name: 'Change the role of Yusuf Ahmed' });
    expect(change).toBeDisabled();
    await events.selectOptions(screen.getByLabelText('Role of Yusuf Ahmed'), 'shop');
    await events.click(change);
    const dialog = screen.getByRole('dialog', { name: 'Change role?' });
    expect(dialog).toHaveTextContent('Yusuf Ahmed will be Shop');
    await events.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        method: 'PUT',
        path: `/api/admins/${other._id}/role`,
        body: { role: 'shop' },
      }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Yusuf Ahmed is now Shop'));
  });

  it('withdraws a pending invitation after confirming', async () => {
    const events = userEvent.setup();
    const { calls } = fakeServer(() =>
      json(200, { success: true, data: null, message: 'Invitation withdrawn' }),
    );
    show();
    await events.click(
      await screen.findByRole('button', { name: 'Withdraw the invitation to pending@example.com' }),
    );
    await events.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(calls).toEqual([
        { method: 'DELETE', path: `/api/admins/invites/${invite._id}`, body: undefined },
      ]),
    );
  });
});
