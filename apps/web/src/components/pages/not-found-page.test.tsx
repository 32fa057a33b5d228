import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../lib/i18n';
import { NotFoundPage } from './not-found-page';

afterEach(() => vi.unstubAllGlobals());

function show(page: ReactNode) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: false }), { status: 404 }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('NotFoundPage', () => {
  it('says the page does not exist and leads home', () => {
    show(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('says so in Urdu, with the title in Urdu', async () => {
    show(
      <LocaleProvider i18n={await loadI18n('ur')}>
        <NotFoundPage />
      </LocaleProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'صفحہ نہیں ملا' })).toBeInTheDocument();
    expect(screen.getByText('آپ جو صفحہ تلاش کر رہے ہیں وہ موجود نہیں ہے۔')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ہوم پیج پر واپس جائیں' })).toBeInTheDocument();
    expect(document.title).toMatch(/^صفحہ نہیں ملا/);
  });
});
