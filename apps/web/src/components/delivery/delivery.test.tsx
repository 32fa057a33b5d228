import { cartTotals } from '@scholar/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/render';
import { CheckDelivery } from './check-delivery';
import { CheckoutDeliveryNote, useCheckoutDelivery } from './checkout-delivery';

afterEach(() => vi.unstubAllGlobals());

/** The public quote as the server answers it: Delhi NCR at ₹40 a pair, the islands not served, else ₹50. */
function deliveryServer() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(`${url.pathname}${url.search}`);
    const pincode = url.pathname.split('/').pop()!;
    const quantity = Number(url.searchParams.get('quantity'));
    const pairs = Math.ceil(quantity / 2);
    if (pincode.startsWith('744'))
      return json(200, { success: true, data: { serviceable: false, pincode, quantity } });
    const delhi = pincode.startsWith('110');
    return json(200, {
      success: true,
      data: {
        serviceable: true,
        pincode,
        quantity,
        shipping: pairs * (delhi ? 40 : 50),
        minDays: delhi ? 1 : 4,
        maxDays: delhi ? 3 : 8,
        codAvailable: true,
      },
    });
  });
  return asked;
}

const withQueries = (element: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {element}
    </QueryClientProvider>,
  );

describe('CheckDelivery (the book page)', () => {
  it('answers the days and the charge for a served pincode, and that another is not served', async () => {
    const asked = deliveryServer();
    withQueries(<CheckDelivery quantity={3} />);
    const box = screen.getByRole('region', { name: 'Check delivery' });
    const pincode = screen.getByLabelText('Pincode');
    await userEvent.type(pincode, '11000');
    expect(asked).toEqual([]);
    await userEvent.type(pincode, '1');
    expect(await screen.findByText('Delivery in 1–3 days to 110001')).toBeVisible();
    expect(box).toHaveTextContent('Delivery charge for 3 books: ₹80.00');
    expect(asked).toEqual(['/api/delivery/110001?quantity=3']);

    await userEvent.clear(pincode);
    await userEvent.type(pincode, '744101');
    expect(await screen.findByRole('alert')).toHaveTextContent('We do not deliver to this pincode yet');
  });

  it('says a short pincode is not one on Check, and asks nothing', async () => {
    const asked = deliveryServer();
    withQueries(<CheckDelivery quantity={1} />);
    await userEvent.type(screen.getByLabelText('Pincode'), '0123ab');
    expect(screen.getByLabelText('Pincode')).toHaveValue('0123');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByLabelText('Pincode')).toHaveAccessibleDescription('Enter a six-digit pincode');
    expect(asked).toEqual([]);
  });
});

function Checkout({ pincode }: { pincode: string }) {
  const cart = { totals: cartTotals([{ price: 300, quantity: 3 }]) };
  const delivery = useCheckoutDelivery(cart, pincode);
  return (
    <div>
      <p data-testid="total">{delivery.cart.totals.total}</p>
      <CheckoutDeliveryNote delivery={delivery} />
      <button type="button" disabled={delivery.blocked}>
        Pay
      </button>
    </div>
  );
}

describe('the checkout delivery', () => {
  it("prices the zone's shipping into the total and shows the days", async () => {
    deliveryServer();
    withQueries(<Checkout pincode="110001" />);
    expect(await screen.findByText('Delivery in 1–3 days to 110001')).toBeVisible();
    expect(screen.getByTestId('total')).toHaveTextContent('980');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  it('keeps the flat shipping elsewhere', async () => {
    deliveryServer();
    withQueries(<Checkout pincode="700016" />);
    expect(await screen.findByText('Delivery in 4–8 days to 700016')).toBeVisible();
    expect(screen.getByTestId('total')).toHaveTextContent('1000');
  });

  it('names an unserviceable pincode and holds paying back, before the button is pressed', async () => {
    deliveryServer();
    withQueries(<Checkout pincode="744101" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We do not deliver to pincode 744101 yet');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it('shows nothing and holds nothing back for an incomplete pincode', () => {
    const asked = deliveryServer();
    withQueries(<Checkout pincode="7440" />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
    expect(asked).toEqual([]);
  });
});
