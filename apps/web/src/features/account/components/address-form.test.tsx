import type { AddressInput } from '@scholar/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { AddressForm } from './address-form';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => vi.clearAllMocks());

function open(onSubmit: (input: AddressInput) => Promise<void> = async () => undefined) {
  const submit = vi.fn(onSubmit);
  render(<AddressForm submitLabel="Save Address" failedMessage="Failed to add address" onSubmit={submit} />);
  return submit;
}

const field = (label: string) => screen.getByLabelText(label);

describe('AddressForm', () => {
  it('marks every invalid field at once, beside it, and moves to the first', async () => {
    const user = userEvent.setup();
    const submit = open();
    await user.type(field('City *'), 'Kolkata');
    await user.selectOptions(field('State *'), 'Delhi');
    await user.type(field('Pincode *'), '700016');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    expect(field('Address Line 1 *')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Address Line 1 *')).toHaveAccessibleDescription('Please fill all required fields');
    expect(field('Pincode *')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Pincode *')).toHaveAccessibleDescription('This pincode is not in Delhi');
    expect(field('City *')).not.toHaveAttribute('aria-invalid');
    expect(field('State *')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(field('Address Line 1 *')).toHaveFocus());
    expect(toast.error).toHaveBeenCalledWith('Please fill all required fields', expect.anything());
    expect(submit).not.toHaveBeenCalled();
  });

  it('asks for every required field of an empty form (docs/product.md, "Validation"), the state and pincode too', async () => {
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    for (const label of ['Address Line 1 *', 'City *', 'State *', 'Pincode *']) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(field(label)).toHaveAccessibleDescription('Please fill all required fields');
    }
    expect(field('Address Line 2')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(field('Address Line 1 *')).toHaveFocus());
  });

  it("clears a field's message once it is changed, and takes the last notification away on the next try", async () => {
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    await user.type(field('Address Line 1 *'), '14 Ripon Street');
    expect(field('Address Line 1 *')).not.toHaveAttribute('aria-invalid');
    expect(field('City *')).toHaveAttribute('aria-invalid', 'true');

    const [, options] = vi.mocked(toast.error).mock.calls[0]!;
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(toast.dismiss).toHaveBeenCalledWith(options?.id);
    expect(vi.mocked(toast.dismiss).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(toast.error).mock.invocationCallOrder[1]!,
    );
    await waitFor(() => expect(field('City *')).toHaveFocus());
  });

  it("puts the server's field errors beside their fields", async () => {
    const user = userEvent.setup();
    const submit = open(async () => {
      throw new ApiError('This pincode is not in West Bengal', 400, 'VALIDATION_ERROR', [
        { path: 'body.address.pincode', message: 'This pincode is not in West Bengal' },
      ]);
    });
    await user.type(field('Address Line 1 *'), '14 Ripon Street');
    await user.type(field('City *'), 'Kolkata');
    await user.selectOptions(field('State *'), 'West Bengal');
    await user.type(field('Pincode *'), '700016');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ addressLine1: '14 Ripon Street', state: 'West Bengal', pincode: '700016' }),
    );
    await waitFor(() => expect(field('Pincode *')).toHaveFocus());
    expect(field('Pincode *')).toHaveAccessibleDescription('This pincode is not in West Bengal');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(toast.error).toHaveBeenCalledWith('This pincode is not in West Bengal', expect.anything());
  });

  it('says a failure of no field near the button', async () => {
    const user = userEvent.setup();
    open(async () => {
      throw new TypeError('Failed to fetch');
    });
    await user.type(field('Address Line 1 *'), '14 Ripon Street');
    await user.type(field('City *'), 'Kolkata');
    await user.selectOptions(field('State *'), 'West Bengal');
    await user.type(field('Pincode *'), '700016');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add address');
    expect(toast.error).toHaveBeenCalledWith('Failed to add address', expect.anything());
  });
});
