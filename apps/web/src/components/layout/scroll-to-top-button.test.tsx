import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../lib/session';
import { Header } from './header';
import { ScrollToTopButton } from './scroll-to-top-button';

/** A page 3000px tall in a 1000px window: 2000px can be scrolled. */
function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  act(() => {
    fireEvent.scroll(window);
  });
}

const scrollToMock = vi.fn();

beforeEach(() => {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 3000 });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 1000 });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  vi.stubGlobal('scrollTo', scrollToMock);
});
afterEach(() => {
  scrollToMock.mockReset();
  vi.unstubAllGlobals();
});

describe('ScrollToTopButton', () => {
  it('appears only beyond 25% of the scrollable height and scrolls smoothly to the top', () => {
    render(<ScrollToTopButton />);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();

    scrollTo(500); // exactly 25%
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();

    scrollTo(520); // 26%
    const button = screen.getByRole('button', { name: 'Scroll to top' });
    expect(button).toHaveClass('fixed', 'bottom-6', 'end-6', 'rounded-full');

    fireEvent.click(button);
    expect(scrollToMock).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });

    scrollTo(100);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
  });

  it('stays hidden on a page too short to scroll', () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 800 });
    render(<ScrollToTopButton />);
    scrollTo(0);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
  });
});

describe('Translucent navigation bar', () => {
  it('turns translucent beyond 5% of the scrollable height', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SessionProvider>
            <Header />
          </SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-translucent', 'false');
    expect(header).toHaveClass('bg-white');

    scrollTo(100); // exactly 5%
    expect(header).toHaveAttribute('data-translucent', 'false');

    scrollTo(120); // 6%
    expect(header).toHaveAttribute('data-translucent', 'true');
    expect(header).toHaveClass('bg-white/80', 'backdrop-blur-md');

    scrollTo(0);
    expect(header).toHaveAttribute('data-translucent', 'false');
  });
});
