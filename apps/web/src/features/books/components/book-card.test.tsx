import { render, screen } from '@testing-library/react';
import { fireEvent } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BookCard } from './book-card';

const book = {
  _id: '0190b0a0-0000-7000-8000-000000000001',
  name: 'Riyad as-Salihin',
  description: 'Gardens of the righteous.',
  author: 'Imam an-Nawawi',
  price: 449.5,
  images: ['uploads/cover.webp'],
  stock: null as number | null,
  editions: [{ language: 'english' as const, stock: null, price: 449.5, ownPrice: false }],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('BookCard', () => {
  it('shows the name, author, price with 2 decimals and links to the book', () => {
    render(
      <MemoryRouter>
        <BookCard book={book} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Riyad as-Salihin' })).toBeInTheDocument();
    expect(screen.getByText('Imam an-Nawawi')).toBeInTheDocument();
    expect(screen.getByText('₹449.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Riyad as-Salihin' })).toHaveAttribute(
      'href',
      `/book/${book._id}`,
    );
    expect(screen.getByRole('img')).toHaveAttribute('src', '/api/uploads/cover.webp');
  });

  it('falls back to the placeholder when the image fails', () => {
    render(
      <MemoryRouter>
        <BookCard book={{ ...book, images: [] }} />
      </MemoryRouter>,
    );
    const img = screen.getByRole('img');
    expect(img).toHaveAttribute('src', '/placeholder-book.svg');
    render(
      <MemoryRouter>
        <BookCard book={{ ...book, name: 'Other' }} />
      </MemoryRouter>,
    );
    const other = screen.getByAltText('Cover of Other');
    fireEvent.error(other);
    expect(other.getAttribute('src')).toBe('/placeholder-book.svg');
  });

  it('offers the 400 and 800 px variants of an uploaded cover through srcset, not for other images', () => {
    render(
      <MemoryRouter>
        <BookCard book={{ ...book, images: ['/api/uploads/books/0123456789abcdef0123456789abcdef.jpg'] }} />
        <BookCard book={{ ...book, name: 'Demo', images: ['/api/uploads/demo/book-1.webp'] }} />
      </MemoryRouter>,
    );
    const uploaded = screen.getByAltText('Cover of Riyad as-Salihin');
    expect(uploaded).toHaveAttribute('src', '/api/uploads/books/0123456789abcdef0123456789abcdef.jpg');
    expect(uploaded.getAttribute('srcset')).toBe(
      '/api/uploads/books/0123456789abcdef0123456789abcdef-400.webp 400w, /api/uploads/books/0123456789abcdef0123456789abcdef-800.webp 800w',
    );
    expect(uploaded.getAttribute('sizes')).toContain('50vw');
    const demo = screen.getByAltText('Cover of Demo');
    expect(demo).not.toHaveAttribute('srcset');
    expect(demo).not.toHaveAttribute('sizes');
  });

  it('says "Only N left" at 5 copies or fewer and "Out of stock" at 0, nothing otherwise', () => {
    render(
      <MemoryRouter>
        <BookCard book={{ ...book, name: 'Few', stock: 5 }} />
        <BookCard book={{ ...book, name: 'None', stock: 0 }} />
        <BookCard book={{ ...book, name: 'Many', stock: 6 }} />
        <BookCard book={{ ...book, name: 'Untracked', stock: null }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Only 5 left')).toBeInTheDocument();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getAllByText(/left$|Out of stock/)).toHaveLength(2);
  });
});
