import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { User } from '@scholar/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { signedInAs } from '../../../test/session';
import { ProfileTab } from './profile-tab';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** The server's PUT /users/profile/{id}: a new email needs the current password 'right-password'. */
function fakeServer(user: User) {
  const bodies: Record<string, unknown>[] = [];
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/auth/me') return answer(200, { success: true, data: { user } });
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    bodies.push(body);
    if (path === `/api/users/display-name/${user._id}`) {
      return answer(200, { success: true, data: { user: { ...user, ...body } } });
    }
    if (body.email !== user.email && body.currentPassword !== 'right-password') {
      const message = 'Your current password is incorrect';
      return answer(400, {
        success: false,
        error: message,
        code: 'WRONG_PASSWORD',
        details: [{ path: 'body.currentPassword', message }],
      });
    }
    return answer(200, { success: true, data: { user: { ...user, ...body } } });
  });
  return bodies;
}

const show = (user: User) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <ProfileTab user={user} />
      </SessionProvider>
    </QueryClientProvider>,
  );

// Typing is slow in jsdom on a busy machine.
describe('ProfileTab', { timeout: 20_000 }, () => {
  it('asks for the current password only when the email changes, and says what is wrong next to it', async () => {
    const events = userEvent.setup();
    const user = signedInAs('user');
    const bodies = fakeServer(user);
    show(user);
    await events.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.queryByLabelText('Current password')).toBeNull();

    const email = screen.getByLabelText('Email');
    await events.clear(email);
    await events.type(email, 'new-address@example.com');
    const password = screen.getByLabelText('Current password');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    // Not sent without it: the field says why and has the focus.
    expect(bodies).toHaveLength(0);
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription(/Please enter your current password to change your email/);

    await events.type(password, 'wrong-password');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        /Your current password is incorrect/,
      ),
    );
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveFocus());
    expect(toast.error).toHaveBeenLastCalledWith(
      'Update failed: Your current password is incorrect',
      expect.anything(),
    );

    await events.clear(screen.getByLabelText('Current password'));
    await events.type(screen.getByLabelText('Current password'), 'right-password');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Profile updated successfully'));
    expect(bodies.at(-1)).toMatchObject({
      email: 'new-address@example.com',
      currentPassword: 'right-password',
    });
  });

  it('marks every invalid field at once and moves to the first', async () => {
    const events = userEvent.setup();
    const user = signedInAs('user');
    const bodies = fakeServer(user);
    show(user);
    await events.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await events.clear(screen.getByLabelText('Full Name'));
    await events.clear(screen.getByLabelText('Phone'));
    await events.type(screen.getByLabelText('Phone'), 'call me');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Please enter your name');
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Enter a 10-digit mobile number');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(screen.getByLabelText('Full Name')).toHaveFocus());
    expect(bodies).toHaveLength(0);
  });

  it('sends no password when only the name or phone changes', async () => {
    const events = userEvent.setup();
    const user = signedInAs('user');
    const bodies = fakeServer(user);
    show(user);
    await events.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await events.type(screen.getByLabelText('Full Name'), ' Khan');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(bodies[0]).not.toHaveProperty('currentPassword');
  });

  it('lets an admin set the display name their answers are signed with, said beside the field when wrong', async () => {
    const events = userEvent.setup();
    const admin = signedInAs('admin');
    const bodies = fakeServer(admin);
    show(admin);
    // An admin's profile: no phone to edit, and the display name.
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
    const field = screen.getByLabelText('Display name');
    expect(field).toHaveValue('');
    expect(field).toHaveAccessibleDescription(/Leave it empty to show Admin/);

    await events.type(field, '<b>Shaikh</b>');
    await events.click(screen.getByRole('button', { name: 'Save Display Name' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(/Display name cannot contain < or > or line breaks/),
    );
    expect(bodies).toHaveLength(0);

    await events.clear(field);
    await events.type(field, '  Shaikh Abdullah  ');
    await events.click(screen.getByRole('button', { name: 'Save Display Name' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Display name saved'));
    expect(bodies).toEqual([{ displayName: 'Shaikh Abdullah' }]);
    expect(field).toHaveValue('Shaikh Abdullah');
  }, 20_000);

  it('shows a customer no display name', () => {
    const user = signedInAs('user');
    fakeServer(user);
    show(user);
    expect(screen.queryByLabelText('Display name')).toBeNull();
  });
});
