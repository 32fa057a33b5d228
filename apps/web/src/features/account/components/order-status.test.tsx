import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
