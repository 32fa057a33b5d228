import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollRestoration, useScrollToTopOnNavigate } from './scroll';

function Page({ name }: { name: string }) {
  useScrollToTopOnNavigate();
  const navigate = useNavigate();
  return (
    <>
      <h1>{name}</h1>
      <Link to="/a">to a</Link>
      <Link to="/b">to b</Link>
      <Link to="/b?tab=2">b with a query</Link>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
    </>
  );
}

const scrollToMock = vi.fn();
beforeEach(() => vi.stubGlobal('scrollTo', scrollToMock));
afterEach(() => {
  scrollToMock.mockReset();
  vi.unstubAllGlobals();
});

describe('useScrollToTopOnNavigate', () => {
  it('jumps to the top on forward navigation to a new path, not on back or a query change', async () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Routes>
          <Route path="*" element={<Page name="page" />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(scrollToMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('link', { name: 'to b' }));
    expect(scrollToMock).toHaveBeenCalledTimes(1);
    expect(scrollToMock).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });

    fireEvent.click(screen.getByRole('link', { name: 'b with a query' }));
    expect(scrollToMock).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    await screen.findByRole('heading');
    expect(scrollToMock).toHaveBeenCalledTimes(1);
  });
});

function RestoringPage() {
  useScrollToTopOnNavigate();
  useScrollRestoration();
  const navigate = useNavigate();
  return (
    <>
      <Link to="/list?page=2">list</Link>
      <Link to="/item">item</Link>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        forward
      </button>
    </>
  );
}

/** The page as the browser would have it: its height and how far it is scrolled. */
function pageIs({ height, scrolled }: { height?: number; scrolled?: number }) {
  if (height !== undefined)
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: height, configurable: true });
  if (scrolled !== undefined) {
    Object.defineProperty(window, 'scrollY', { value: scrolled, configurable: true, writable: true });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
  }
}

describe('useScrollRestoration', () => {
  beforeEach(() => {
    sessionStorage.clear();
    pageIs({ height: 5000, scrolled: 0 });
  });

  it('returns to where a page was scrolled on Back and Forward, once the page is tall enough again', async () => {
    render(
      <MemoryRouter initialEntries={['/list?page=2']}>
        <Routes>
          <Route path="*" element={<RestoringPage />} />
        </Routes>
      </MemoryRouter>,
    );
    pageIs({ scrolled: 1800 });
    fireEvent.click(screen.getByRole('link', { name: 'item' }));
    expect(scrollToMock).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });
    // The item's page is short, and scrolled a little.
    pageIs({ height: 1000, scrolled: 100 });
    scrollToMock.mockClear();

    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    // The list has not arrived yet: nothing moves until the page can be scrolled that far.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scrollToMock).not.toHaveBeenCalled();
    pageIs({ height: 5000 });
    await waitFor(() =>
      expect(scrollToMock).toHaveBeenCalledWith({ top: 1800, left: 0, behavior: 'instant' }),
    );
    pageIs({ scrolled: 1800 });

    scrollToMock.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'forward' }));
    await waitFor(() =>
      expect(scrollToMock).toHaveBeenCalledWith({ top: 100, left: 0, behavior: 'instant' }),
    );
  });

  it('starts a page opened afresh at the top, and keeps the positions through a reload', async () => {
    sessionStorage.setItem('scrollPositions', JSON.stringify([['default', 700]]));
    const view = render(
      <MemoryRouter initialEntries={['/list']}>
        <Routes>
          <Route path="*" element={<RestoringPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scrollToMock).not.toHaveBeenCalled();
    pageIs({ scrolled: 900 });
    view.unmount();
    expect(JSON.parse(sessionStorage.getItem('scrollPositions') ?? '[]')).toEqual([['default', 900]]);

    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: 'reload' } as unknown as PerformanceEntry,
    ]);
    render(
      <MemoryRouter initialEntries={['/list']}>
        <Routes>
          <Route path="*" element={<RestoringPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(scrollToMock).toHaveBeenCalledWith({ top: 900, left: 0, behavior: 'instant' }),
    );
    vi.restoreAllMocks();
  });
});
