import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BackorderedBadge, StatusBadge } from './status-badge';

describe('BackorderedBadge', () => {
  it('marks an order paid for after its book ran out, and nothing else', () => {
    const { rerender } = render(
      <>
        <StatusBadge status="pending" />
        <BackorderedBadge order={{ backordered: true }} />
      </>,
    );
    expect(screen.getByText('Backordered')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    rerender(<BackorderedBadge order={{ backordered: false }} />);
    expect(screen.queryByText('Backordered')).not.toBeInTheDocument();
  });
});
