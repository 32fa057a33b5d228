import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../lib/i18n';
import { ScreenLoadBoundary } from './screen-load-boundary';

describe('ScreenLoadBoundary', () => {
  it('tells the reader when a screen cannot be downloaded and offers to try again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const Broken = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <Suspense fallback={null}>
        <p>Header</p>
        <ScreenLoadBoundary>
          <Broken />
        </ScreenLoadBoundary>
      </Suspense>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded');
    expect(screen.getByText('Header')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
    error.mockRestore();
  });

  it('shows the screen when it loads', async () => {
    const Fine = lazy(async () => ({ default: () => <p>The screen</p> }));
    render(
      <Suspense fallback={null}>
        <ScreenLoadBoundary>
          <Fine />
        </ScreenLoadBoundary>
      </Suspense>,
    );
    expect(await screen.findByText('The screen')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells it in Urdu on an Urdu page', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <LocaleProvider i18n={await loadI18n('ur')}>
        <Suspense fallback={null}>
          <ScreenLoadBoundary>
            <Broken />
          </ScreenLoadBoundary>
        </Suspense>
      </LocaleProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('یہ صفحہ لوڈ نہیں ہو سکا');
    expect(screen.getByRole('button', { name: 'دوبارہ کوشش کریں' })).toBeInTheDocument();
    error.mockRestore();
  });
});
