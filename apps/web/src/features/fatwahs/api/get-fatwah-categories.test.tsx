import { FATWAH_CATEGORIES } from '@scholar/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFatwahCategories } from './get-fatwah-categories';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Categories() {
  return <p>{useFatwahCategories().join(', ')}</p>;
}

/** `fetch` that never answers, but rejects as a browser does when its signal aborts. */
function pendingFetch() {
  const started = vi.fn();
  vi.stubGlobal('fetch', (_input: string, init?: RequestInit) => {
    started();
    return new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  });
  return started;
}

describe('useFatwahCategories', () => {
  it('says nothing when the page is left while the categories are on their way', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const started = pendingFetch();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(
      <QueryClientProvider client={client}>
        <Categories />
      </QueryClientProvider>,
    );
    expect(screen.getByText(FATWAH_CATEGORIES.join(', '))).toBeInTheDocument();
    await waitFor(() => expect(started).toHaveBeenCalled());
    view.unmount();
    await waitFor(() => expect(client.isFetching()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(errors).not.toHaveBeenCalled();
  });

  it('still logs a real failure', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 500 }));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Categories />
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(errors).toHaveBeenCalledWith('Failed to load fatwah categories', expect.anything()),
    );
  });
});
