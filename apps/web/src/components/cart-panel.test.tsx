import { STORAGE_KEYS } from '@scholar/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../lib/i18n';
import { BookCards } from '../features/books/components/book-grid';
import { aCartBook } from '../test/cart';
import { json, renderWithProviders } from '../test/render';
import { signedInAs } from '../test/session';
import { useCartPanel } from './cart-panel';

afterEach(() => vi.unstubAllGlobals());

/** A page with a button that "adds" a book and opens the panel, and text elsewhere to click. */
function Adder() {
  const { show, panel } = useCartPanel();
  return (
    <>
      <button
        type="button"
        onClick={(event) =>
          show({ name: 'Riyad as-Salihin', language: 'bengali', quantity: 2 }, event.currentTarget)
        }
      >
        Add
      </button>
      <p>Elsewhere on the page</p>
      {panel}
    </>
  );
}

function open(element = <Adder />) {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/cart', element: <h1>Cart page</h1> },
      { path: '/guest/checkout', element: <h1>Guest checkout page</h1> },
      { path: '/checkout', element: <h1>Checkout page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(router);
  return router;
}

/** Two copies of a ₹449.50 book and one of a ₹120 one in the guest's cart. */
const guestCart = () =>
  localStorage.setItem(
    STORAGE_KEYS.localCart,
    JSON.stringify([
      { ...aCartBook(), quantity: 2, selectedLanguage: 'bengali' },
      {
        ...aCartBook({ _id: '0190b0a0-0000-7000-8000-000000000002', name: 'Other', price: 120 }),
        quantity: 1,
      },
    ]),
  );

describe('the cart panel', () => {
  it('tells what was added, the count and subtotal, and leads to the cart and the checkout', async () => {
    guestCart();
    const user = userEvent.setup();
    const router = open();
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const panel = await screen.findByRole('dialog', { name: 'Added to guest cart!' });
    expect(panel).toHaveAttribute('aria-modal', 'false');
    expect(panel).toHaveFocus();
    expect(panel).toHaveTextContent('Riyad as-Salihin (Bengali), quantity 2');
    expect(panel).toHaveTextContent('3 books in your cart · Subtotal: ₹1,019.00');
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/guest/checkout');
    await user.click(screen.getByRole('link', { name: 'Checkout' }));
    expect(await screen.findByRole('heading', { name: 'Guest checkout page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/guest/checkout');
  });

  it('closes with Escape, Close or Continue shopping, giving the focus back to the button', async () => {
    guestCart();
    const user = userEvent.setup();
    open();
    const add = await screen.findByRole('button', { name: 'Add' });
    await user.click(add);
    expect(await screen.findByRole('dialog')).toHaveFocus();
    // The focus stays in the panel's order: Tab reaches its Close button, links and Continue shopping.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(add).toHaveFocus();

    await user.click(add);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(add).toHaveFocus();

    await user.click(add);
    await user.click(await screen.findByRole('button', { name: 'Continue shopping' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(add).toHaveFocus();
  });

  it('is not modal: a click elsewhere on the page closes it and leaves the focus there', async () => {
    guestCart();
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByText('Elsewhere on the page'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leads a signed-in customer to their checkout, the count from their server cart', async () => {
    const customer = signedInAs('user');
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/auth/me') return json(200, { success: true, data: { user: customer } });
      if (path === '/api/cart')
        return json(200, {
          success: true,
          data: { cart: [{ ...aCartBook(), quantity: 4, selectedLanguage: 'english', available: true }] },
        });
      return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const panel = await screen.findByRole('dialog', { name: 'Added to cart successfully!' });
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
    await waitFor(() => expect(panel).toHaveTextContent('4 books in your cart · Subtotal: ₹1,798.00'));
  });

  it('reads in Urdu', async () => {
    guestCart();
    const urdu = await loadI18n('ur');
    const user = userEvent.setup();
    open(
      <LocaleProvider i18n={urdu}>
        <Adder />
      </LocaleProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    await screen.findByRole('dialog', { name: 'مہمان کارٹ میں شامل ہو گئی!' });
    expect(screen.getByRole('link', { name: 'کارٹ دیکھیں' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'چیک آؤٹ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'بند کریں' })).toBeInTheDocument();
  });
});

describe("a book card's Add to Cart", () => {
  const books = [
    {
      ...aCartBook(),
      stock: null,
      editions: [{ language: 'english' as const, stock: null, price: 449.5, ownPrice: false }],
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    },
    {
      ...aCartBook({ _id: '0190b0a0-0000-7000-8000-000000000002', name: 'Sold out' }),
      stock: 0,
      editions: [{ language: 'english' as const, stock: 0, price: 449.5, ownPrice: false }],
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    },
  ];

  it('puts one copy in the guest cart and opens the panel; a sold-out book cannot be added', async () => {
    const user = userEvent.setup();
    open(<BookCards books={books} />);
    const add = await screen.findByRole('button', { name: 'Add to Cart: Riyad as-Salihin' });
    expect(screen.getByRole('button', { name: 'Add to Cart: Sold out' })).toBeDisabled();
    await user.click(add);
    const panel = await screen.findByRole('dialog', { name: 'Added to guest cart!' });
    expect(panel).toHaveTextContent('Riyad as-Salihin (English), quantity 1');
    expect(panel).toHaveTextContent('1 book in your cart · Subtotal: ₹449.50');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.localCart) ?? '[]')).toEqual([
      expect.objectContaining({ _id: books[0]!._id, quantity: 1, selectedLanguage: 'english' }),
    ]);
    await user.keyboard('{Escape}');
    expect(add).toHaveFocus();
  });

  it('is not offered to staff, who have no cart', async () => {
    signedInAs('admin');
    open(<BookCards books={books} />);
    expect(await screen.findByRole('link', { name: 'Riyad as-Salihin' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).not.toBeInTheDocument();
  });
});
