import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmSubscriptionPage } from './confirm-subscription-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The page opened from a mailed link, with a fake API that records what reaches /api/subscriptions/confirm. */
function openLink(token = 'tok_123') {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (new URL(input, 'http://localhost').pathname === '/api/subscriptions/confirm') {
      sent.push(JSON.parse(String(init?.body)));
      return json(200, { success: true, data: { fatwahs: true, articles: false, frequency: 'weekly' } });
    }
    return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
  render(
    <MemoryRouter initialEntries={[`/subscriptions/confirm?token=${token}`]}>
      <Routes>
        <Route path="/subscriptions/confirm" element={<ConfirmSubscriptionPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return sent;
}

describe('the confirmation link’s page', () => {
  it('confirms nothing on opening (a mail scanner opens links), only when the reader presses Confirm', async () => {
    const sent = openLink();
    const button = await screen.findByRole('button', { name: 'Confirm my subscription' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
    await userEvent.setup().click(button);
    expect(await screen.findByText('Your subscription is confirmed.')).toBeVisible();
    expect(sent).toEqual([{ token: 'tok_123' }]);
  });

  it('says the link is not valid when it has no token, and offers no button', () => {
    openLink('');
    expect(screen.getByText(/This confirmation link is not valid any more/)).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
