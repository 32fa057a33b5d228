import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { OrderStatusBadge } from './order-status';

describe('OrderStatusBadge', () => {
  it("reads the desk's words for a shipped, delivered or returned order, and 'paid' for one not shipped yet", () => {
    const { rerender } = render(<OrderStatusBadge status="RTO" />);
    expect(screen.getByText('Returned to origin (RTO)')).toBeInTheDocument();
    rerender(<OrderStatusBadge status="shipped" />);
    expect(screen.getByText('Shipped')).toBeInTheDocument();
    rerender(<OrderStatusBadge status="delivered" />);
    expect(screen.getByText('Delivered')).toBeInTheDocument();
    rerender(<OrderStatusBadge status="pending" />);
    expect(screen.getByText('Paid · preparing to ship')).toBeInTheDocument();
  });

  it('reads each status in Urdu and Bengali', async () => {
    const urdu = await loadI18n('ur');
    const { rerender } = render(
      <LocaleProvider i18n={urdu}>
        <OrderStatusBadge status="pending" />
      </LocaleProvider>,
    );
    expect(screen.getByText('ادائیگی ہو گئی · روانگی کی تیاری')).toBeInTheDocument();
    rerender(
      <LocaleProvider i18n={urdu}>
        <OrderStatusBadge status="delivered" />
      </LocaleProvider>,
    );
    expect(screen.getByText('پہنچ گیا')).toBeInTheDocument();
    rerender(
      <LocaleProvider i18n={await loadI18n('bn')}>
        <OrderStatusBadge status="RTO" />
      </LocaleProvider>,
    );
    expect(screen.getByText('প্রেরকের কাছে ফেরত এসেছে (RTO)')).toBeInTheDocument();
  });
});
