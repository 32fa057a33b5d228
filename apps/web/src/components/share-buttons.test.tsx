import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareButtons } from './share-buttons';

const url = 'https://darulilm.example/articles/0190b0a0-0000-7000-8000-000000000001';
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  vi.useFakeTimers();
  writeText.mockReset();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const icon = () =>
  screen.getByRole('button', { name: /link/i }).querySelector('[data-icon]')?.getAttribute('data-icon');

describe('ShareButtons', () => {
  it('links to WhatsApp, X and Facebook in a new tab with the page URL', () => {
    render(<ShareButtons url={url} title="Patience & Gratitude" />);
    const whatsApp = screen.getByRole('link', { name: /share on whatsapp/i });
    expect(whatsApp).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Patience & Gratitude ${url}`)}`,
    );
    expect(whatsApp).toHaveAttribute('target', '_blank');
    expect(whatsApp).toHaveAttribute('rel', 'noopener noreferrer');
    const x = screen.getByRole('link', { name: /share on x/i });
    expect(x).toHaveAttribute(
      'href',
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=Patience%20%26%20Gratitude`,
    );
    expect(x).toHaveAttribute('target', '_blank');
    expect(x).toHaveAttribute('rel', 'noopener noreferrer');
    const facebook = screen.getByRole('link', { name: /share on facebook/i });
    expect(facebook).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    );
    expect(facebook).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Share:')).toBeInTheDocument();
  });

  it('copies the link and shows a check for 2 seconds', async () => {
    writeText.mockResolvedValue(undefined);
    render(<ShareButtons url={url} title="Title" />);
    expect(icon()).toBe('link');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    expect(writeText).toHaveBeenCalledWith(url);
    expect(screen.getByRole('button', { name: 'Link copied' })).toBeInTheDocument();
    expect(icon()).toBe('check');
    expect(screen.getByRole('status')).toHaveTextContent('Link copied to clipboard');

    await act(() => vi.advanceTimersByTime(1999));
    expect(icon()).toBe('check');
    await act(() => vi.advanceTimersByTime(1));
    expect(icon()).toBe('link');
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('a second copy restarts the 2 seconds', async () => {
    writeText.mockResolvedValue(undefined);
    render(<ShareButtons url={url} title="Title" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    await act(() => vi.advanceTimersByTime(1500));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Link copied' }));
    });
    await act(() => vi.advanceTimersByTime(1500));
    expect(icon()).toBe('check');
    await act(() => vi.advanceTimersByTime(500));
    expect(icon()).toBe('link');
  });

  it('logs a failed copy and shows no feedback', async () => {
    const failure = new Error('denied');
    writeText.mockRejectedValue(failure);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<ShareButtons url={url} title="Title" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    expect(log).toHaveBeenCalledWith('Copying the link failed', failure);
    expect(icon()).toBe('link');
  });
});
