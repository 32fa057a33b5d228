import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { fakeApi, type FakeRoutes } from '../../../test/fake-api';
import { FatwahStatusPage } from './fatwah-status-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function open(routes: FakeRoutes, locale?: 'ur') {
  const calls = fakeApi(routes);
  const page = locale ? (
    <LocaleProvider i18n={await loadI18n(locale)}>
      <FatwahStatusPage />
    </LocaleProvider>
  ) : (
    <FatwahStatusPage />
  );
  const router = createMemoryRouter([{ path: '/fatwah-status', element: page }], {
    initialEntries: ['/fatwah-status'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

describe('FatwahStatusPage', () => {
  it('shows where the question is, with the link once published, and focuses the answer', async () => {
    const { calls, user } = await open({
      'POST /fatwahs/status': () => [
        200,
        {
          success: true,
          data: {
            status: 'published',
            reference: 'Q-2026-00031',
            fatwahId: '0190b0a0-0000-7000-8000-0000000000f3',
          },
        },
      ],
    });
    await user.type(screen.getByLabelText('Reference'), '2026-31');
    await user.type(screen.getByLabelText('Email address'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Check status' }));
    expect(
      await screen.findByText('Published: your question and its answer are on the site.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the answer' })).toHaveAttribute(
      'href',
      '/fatwah/0190b0a0-0000-7000-8000-0000000000f3',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reference: '2026-31',
      email: 'amina@example.com',
    });
    await waitFor(() =>
      expect(screen.getByText('Question Q-2026-00031').closest('[tabindex="-1"]')).toHaveFocus(),
    );
  });

  it('says "not found" for a wrong pair and asks for both halves before sending', async () => {
    const { calls, user } = await open({
      'POST /fatwahs/status': () => [
        404,
        {
          success: false,
          error: 'No question matches this reference and email',
          code: 'FATWAH_STATUS_NOT_FOUND',
        },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Check status' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter your reference and a valid email address.',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(screen.getByLabelText('Reference'), 'Q-2026-00031');
    await user.type(screen.getByLabelText('Email address'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Check status' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'No question matches this reference and email. Please check both and try again.',
      ),
    );
    expect(screen.queryByRole('link', { name: 'Read the answer' })).not.toBeInTheDocument();
  });

  it('speaks Urdu on an Urdu page', async () => {
    const { user } = await open(
      {
        'POST /fatwahs/status': () => [
          200,
          { success: true, data: { status: 'received', reference: 'Q-2026-00031' } },
        ],
      },
      'ur',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'اپنے سوال کی کیفیت دیکھیں' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('حوالہ نمبر'), 'Q-2026-00031');
    await user.type(screen.getByLabelText('ای میل پتہ'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'کیفیت دیکھیں' }));
    expect(
      await screen.findByText('موصول ہو گیا: آپ کا سوال کسی عالم کے جواب کا منتظر ہے۔'),
    ).toBeInTheDocument();
  });
});
