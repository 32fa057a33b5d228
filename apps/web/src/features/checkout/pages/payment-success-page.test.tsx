import { STORAGE_KEYS } from '@scholar/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { SessionProvider } from '../../../lib/session';
import { anOrder, anOrderItem } from '../../../test/orders';
import { signedInAs } from '../../../test/session';
import { successOrderOf } from '../lib/success-order';
import { renderRoute } from '../../../test/fake-api';
import { PaymentSuccessPage } from './payment-success-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The success page with `raw` stored as successOrder (as text: it may be anything). */
function show(raw: string | undefined) {
  if (raw !== undefined) localStorage.setItem(STORAGE_KEYS.successOrder, raw);
  // The session asks who is signed in: the stored user, if any.
  const user = localStorage.getItem(STORAGE_KEYS.user);
  vi.stubGlobal('fetch', async () =>
    user
      ? new Response(JSON.stringify({ success: true, data: { user: JSON.parse(user) } }))
      : new Response('{}', { status: 401 }),
  );
  renderRoute(<PaymentSuccessPage />, {
    path: '/payment/success',
    pattern: '/payment/success',
    others: [{ path: '/cart', element: <h1>Cart</h1> }],
  });
}

const valid = anOrder();

describe('PaymentSuccessPage', () => {
  it('lists each line with labelled figures: name, Qty × price, and the line total in its own column', () => {
    show(JSON.stringify(anOrder({ items: [anOrderItem({ selectedLanguage: 'urdu' })] })));
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Items' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Item', 'Qty', 'Price', 'Total']);
    const [, line] = within(table).getAllByRole('row');
    const cells = within(line!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Sahih Muslim');
    expect(cells[0]).toHaveTextContent('Language: Urdu');
    // On a phone the quantity and price are read under the name, with their labels.
    expect(within(cells[0]!).getByText('Qty 2 × ₹475.00')).toHaveClass('sm:hidden');
    expect(cells.at(-1)).toHaveTextContent(/^₹950\.00$/);
    const section = screen.getByRole('region', { name: 'Order' });
    expect(section).toHaveTextContent('Subtotal₹950.00');
    expect(section).toHaveTextContent('Delivery Charges₹50.00');
    expect(section).toHaveTextContent('Total₹1,000.00');
  });

  it("links a signed-in customer to the order's page in their account", async () => {
    signedInAs('user');
    show(JSON.stringify(valid));
    expect(await screen.findByRole('link', { name: 'View this order in your account' })).toHaveAttribute(
      'href',
      `/order-details/${valid._id}`,
    );
  });

  it('gives a guest, who has no account, a sentence instead of a link', () => {
    show(JSON.stringify(valid));
    expect(screen.queryByRole('link', { name: /in your account/ })).toBeNull();
    expect(screen.getByText(/Keep your order number, ORD-20261122-ABC123/)).toBeInTheDocument();
  });

  // What the verification answers without the buyer's session: no contact details, no address.
  const { contactDetails: _contact, shippingAddress: _address, fulfillment: _f, ...receipt } = valid;

  it("shows a receipt without the buyer's details, and a guest's own details when this browser kept them", () => {
    show(JSON.stringify(successOrderOf(receipt, null)));
    const section = screen.getByRole('region', { name: 'Order' });
    expect(section).toHaveTextContent('ORD-20261122-ABC123');
    expect(section).toHaveTextContent('Total₹1,000.00');
    expect(screen.getByText(/A confirmation has been sent to your email address/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Contact Details' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Delivery Address' })).toBeNull();
    cleanup();

    const typed = {
      name: 'Imran Sheikh',
      email: 'imran.guest@example.com',
      phone: '9831122334',
      address: { addressLine1: '5 Zakaria Street', city: 'Kolkata', state: 'West Bengal', pincode: '700073' },
    };
    show(JSON.stringify(successOrderOf(receipt, typed)));
    expect(screen.getByText(/A confirmation has been sent to imran.guest@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contact Details' }).parentElement).toHaveTextContent(
      'Imran Sheikhimran.guest@example.com9831122334',
    );
    expect(screen.getByText(/5 Zakaria Street/)).toHaveTextContent(
      '5 Zakaria StreetKolkata, West Bengal 700073',
    );
  });

  it("keeps the whole order as the server answered it to the buyer's session, its expected delivery where a receipt has it", () => {
    expect(successOrderOf(valid, { name: 'Someone else' } as never)).toEqual({
      ...valid,
      estimatedDelivery: null,
    });
  });

  it('says "Order Placed!", not "Payment Successful!", for cash on delivery, whose money comes at the door', () => {
    show(JSON.stringify(anOrder({ paymentMethod: 'cod' })));
    expect(screen.getByRole('heading', { level: 1, name: 'Order Placed!' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).toBeNull();
    expect(document.title).toMatch(/^Order Placed!/);
  });

  it('shows the expected delivery of a receipt, and of a whole order, as the site writes dates', () => {
    show(JSON.stringify(successOrderOf({ ...receipt, estimatedDelivery: '2026-12-02' }, null)));
    expect(screen.getByRole('region', { name: 'Order' })).toHaveTextContent('Expected delivery2 Dec 2026');
    cleanup();

    const whole = anOrder({ fulfillment: { ...valid.fulfillment, estimatedDelivery: '2026-12-05' } });
    show(JSON.stringify(successOrderOf(whole, null)));
    expect(screen.getByRole('region', { name: 'Order' })).toHaveTextContent('Expected delivery5 Dec 2026');
    cleanup();

    show(JSON.stringify(successOrderOf(receipt, null)));
    expect(screen.getByRole('region', { name: 'Order' })).not.toHaveTextContent('Expected delivery');
  });

  const { subtotal: _subtotal, ...withoutSubtotal } = valid;
  const broken: [string, string][] = [
    ['broken JSON', '{"orderNumber": "ORD-1", '],
    ['not an object', '42'],
    ['null', 'null'],
    ['a list', '[]'],
    ['items that are not a list', JSON.stringify({ ...valid, items: 'two books' })],
    ['no totals', JSON.stringify(withoutSubtotal)],
    ['a line without its fields', JSON.stringify({ ...valid, items: [{ name: 'Sahih Muslim' }] })],
    ['contact details without the email', JSON.stringify({ ...valid, contactDetails: { name: 'Aisha' } })],
    ['a total that is text', JSON.stringify({ ...valid, amount: '₹1000' })],
  ];
  for (const [what, raw] of broken) {
    it(`treats a stored order with ${what} as no order: no crash, back to the cart`, async () => {
      show(raw);
      expect(screen.getByRole('heading', { name: 'Payment System Updated' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).toBeNull();
    });
  }

  it('treats a missing order the same way and goes to the cart after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      show(undefined);
      expect(screen.getByRole('heading', { name: 'Payment System Updated' })).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(3000);
      expect(await screen.findByRole('heading', { name: 'Cart' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('PaymentSuccessPage in Urdu and Bengali', () => {
  async function showIn(locale: 'ur' | 'bn', raw: string) {
    localStorage.setItem(STORAGE_KEYS.successOrder, raw);
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 401 }));
    const i18n = await loadI18n(locale);
    const router = createMemoryRouter(
      [
        {
          path: '/payment/success',
          element: (
            <LocaleProvider i18n={i18n}>
              <PaymentSuccessPage />
            </LocaleProvider>
          ),
        },
      ],
      { initialEntries: ['/payment/success'] },
    );
    return render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>,
    );
  }

  it('thanks the buyer and lists the order in Urdu: its lines, totals, date and the order number to keep', async () => {
    await showIn('ur', JSON.stringify(anOrder({ items: [anOrderItem({ selectedLanguage: 'urdu' })] })));
    expect(screen.getByRole('heading', { name: 'ادائیگی کامیاب!' })).toBeInTheDocument();
    expect(screen.getByText(/تصدیق user@example.com پر بھیج دی گئی ہے/)).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'آرڈر' });
    expect(within(section).getByText('آرڈر نمبر').nextSibling).toHaveTextContent('ORD-20261122-ABC123');
    expect(within(section).getByText('تاریخ').nextSibling).toHaveTextContent(/^22 نومبر، 2026.*IST$/);
    expect(within(section).getByText('رقم').nextSibling).toHaveTextContent('₹1,000.00');
    const table = screen.getByRole('table', { name: 'چیزیں' });
    expect(table).toHaveTextContent('زبان: اردو');
    expect(within(table).getByText('تعداد 2 × \u2066₹475.00\u2069')).toHaveClass('sm:hidden');
    expect(within(table).getByRole('columnheader', { name: 'قیمت' })).toBeInTheDocument();
    expect(section).toHaveTextContent('ذیلی کل₹950.00');
    expect(section).toHaveTextContent('ترسیل کے اخراجات₹50.00');
    expect(section).toHaveTextContent('کل₹1,000.00');
    expect(screen.getByRole('heading', { name: 'ترسیل کا پتہ' })).toBeInTheDocument();
    expect(screen.getByText(/اپنا آرڈر نمبر ORD-20261122-ABC123 سنبھال کر رکھیں/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'خریداری جاری رکھیں' })).toBeInTheDocument();
  });

  it('reads a cash-on-delivery order with a coupon in Bengali: every sum, then the total last, then what to pay in cash', async () => {
    const cod = anOrder({
      paymentMethod: 'cod',
      couponCode: 'EID15',
      subtotal: 240,
      shipping: 50,
      discount: 36,
      codFee: 30,
      amount: 284,
      items: [anOrderItem({ price: 120, selectedLanguage: 'bengali' })],
    });
    await showIn('bn', JSON.stringify(successOrderOf(cod, null)));
    const summary = screen.getByTestId('money-summary');
    const sums = within(summary)
      .getAllByRole('term')
      .map((term) => `${term.textContent}${term.nextElementSibling?.textContent}`);
    // Subtotal, delivery, discount, fee and then the total: the lines above the total add up to it.
    expect(sums.slice(0, 5)).toEqual([
      'উপমোট₹২৪০.০০',
      'ডেলিভারি চার্জ₹৫০.০০',
      'ছাড় (EID15)−₹৩৬.০০',
      'ক্যাশ অন ডেলিভারি ফি₹৩০.০০',
      'মোট₹২৮৪.০০',
    ]);
    expect(within(summary).getAllByTestId('order-total')).toHaveLength(1);
    expect(summary).toHaveTextContent('ডেলিভারির সময় ₹২৮৪.০০ নগদে পরিশোধ করুন');
    expect(summary).not.toHaveTextContent('অনলাইনে পরিশোধিত');
  });

  it('writes the amounts and the date in Bengali digits, and names the language in Bengali', async () => {
    await showIn('bn', JSON.stringify(anOrder({ items: [anOrderItem({ selectedLanguage: 'bengali' })] })));
    expect(screen.getByRole('heading', { name: 'পেমেন্ট সফল!' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveTextContent('ভাষা: বাংলা');
    const section = screen.getByRole('region', { name: 'অর্ডার' });
    expect(within(section).getByText('টাকার পরিমাণ').nextSibling).toHaveTextContent('₹১,০০০.০০');
    expect(within(section).getByText('তারিখ').nextSibling).toHaveTextContent(/^২২ নভে/);
    expect(section).toHaveTextContent('মোট₹১,০০০.০০');
  });
});
