import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollToTopOnNavigate } from './scroll';

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
