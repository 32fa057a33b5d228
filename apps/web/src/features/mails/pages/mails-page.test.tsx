import type { OutboxMail } from '@scholar/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { spyOnToasts } from '../../../test/toasts';
import { MailsPage } from './mails-page';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

const failed: OutboxMail = {
  _id: '0190b0a0-0000-7000-8000-0000000000e1',
  kind: 'password reset mail failed',
  recipient: 'fatima@example.com',
  subject: 'Reset your password',
  status: 'failed',
  attempts: 101,
  nextAttemptAt: null,
  sentAt: null,
  lastError: 'Too many mails, try again later',
  createdAt: '2026-12-01T10:00:00.000Z',
};

/** The server: the outbox holds one failed mail until it is put back, which the list then shows as waiting. */
function fakeServer() {
  const user = signedInAs('admin');
  let mail = failed;
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (url.pathname === '/api/auth/me') return json(200, { success: true, data: { user } });
    if (url.pathname === `/api/admin/mails/${failed._id}/retry` && method === 'POST') {
      mail = { ...mail, status: 'queued', nextAttemptAt: '2026-12-02T10:00:00.000Z' };
      return json(200, { success: true, data: null, message: 'The mail will be tried again' });
    }
    if (url.pathname === '/api/admin/mails') {
      const status = url.searchParams.get('status');
      const mails = mail.status === status ? [mail] : [];
      const counts = { queued: 0, sending: 0, sent: 0, failed: 0, [mail.status]: 1 };
      return json(200, {
        success: true,
        data: { mails, counts, pagination: { currentPage: 1, totalPages: 1, total: mails.length } },
      });
    }
    return json(404, { success: false, error: 'Not found' });
  });
  return calls;
}

describe('MailsPage', () => {
  it('lists the failed mails with their refusal, and puts one back for another day', async () => {
    const calls = fakeServer();
    renderWithProviders(
      createMemoryRouter([{ path: '/admin/mails', element: <MailsPage /> }], {
        initialEntries: ['/admin/mails'],
      }),
    );
    const row = (await screen.findByRole('rowheader', { name: /Password reset/ })).closest('tr')!;
    expect(within(row).getByText('fatima@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Too many mails, try again later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Failed (1)' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(
      within(row).getByRole('button', { name: 'Try again: Password reset to fatima@example.com' }),
    );
    expect(calls).toContain(`POST /api/admin/mails/${failed._id}/retry`);
    expect(await screen.findByText('No failed mails.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Waiting (1)' }));
    const waiting = (await screen.findByRole('rowheader', { name: /Password reset/ })).closest('tr')!;
    expect(within(waiting).queryByRole('button', { name: /Try again/ })).toBeNull();
  });
});
