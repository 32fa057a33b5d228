import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydration, HydrationProvider, useHydrated } from './hydration';

function Control() {
  const hydrated = useHydrated();
  return <button type="submit">{hydrated ? 'app' : 'form'}</button>;
}

afterEach(() => {
  hydration.fromServer = false;
  document.body.innerHTML = '';
});

describe('useHydrated', () => {
  it('is false in the render that takes over the server’s HTML, true once the app runs the page, without a mismatch', async () => {
    hydration.fromServer = true;
    const page = (
      <HydrationProvider>
        <Control />
      </HydrationProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    expect(container.textContent).toBe('form');

    const renders: string[] = [];
    const observer = new MutationObserver(() => renders.push(container.textContent ?? ''));
    observer.observe(container, { subtree: true, characterData: true, childList: true });
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError: recoverable });
      await Promise.resolve();
    });
    observer.disconnect();

    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toBe('app');
    expect(renders).toEqual(['app']);
  });

  it('is true from the first render of a page the browser draws itself, and outside the provider', () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Control />);
    // renderToString runs here in a document too: outside the provider, a browser's render is the app's.
    expect(container.textContent).toBe('app');
    const inProvider = document.createElement('div');
    inProvider.innerHTML = renderToString(
      <HydrationProvider>
        <Control />
      </HydrationProvider>,
    );
    expect(inProvider.textContent).toBe('app');
  });
});
