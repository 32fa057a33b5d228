import { formatMoneyIn, STORAGE_KEYS, type Book, type Locale } from '@scholar/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { fakeApi, inEditions, renderRoute, sampleBook } from '../testing';
import { BookCard } from './book-card';
import { BookCards } from './book-grid';

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

  it("shows the name and author in the page's language, and the English ones marked as English where there are none", async () => {
    const translated = {
      ...book,
      translations: { ur: { name: 'ریاض الصالحین', author: 'امام نووی', description: '' } },
    };
    const urdu = await loadI18n('ur');
    render(
      <MemoryRouter>
        <LocaleProvider i18n={urdu}>
          <BookCard book={translated} />
        </LocaleProvider>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'ریاض الصالحین' });
    expect(link).not.toHaveAttribute('lang');
    expect(screen.getByText('امام نووی')).toBeInTheDocument();
    expect(screen.queryByText('Riyad as-Salihin')).not.toBeInTheDocument();

    render(
      <MemoryRouter>
        <LocaleProvider i18n={await loadI18n('bn')}>
          <BookCard book={translated} />
        </LocaleProvider>
      </MemoryRouter>,
    );
    const english = screen.getByRole('link', { name: 'Riyad as-Salihin' });
    expect(english).toHaveAttribute('lang', 'en');
    // The chip says which language the reader is about to read; the heading's name stays the book's.
    expect(english.parentElement).toHaveTextContent('Riyad as-SalihinEnglish');
    expect(screen.getByRole('heading', { name: 'Riyad as-Salihin' })).toBeInTheDocument();
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

  it("offers the 400 and 800 px variants of an uploaded cover (and a demo cover's) through srcset, not for other images", () => {
    render(
      <MemoryRouter>
        <BookCard book={{ ...book, images: ['/api/uploads/books/0123456789abcdef0123456789abcdef.jpg'] }} />
        <BookCard book={{ ...book, name: 'Demo', images: ['/api/uploads/demo/book-1.webp'] }} />
        <BookCard book={{ ...book, name: 'Elsewhere', images: ['https://images.example.com/cover.jpg'] }} />
      </MemoryRouter>,
    );
    const uploaded = screen.getByAltText('Cover of Riyad as-Salihin');
    expect(uploaded).toHaveAttribute('src', '/api/uploads/books/0123456789abcdef0123456789abcdef.jpg');
    expect(uploaded.getAttribute('srcset')).toBe(
      '/api/uploads/books/0123456789abcdef0123456789abcdef-400.webp 400w, /api/uploads/books/0123456789abcdef0123456789abcdef-800.webp 800w',
    );
    expect(uploaded.getAttribute('sizes')).toContain('50vw');
    expect(screen.getByAltText('Cover of Demo').getAttribute('srcset')).toBe(
      '/api/uploads/demo/book-1-400.webp 400w, /api/uploads/demo/book-1-800.webp 800w',
    );
    const elsewhere = screen.getByAltText('Cover of Elsewhere');
    expect(elsewhere).not.toHaveAttribute('srcset');
    expect(elsewhere).not.toHaveAttribute('sizes');
  });

  it('says "Only N left" at 5 copies or fewer of the edition it shows and "out of stock" at 0, nothing otherwise', () => {
    const counted = (name: string, stock: number | null) => ({
      ...book,
      name,
      stock,
      editions: [{ language: 'english' as const, stock, price: 449.5, ownPrice: false }],
    });
    render(
      <MemoryRouter>
        <BookCard book={counted('Few', 5)} />
        <BookCard book={counted('None', 0)} />
        <BookCard book={counted('Many', 6)} />
        <BookCard book={counted('Untracked', null)} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Only 5 left')).toBeInTheDocument();
    expect(screen.getByText('English edition: out of stock')).toBeInTheDocument();
    expect(screen.getAllByText(/left$|out of stock$/)).toHaveLength(2);
    expect(screen.getAllByText('English edition')).toHaveLength(3);
  });
});

