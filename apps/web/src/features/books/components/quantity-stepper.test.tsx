import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { QuantityStepper } from './quantity-stepper';

function Harness({ initial = 1, max }: { initial?: number; max?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <QuantityStepper value={value} onChange={setValue} min={1} max={max} />
      <output aria-label="chosen">{value}</output>
    </>
  );
}

const chosen = () => screen.getByLabelText('chosen').textContent;

describe('QuantityStepper', () => {
  it('starts at the value, goes up to the line limit of 100 copies and never below 1', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByLabelText('Quantity');
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    expect(field).toHaveValue(1);
    expect(field).toHaveAttribute('min', '1');
    expect(field).toHaveAttribute('max', '100');
    expect(minus).toBeDisabled();

    for (let i = 0; i < 120; i += 1) fireEvent.click(plus);
    expect(chosen()).toBe('100');
    expect(field).toHaveValue(100);
    expect(plus).toBeDisabled();
    expect(minus).toBeEnabled();

    await user.click(minus);
    expect(chosen()).toBe('99');
    expect(plus).toBeEnabled();
  });

  it('stops at the copies left when fewer than 100, and takes a larger number typed as 100', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness max={7} initial={6} />);
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(plus);
    expect(chosen()).toBe('7');
    expect(plus).toBeDisabled();
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('max', '7');
    // More than the copies left, typed, stays for the page to refuse with the number left.
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '9');
    expect(chosen()).toBe('9');
    unmount();

    render(<Harness max={500} />);
    const field = screen.getByLabelText('Quantity');
    expect(field).toHaveAttribute('max', '100');
    await user.clear(field);
    await user.type(field, '250');
    expect(chosen()).toBe('100');
    await user.tab();
    expect(field).toHaveValue(100);
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('stops at 1 when decreasing', async () => {
    const user = userEvent.setup();
    render(<Harness initial={2} />);
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    await user.click(minus);
    expect(chosen()).toBe('1');
    expect(minus).toBeDisabled();
    await user.click(minus);
    expect(chosen()).toBe('1');
  });

  it('takes a typed whole number and undoes anything below 1 or not whole', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByLabelText('Quantity');
    await user.clear(field);
    await user.type(field, '7');
    expect(chosen()).toBe('7');

    await user.clear(field);
    await user.type(field, '0');
    expect(chosen()).toBe('7');
    await user.tab();
    expect(field).toHaveValue(7);

    await user.clear(field);
    await user.type(field, '2.5');
    await user.tab();
    expect(chosen()).not.toBe('2.5');
    expect(Number.isInteger(Number(chosen()))).toBe(true);
    expect(field).toHaveValue(Number(chosen()));
  });

  it('is operable from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab(); // the minus button is disabled at 1, so focus lands on the field
    expect(screen.getByLabelText('Quantity')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(chosen()).toBe('3');
  });
});
