import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anOrder } from '../../test/orders';
import { DownloadBill } from './download-bill';

const pdf = (name: string) =>
  new Response('%PDF-1.7', {
    status: 200,
    headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}"` },
  });

let clicked: { href: string; download: string }[];
beforeEach(() => {
  clicked = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:bill'), revokeObjectURL: vi.fn() }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DownloadBill', () => {
  it("downloads the customer's bill under the name the server gives it", async () => {
    const fetch = vi.fn(async () => pdf('BOS-2026-27-000007.pdf'));
    vi.stubGlobal('fetch', fetch);
    const order = anOrder({ paymentMethod: 'card' });
    render(<DownloadBill order={order} />);
    const button = screen.getByRole('button', { name: 'Download bill' });
    expect(button).toHaveAccessibleDescription(/Bill of supply/);
    await userEvent.click(button);
    await vi.waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:bill', download: 'BOS-2026-27-000007.pdf' }]),
    );
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe(`/api/bills/orders/${order._id}`);
  });

  it("asks the desk's route at the desk, and says so when the order has no bill yet", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ success: false, error: 'This order has no bill yet', code: 'BILL_NOT_FOUND' }),
          {
            status: 404,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    const order = anOrder();
    render(<DownloadBill order={order} scope="desk" />);
    await userEvent.click(screen.getByRole('button', { name: 'Download bill' }));
    expect(await screen.findByRole('status')).toHaveTextContent('This order has no bill yet.');
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe(`/api/bills/admin/orders/${order._id}`);
    expect(clicked).toEqual([]);
  });

  it('offers no bill for a cash-on-delivery order before its cash is collected', () => {
    const { rerender } = render(
      <DownloadBill order={anOrder({ paymentMethod: 'cod', codCollectedAt: null })} />,
    );
    expect(screen.queryByRole('button', { name: 'Download bill' })).not.toBeInTheDocument();
    rerender(
      <DownloadBill order={anOrder({ paymentMethod: 'cod', codCollectedAt: '2026-11-27T10:00:00.000Z' })} />,
    );
    expect(screen.getByRole('button', { name: 'Download bill' })).toBeInTheDocument();
  });
});