describe("a book card's edition", () => {
  // A book at ₹540 in English, and in Bengali at ₹495 of its own.
  const twoPrices = (bengaliStock: number | null = null): Book =>
    inEditions(
      [
        { language: 'english', stock: 7 },
        { language: 'bengali', stock: bengaliStock, price: 495 },
      ],
      { ...sampleBook, price: 540 },
    );
  const listIn = async (locale: Locale, books: Book[]) => {
    fakeApi({});
    return renderRoute(
      <LocaleProvider i18n={await loadI18n(locale)}>
        <BookCards books={books} />
      </LocaleProvider>,
      { path: '/books', pattern: '/books' },
    );
  };
  const guestCart = () =>
    JSON.parse(localStorage.getItem(STORAGE_KEYS.localCart) ?? '[]') as {
      selectedLanguage: string;
      price: number;
      quantity: number;
    }[];
  const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('article')!;

  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows on a Bengali page the price of the Bengali edition, which its Add to Cart puts in the cart', async () => {
    const user = userEvent.setup();
    await listIn('bn', [twoPrices()]);
    const add = await screen.findByRole('button', { name: `কার্টে যোগ করুন: ${sampleBook.name}` });
    await waitFor(() => expect(add).toBeEnabled());
    const card = cardOf(sampleBook.name);
    expect(within(card).getByText('বাংলা সংস্করণ')).toBeInTheDocument();
    const shown = within(card).getByText(formatMoneyIn('bn', 495));
    expect(within(card).queryByText(formatMoneyIn('bn', 540))).not.toBeInTheDocument();
    expect(add).toHaveAccessibleDescription(`বাংলা সংস্করণ ${formatMoneyIn('bn', 495)}`);

    await user.click(add);
    await screen.findByRole('dialog');
    const [line, ...others] = guestCart();
    expect(others).toEqual([]);
    expect(line).toMatchObject({ selectedLanguage: 'bengali', quantity: 1 });
    // What the card showed is what was added.
    expect(shown).toHaveTextContent(formatMoneyIn('bn', line!.price));
  });

  it('shows the English edition at its price on an English page', async () => {
    await listIn('en', [twoPrices()]);
    const card = cardOf(sampleBook.name);
    expect(within(card).getByText('English edition')).toBeInTheDocument();
    expect(within(card).getByText('₹540.00')).toBeInTheDocument();
  });

  it('says the Bengali edition is out of stock on a Bengali page, and adds no other edition in its place', async () => {
    const user = userEvent.setup();
    await listIn('bn', [twoPrices(0)]);
    const add = await screen.findByRole('button', { name: `কার্টে যোগ করুন: ${sampleBook.name}` });
    const card = cardOf(sampleBook.name);
    expect(within(card).getByText('বাংলা সংস্করণ: স্টকে নেই')).toBeInTheDocument();
    expect(within(card).getByText(formatMoneyIn('bn', 495))).toBeInTheDocument();
    expect(add).toBeDisabled();
    await user.click(add);
    expect(guestCart()).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The ask to be told when it is back, on the book's page, which opens on this same edition.
    const notify = within(card).getByRole('link', { name: `আবার এলে আমাকে জানান (${sampleBook.name})` });
    expect(notify.getAttribute('href')).toMatch(new RegExp(`/book/${sampleBook._id}#notify$`));
  });

  it("names another edition, in the page's language, for a book not printed in it", async () => {
    const user = userEvent.setup();
    const urduOnly = inEditions(
      [
        { language: 'english', stock: 0 },
        { language: 'urdu', stock: 3, price: 520 },
      ],
      { ...sampleBook, price: 540 },
    );
    await listIn('bn', [urduOnly]);
    const add = await screen.findByRole('button', { name: `কার্টে যোগ করুন: ${sampleBook.name}` });
    await waitFor(() => expect(add).toBeEnabled());
    const card = cardOf(sampleBook.name);
    expect(within(card).getByText('উর্দু সংস্করণ')).toBeInTheDocument();
    expect(within(card).getByText(formatMoneyIn('bn', 520))).toBeInTheDocument();
    expect(within(card).getByText('মাত্র ৩টি বাকি')).toBeInTheDocument();
    await user.click(add);
    await screen.findByRole('dialog');
    expect(guestCart()).toEqual([expect.objectContaining({ selectedLanguage: 'urdu', price: 520 })]);
  });

  it('names the edition in Urdu on an Urdu page', async () => {
    await listIn('ur', [
      inEditions(
        [
          { language: 'english', stock: 7 },
          { language: 'urdu', stock: 0, price: 510 },
        ],
        { ...sampleBook, price: 540 },
      ),
    ]);
    const card = cardOf(sampleBook.name);
    expect(await within(card).findByText('اردو ایڈیشن: اسٹاک میں نہیں')).toBeInTheDocument();
    expect(within(card).getByText(formatMoneyIn('ur', 510))).toBeInTheDocument();
  });
});
