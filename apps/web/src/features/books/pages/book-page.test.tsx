import { STORAGE_KEYS } from '@scholar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { fakeApi, inEditions, renderRoute, sampleBook, signedInAs, type FakeRoutes } from '../testing';
import { BookPage } from './book-page';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

const bookRoute: FakeRoutes = {
  [`GET /books/${sampleBook._id}`]: () => [200, { success: true, data: sampleBook }],
};
const open = (id = sampleBook._id) =>
  renderRoute(<BookPage />, { path: `/book/${id}`, pattern: '/book/:bookId' });

let cartEvents = 0;
const onCartChanged = () => {
  cartEvents += 1;
};
beforeEach(() => {
  cartEvents = 0;
  window.addEventListener('cart:changed', onCartChanged);
});
afterEach(() => {
  window.removeEventListener('cart:changed', onCartChanged);
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const guestCart = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.localCart) ?? 'null') as unknown;

describe('BookPage', () => {
  it('shows the carousel, name, author, price with 2 decimals and the description', async () => {
    fakeApi(bookRoute);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Riyad as-Salihin' })).toBeInTheDocument();
    expect(screen.getByText('Imam an-Nawawi')).toBeInTheDocument();
    expect(screen.getByText('₹449.50')).toBeInTheDocument();
    expect(screen.getByText(/Gardens of the righteous\./)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Images of Riyad as-Salihin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next image' })).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity')).toHaveValue(1);
  });

  it('adds to the guest cart for a guest, and adds up the same book', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(bookRoute);
    open();
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('dialog', { name: 'Added to guest cart!' })).toHaveFocus();
    const { _id, name, author, price, images, description } = sampleBook;
    expect(guestCart()).toEqual([
      { _id, name, author, price, images, description, quantity: 2, selectedLanguage: 'english' },
    ]);
    expect(cartEvents).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(cartEvents).toBe(2));
    expect(guestCart()).toEqual([expect.objectContaining({ _id, quantity: 4 })]);
    expect(calls.filter((call) => call.path.startsWith('/cart'))).toEqual([]);
  });

  it('keeps other guest cart lines when adding', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      STORAGE_KEYS.localCart,
      JSON.stringify([{ _id: 'other', name: 'Other', quantity: 1 }]),
    );
    fakeApi(bookRoute);
    open();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(cartEvents).toBe(1));
    expect(guestCart()).toEqual([
      { _id: 'other', name: 'Other', quantity: 1 },
      expect.objectContaining({ _id: sampleBook._id, quantity: 1 }),
    ]);
  });

  it("sends a signed-in customer's line to the server cart", async () => {
    const user = userEvent.setup();
    const customer = signedInAs('user');
    const calls = fakeApi(
      { ...bookRoute, 'POST /cart/add': () => [200, { success: true, data: { cart: [] } }] },
      customer,
    );
    open();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('dialog', { name: 'Added to cart successfully!' })).toHaveFocus();
    expect(calls.find((call) => call.path === '/cart/add')).toEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/cart/add',
        body: { bookId: sampleBook._id, quantity: 1, userId: customer._id, selectedLanguage: 'english' },
      }),
    );
    expect(cartEvents).toBe(1);
    expect(guestCart()).toBeNull();
  });

  it('says so when the server cart refuses', async () => {
    const user = userEvent.setup();
    const customer = signedInAs('user');
    fakeApi(bookRoute, customer); // no cart API yet: 404
    open();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to add to cart. Please try again.'));
    expect(cartEvents).toBe(0);
  });

  it('disables Add to Cart for an admin', async () => {
    fakeApi(bookRoute, signedInAs('admin'));
    open();
    const button = await screen.findByRole('button', { name: 'Add to Cart' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(screen.getByText('Admins cannot use the cart.')).toBeInTheDocument();
  });

  it("shows 'Book not found' for a missing book and for a malformed id", async () => {
    const calls = fakeApi({
      'GET /books/nope': () => [400, { success: false, error: 'Invalid id', code: 'VALIDATION_ERROR' }],
    });
    const { unmount } = open('0190b0a0-0000-7000-8000-000000000099');
    expect(await screen.findByRole('heading', { name: 'Book not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    unmount();
    open('nope');
    expect(await screen.findByRole('heading', { name: 'Book not found' })).toBeInTheDocument();
    // A missing book is not asked for again.
    expect(calls.filter((call) => call.path.startsWith('/books/'))).toHaveLength(2);
  });
});

describe('BookPage stock', () => {
  const withStock = (stock: number | null): FakeRoutes => ({
    [`GET /books/${sampleBook._id}`]: () => [
      200,
      { success: true, data: inEditions([{ language: 'english', stock }]) },
    ],
  });

  it('says "Out of stock" and disables Add to Cart at 0 copies', async () => {
    fakeApi(withStock(0));
    open();
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('says "Only 3 left" at 3 copies and refuses a fourth before asking the server', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(withStock(3));
    open();
    expect(await screen.findByText('Only 3 left')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    expect(add).toBeEnabled();
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.click(add);
    expect(toast.error).toHaveBeenCalledWith('Only 3 copies of Riyad as-Salihin are left');
    expect(guestCart()).toBeNull();
    expect(calls.filter((call) => call.path.startsWith('/cart'))).toHaveLength(0);
  });

  it('stops the quantity at 100 copies when more are left, and says so beside it', async () => {
    const user = userEvent.setup();
    for (const stock of [500, null]) {
      fakeApi(withStock(stock));
      const view = open();
      const quantity = await screen.findByLabelText('Quantity');
      const plus = screen.getByRole('button', { name: 'Increase quantity' });
      expect(quantity).toHaveAttribute('max', '100');
      expect(screen.queryByText('At most 100 copies of a book per order')).not.toBeInTheDocument();

      await user.clear(quantity);
      await user.type(quantity, '99');
      expect(plus).toBeEnabled();
      await user.click(plus);
      expect(quantity).toHaveValue(100);
      expect(plus).toBeDisabled();
      expect(quantity).toHaveAccessibleDescription('At most 100 copies of a book per order');

      // A larger number typed counts as 100.
      await user.clear(quantity);
      await user.type(quantity, '150');
      await user.tab();
      expect(quantity).toHaveValue(100);
      expect(screen.getByText('At most 100 copies of a book per order')).toBeInTheDocument();

      await user.clear(quantity);
      await user.type(quantity, '1');
      await user.tab();
      expect(quantity).toHaveValue(1);
      expect(screen.queryByText('At most 100 copies of a book per order')).not.toBeInTheDocument();
      view.unmount();
      localStorage.clear();
    }
  });

  it('stops at the copies left below 100 without the sentence, and adds 100 copies of a book with more', async () => {
    const user = userEvent.setup();
    fakeApi(withStock(40));
    const first = open();
    const quantity = await screen.findByLabelText('Quantity');
    expect(quantity).toHaveAttribute('max', '40');
    await user.clear(quantity);
    await user.type(quantity, '39');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.queryByText(/At most/)).not.toBeInTheDocument();
    first.unmount();

    fakeApi(withStock(null));
    open();
    const field = await screen.findByLabelText('Quantity');
    await user.clear(field);
    await user.type(field, '250');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('dialog', { name: 'Added to guest cart!' })).toHaveFocus();
    expect(guestCart()).toEqual([expect.objectContaining({ _id: sampleBook._id, quantity: 100 })]);
  });

  it('shows no stock label with more than 5 copies or when the stock is not tracked', async () => {
    fakeApi(withStock(6));
    open();
    await screen.findByRole('heading', { level: 1, name: 'Riyad as-Salihin' });
    expect(screen.queryByText(/left$|Out of stock/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });
});

describe('BookPage in Urdu', () => {
  const openInUrdu = async (id = sampleBook._id) =>
    renderRoute(
      <LocaleProvider i18n={await loadI18n('ur')}>
        <BookPage />
      </LocaleProvider>,
      { path: `/book/${id}`, pattern: '/book/:bookId' },
    );

  it('labels the price, quantity, carousel and Add to Cart in Urdu, the book itself as it is', async () => {
    fakeApi({
      [`GET /books/${sampleBook._id}`]: () => [
        200,
        {
          success: true,
          data: inEditions([{ language: 'english', stock: 3 }], { ...sampleBook, price: 125000 }),
        },
      ],
    });
    await openInUrdu();
    expect(await screen.findByRole('heading', { level: 1, name: 'Riyad as-Salihin' })).toBeInTheDocument();
    expect(screen.getByText('₹1,25,000.00').tagName).toBe('BDI');
    expect(screen.getByText('₹1,25,000.00').parentElement).toHaveTextContent('قیمت: ₹1,25,000.00');
    expect(screen.getByText('صرف 3 باقی')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Riyad as-Salihin کی تصاویر' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'اگلی تصویر' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Riyad as-Salihin، 3 میں سے تصویر 1' })).toBeInTheDocument();
    expect(screen.getByLabelText('تعداد')).toHaveValue(1);
    expect(screen.getByRole('heading', { name: 'تفصیل' })).toBeInTheDocument();
    expect(screen.getByText(/Gardens of the righteous\./)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'تعداد بڑھائیں' }));
    await user.click(screen.getByRole('button', { name: 'کارٹ میں ڈالیں' }));
    expect(await screen.findByRole('dialog', { name: 'مہمان کارٹ میں شامل ہو گئی!' })).toHaveFocus();
  });

  it('says in Urdu that 100 copies of a book are the most an order holds', async () => {
    fakeApi({
      [`GET /books/${sampleBook._id}`]: () => [
        200,
        { success: true, data: inEditions([{ language: 'english', stock: null }]) },
      ],
    });
    await openInUrdu();
    const user = userEvent.setup();
    const quantity = await screen.findByLabelText('تعداد');
    await user.clear(quantity);
    await user.type(quantity, '100');
    expect(screen.getByRole('button', { name: 'تعداد بڑھائیں' })).toBeDisabled();
    expect(screen.getByText('ایک آرڈر میں ایک کتاب کے زیادہ سے زیادہ 100 نسخے')).toBeInTheDocument();
  });

  it('refuses more copies than are left, and says a missing book is not found, in Urdu', async () => {
    fakeApi({
      [`GET /books/${sampleBook._id}`]: () => [
        200,
        { success: true, data: inEditions([{ language: 'english', stock: 2 }]) },
      ],
    });
    const view = await openInUrdu();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'تعداد بڑھائیں' }));
    // Two copies are left: the stepper goes no further, and a third typed in is refused.
    expect(screen.getByRole('button', { name: 'تعداد بڑھائیں' })).toBeDisabled();
    await user.clear(screen.getByLabelText('تعداد'));
    await user.type(screen.getByLabelText('تعداد'), '3');
    await user.click(screen.getByRole('button', { name: 'کارٹ میں ڈالیں' }));
    expect(toast.error).toHaveBeenCalledWith('Riyad as-Salihin کے صرف 2 نسخے باقی ہیں');
    view.unmount();

    fakeApi({});
    await openInUrdu('0190b0a0-0000-7000-8000-0000000000ff');
    expect(await screen.findByRole('heading', { name: 'کتاب نہیں ملی' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تمام کتابیں دیکھیں' })).toBeInTheDocument();
  });
});

describe('BookPage editions', () => {
  // English at the book's price with 3 copies, Urdu at its own price and not tracked, Bengali cheaper and sold out.
  const inThree = inEditions([
    { language: 'english', stock: 3 },
    { language: 'urdu', price: 520 },
    { language: 'bengali', stock: 0, price: 300 },
  ]);
  const routeOf = (book = inThree): FakeRoutes => ({
    [`GET /books/${sampleBook._id}`]: () => [200, { success: true, data: book }],
  });
  const shownPrice = () => screen.getByText('Price:').parentElement;
  const openIn = async (locale: 'ur' | 'bn') =>
    renderRoute(
      <LocaleProvider i18n={await loadI18n(locale)}>
        <BookPage />
      </LocaleProvider>,
      { path: `/book/${sampleBook._id}`, pattern: '/book/:bookId' },
    );

  it('offers the languages as a labelled radio group, with their prices and the one sold out', async () => {
    fakeApi(routeOf());
    open();
    const group = await screen.findByRole('group', { name: 'Language' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['english', 'urdu', 'bengali']);
    expect(within(group).getByRole('radio', { name: 'English ₹449.50' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Urdu ₹520.00' })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Bengali ₹300.00 Out of stock' })).toBeInTheDocument();
  });

  it('shows the price, the stock and the copies that can be added of the chosen edition', async () => {
    const user = userEvent.setup();
    fakeApi(routeOf());
    open();
    const english = await screen.findByRole('radio', { name: /^English/ });
    expect(shownPrice()).toHaveTextContent('Price: ₹449.50');
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(plus);
    await user.click(plus);
    expect(screen.getByLabelText('Quantity')).toHaveValue(3);
    expect(plus).toBeDisabled();
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('max', '3');

    await user.click(screen.getByRole('radio', { name: /^Urdu/ }));
    expect(shownPrice()).toHaveTextContent('Price: ₹520.00');
    expect(screen.queryByText(/left$|Out of stock$/, { selector: 'p' })).not.toBeInTheDocument();
    expect(plus).toBeEnabled();
    // Not counted: only the line limit holds.
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('max', '100');

    await user.click(english);
    expect(english).toBeChecked();
    expect(shownPrice()).toHaveTextContent('Price: ₹449.50');
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
  });

  it('lowers the quantity to what the newly chosen edition has left', async () => {
    const user = userEvent.setup();
    fakeApi(
      routeOf(
        inEditions([
          { language: 'urdu', stock: 5 },
          { language: 'english', stock: 2 },
        ]),
      ),
    );
    open();
    // An English page offers the English edition first, even when it is not the first of the book.
    expect(await screen.findByRole('radio', { name: /^English/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /^Urdu/ }));
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.click(screen.getByRole('radio', { name: /^English/ }));
    expect(quantity).toHaveValue(2);
  });

  it('cannot add a sold-out edition while another can be bought', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(routeOf());
    open();
    await user.click(await screen.findByRole('radio', { name: /^Bengali/ }));
    expect(shownPrice()).toHaveTextContent('Price: ₹300.00');
    expect(screen.getByText('Bengali edition: out of stock', { selector: 'p' })).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    expect(add).toBeDisabled();
    await user.click(add);
    expect(guestCart()).toBeNull();
    expect(calls.filter((call) => call.path.startsWith('/cart'))).toEqual([]);

    await user.click(screen.getByRole('radio', { name: /^Urdu/ }));
    expect(add).toBeEnabled();
  });

  it("adds the chosen edition to a guest's cart at its price, another language as a line of its own", async () => {
    const user = userEvent.setup();
    fakeApi(routeOf());
    open();
    await user.click(await screen.findByRole('radio', { name: /^Urdu/ }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(cartEvents).toBe(1));
    await user.click(screen.getByRole('radio', { name: /^English/ }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(cartEvents).toBe(2));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(cartEvents).toBe(3));
    expect(guestCart()).toEqual([
      expect.objectContaining({ _id: sampleBook._id, selectedLanguage: 'urdu', price: 520, quantity: 1 }),
      expect.objectContaining({
        _id: sampleBook._id,
        selectedLanguage: 'english',
        price: 449.5,
        quantity: 2,
      }),
    ]);
  });

  it("sends the chosen edition's language to a customer's server cart", async () => {
    const user = userEvent.setup();
    const customer = signedInAs('user');
    const calls = fakeApi(
      { ...routeOf(), 'POST /cart/add': () => [200, { success: true, data: { cart: [] } }] },
      customer,
    );
    open();
    await user.click(await screen.findByRole('radio', { name: /^Urdu/ }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('dialog', { name: 'Added to cart successfully!' })).toHaveFocus();
    expect(calls.find((call) => call.path === '/cart/add')?.body).toEqual({
      bookId: sampleBook._id,
      quantity: 2,
      userId: customer._id,
      selectedLanguage: 'urdu',
    });
  });

  it('names the edition when refusing more copies than it has left', async () => {
    const user = userEvent.setup();
    fakeApi(routeOf());
    open();
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(toast.error).toHaveBeenCalledWith('Only 3 copies of Riyad as-Salihin (English) are left');
    expect(guestCart()).toBeNull();
  });

  it('names the language of a book in one edition as plain text', async () => {
    fakeApi(routeOf(inEditions([{ language: 'arabic' }])));
    open();
    expect(await screen.findByText('Language: Arabic')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it("offers the page's language first on an Urdu or a Bengali page, named in that language", async () => {
    fakeApi(routeOf());
    const view = await openIn('ur');
    const group = await screen.findByRole('group', { name: 'زبان' });
    expect(within(group).getByRole('radio', { name: /^اردو/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /^انگریزی/ })).toBeInTheDocument();
    // Bengali is sold out: offered, not chosen.
    expect(within(group).getByRole('radio', { name: /^بنگلہ .*اسٹاک میں نہیں/ })).not.toBeChecked();
    view.unmount();

    fakeApi(routeOf(inEditions([{ language: 'english' }, { language: 'bengali', stock: 4 }])));
    const bengali = await openIn('bn');
    expect(await screen.findByRole('radio', { name: /^বাংলা/ })).toBeChecked();
    bengali.unmount();

    // A page in a language the book is not printed in: the first edition in stock.
    fakeApi(
      routeOf(inEditions([{ language: 'arabic', stock: 0 }, { language: 'urdu' }, { language: 'english' }])),
    );
    await openIn('bn');
    expect(await screen.findByRole('radio', { name: /^উর্দু/ })).toBeChecked();
  });

  it('keeps the sold-out Bengali edition chosen on a Bengali page, says so and offers to tell when it is back', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      ...routeOf(),
      [`POST /books/${sampleBook._id}/notify`]: () => [202, { success: true, message: 'ok' }],
    });
    await openIn('bn');
    const group = await screen.findByRole('group', { name: 'ভাষা' });
    const bengaliRadio = within(group).getByRole('radio', { name: /^বাংলা .*স্টকে নেই/ });
    // No silent switch to another language: the page's own is chosen, sold out.
    expect(bengaliRadio).toBeChecked();
    expect(within(group).getByRole('radio', { name: /^ইংরেজি/ })).not.toBeChecked();
    expect(screen.getByText('বাংলা সংস্করণ: স্টকে নেই')).toBeInTheDocument();
    expect(screen.getByText('দাম:', { exact: false }).parentElement).toHaveTextContent('দাম: ₹৩০০.০০');
    const add = screen.getByRole('button', { name: 'কার্টে যোগ করুন' });
    await waitFor(() =>
      expect(screen.getByRole('form', { name: 'আবার এলে আমাকে জানান' })).toBeInTheDocument(),
    );
    expect(add).toBeDisabled();
    await user.click(add);
    expect(guestCart()).toBeNull();

    await user.type(screen.getByLabelText('ইমেইল'), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'আমাকে জানান' }));
    await screen.findByRole('status');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'reader@example.com',
      language: 'bengali',
    });
    // Still the Bengali edition: another language is the reader's own tap.
    expect(bengaliRadio).toBeChecked();
    expect(add).toBeDisabled();

    await user.click(within(group).getByRole('radio', { name: /^ইংরেজি/ }));
    expect(add).toBeEnabled();
    expect(screen.queryByText('বাংলা সংস্করণ: স্টকে নেই')).not.toBeInTheDocument();
  });
});
