import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute, type FakeRoutes } from '../../../test/fake-api';
import { EmailProofBanner } from '../components/email-proof-banner';
import { VerifyEmailPage } from './verify-email-page';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const open = (routes: FakeRoutes, path = '/verify-email?token=mailed-token-0123456789') => {
  const calls = fakeApi(routes);
  renderRoute(<VerifyEmailPage />, { path, pattern: '/verify-email' });
  return { calls, user: userEvent.setup() };
};

describe('VerifyEmailPage', () => {
  it('confirms only on the button (mail scanners open links), then says how many guest orders joined', async () => {
    const { calls, user } = open({
      'POST /auth/verify-email': () => [
        200,
        { success: true, data: { attachedOrders: 1 }, message: 'Your email is confirmed.' },
      ],
    });
    const confirm = await screen.findByRole('button', { name: 'Confirm my email' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(confirm);
    expect(await screen.findByText('Thank you: your email is confirmed.')).toBeInTheDocument();
    expect(screen.getByText('1 order you placed as a guest is now in your account.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ token: 'mailed-token-0123456789' });
  });

  it.each([
    ['EMAIL_PROOF_USED', 410, 'This confirmation link has already been used.'],
    ['EMAIL_PROOF_EXPIRED', 410, 'This confirmation link has expired.'],
    ['EMAIL_PROOF_INVALID', 400, 'This confirmation link is not valid.'],
  ])('says a refused link plainly (%s)', async (code, status, said) => {
    const { user } = open({
      'POST /auth/verify-email': () => [status, { success: false, error: 'x', code }],
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByText(new RegExp(said.replace('.', '\\.')))).toBeInTheDocument();
  });

  it('needs the mailed link', async () => {
    open({}, '/verify-email');
    expect(
      await screen.findByText('This page needs the link from your confirmation mail.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm my email' })).not.toBeInTheDocument();
  });
});

describe('EmailProofBanner', () => {
  it('asks an unconfirmed customer to confirm, and sends the link again', async () => {
    const calls = fakeApi({
      'GET /auth/email-verification': () => [
        200,
        { success: true, data: { verified: false, email: 'a@example.com' } },
      ],
      'POST /auth/email-verification/resend': () => [
        200,
        { success: true, data: { sent: true }, message: 'x' },
      ],
    });
    renderRoute(<EmailProofBanner userId="u1" />, { path: '/dashboard', pattern: '/dashboard' });
    expect(
      await screen.findByRole('heading', {
        name: 'Please confirm your email to see orders placed as a guest',
      }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We have sent a new link to a@example.com.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says nothing once the email is confirmed', async () => {
    const calls = fakeApi({
      'GET /auth/email-verification': () => [
        200,
        { success: true, data: { verified: true, email: 'a@example.com' } },
      ],
    });
    renderRoute(<EmailProofBanner userId="u1" />, { path: '/dashboard', pattern: '/dashboard' });
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/auth/email-verification')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
  });
});
