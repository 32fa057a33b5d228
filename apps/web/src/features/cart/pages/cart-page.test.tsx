import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { guestCart } from '../../../lib/guest-cart';
import { SessionProvider } from '../../../lib/session';
import { CartPage } from './cart-page';

const book = (n: number, name: string, images: string[]) => ({
  _id: `0190b0a0-0000-7000-8000-${String(n).padStart(12, '0')}`,
  name,
  author: 'Imam an-Nawawi',
  description: '',
  price: 449.5,
  images,
});

function renderCart() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider onExpired={() => undefined}>
        <MemoryRouter>
          <CartPage />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('cart line thumbnails', () => {
  it("offer an uploaded cover's 400 and 800 px variants for an 80 px slot, and fall back to the placeholder", () => {
    guestCart.add(book(1, 'Riyad', ['/api/uploads/books/0123456789abcdef0123456789abcdef.jpg']), 1);
    guestCart.add(book(2, 'Demo cover', ['/api/uploads/demo/book-1.webp']), 1);
    guestCart.add(book(3, 'No cover', []), 1);
    renderCart();

    const uploaded = screen.getByAltText('Cover of Riyad');
    expect(uploaded.getAttribute('srcset')).toBe(
      '/api/uploads/books/0123456789abcdef0123456789abcdef-400.webp 400w, /api/uploads/books/0123456789abcdef0123456789abcdef-800.webp 800w',
    );
    expect(uploaded).toHaveAttribute('sizes', '80px');
    const demo = screen.getByAltText('Cover of Demo cover');
    expect(demo).toHaveAttribute('src', '/api/uploads/demo/book-1.webp');
    expect(demo).not.toHaveAttribute('srcset');
    expect(screen.getByAltText('Cover of No cover')).toHaveAttribute('src', '/placeholder-book.svg');

    // A cover that fails to load: the placeholder, with no variants left to try.
    fireEvent.error(uploaded);
    expect(uploaded).toHaveAttribute('src', '/placeholder-book.svg');
    expect(uploaded).not.toHaveAttribute('srcset');
  });
});
