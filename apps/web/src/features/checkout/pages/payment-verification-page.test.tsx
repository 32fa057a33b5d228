import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { SessionProvider } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { PaymentVerificationPage } from './payment-verification-page';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('PaymentVerificationPage in Urdu', () => {
  it('says in Urdu that a return without the payment’s identifiers cannot be verified', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 401 }));
    const router = createMemoryRouter(
      [
        {
          path: '/payment-verification',
          element: (
            <LocaleProvider i18n={await loadI18n('ur')}>
              <PaymentVerificationPage />
            </LocaleProvider>
          ),
        },
      ],
      { initialEntries: ['/payment-verification?razorpay_order_id=order_1'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'ادائیگی نہیں ہو سکی' })).toBeInTheDocument();
    expect(screen.getByText('ادائیگی کی معلومات درست نہیں')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'کارٹ پر واپس جائیں' })).toHaveAttribute('href', '/cart');
    expect(toast.error).toHaveBeenCalledWith('ادائیگی کی معلومات درست نہیں');
  });
});
