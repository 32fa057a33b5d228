import type { DeliveryZone } from '@scholar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute } from '../../../test/fake-api';
import { signedInAs } from '../../../test/session';
import { DeliveryZonesPage, parseRanges } from './delivery-zones-page';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

const restOfIndia: DeliveryZone = {
  id: '01900000-0000-7000-8000-000000000001',
  name: 'Rest of India',
  chargePerPair: 50,
  minDays: 4,
  maxDays: 8,
  serviceable: true,
  codAvailable: true,
  isDefault: true,
  ranges: [],
};
const delhi: DeliveryZone = {
  id: '01900000-0000-7000-8000-0000000000d1',
  name: 'Delhi NCR',
  chargePerPair: 40,
  minDays: 1,
  maxDays: 3,
  serviceable: true,
  codAvailable: true,
  isDefault: false,
  ranges: [{ id: '01900000-0000-7000-8000-0000000000e1', from: '110001', to: '110099' }],
};

function show() {
  signedInAs('shop');
  const calls = fakeApi({
    'GET /delivery/admin/zones': () => [200, { success: true, data: [restOfIndia, delhi] }],
    [`PUT /delivery/admin/zones/${delhi.id}`]: (call) => [
      200,
      { success: true, data: { ...delhi, ...(call.body as object) }, message: 'Delivery zone saved' },
    ],
  });
  renderRoute(<DeliveryZonesPage />, { path: '/admin/delivery', pattern: '/admin/delivery' });
  return calls;
}

describe('parseRanges', () => {
  it('reads a range a line, a single pincode as its own range, and skips blank lines', () => {
    expect(parseRanges('110001-110099\n\n 201301 – 201310 \n744101')).toEqual([
      { from: '110001', to: '110099' },
      { from: '201301', to: '201310' },
      { from: '744101', to: '744101' },
    ]);
  });
});

describe('the delivery zones desk', () => {
  it("lists the zones with their ranges, and saves a zone's charge and ranges", async () => {
    const calls = show();
    const zone = await screen.findByRole('form', { name: 'Delhi NCR' });
    expect(screen.getByRole('form', { name: /Rest of India/ })).toBeInTheDocument();
    expect(within(zone).getByLabelText(/Pincode ranges/)).toHaveValue('110001-110099');
    const charge = within(zone).getByLabelText('Charge per two books (₹)');
    await userEvent.clear(charge);
    await userEvent.type(charge, '45');
    const ranges = within(zone).getByLabelText(/Pincode ranges/);
    await userEvent.type(ranges, '\n201301-201310');
    await userEvent.click(within(zone).getByRole('button', { name: 'Save zone' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      name: 'Delhi NCR',
      chargePerPair: 45,
      minDays: 1,
      maxDays: 3,
      serviceable: true,
      codAvailable: true,
      isDefault: false,
      ranges: [
        { from: '110001', to: '110099' },
        { from: '201301', to: '201310' },
      ],
    });
  });

  it('refuses a range that ends before it starts and days out of order, beside their fields, sending nothing', async () => {
    const calls = show();
    const zone = await screen.findByRole('form', { name: 'Delhi NCR' });
    const ranges = within(zone).getByLabelText(/Pincode ranges/);
    await userEvent.clear(ranges);
    await userEvent.type(ranges, '110099-110001');
    const fewest = within(zone).getByLabelText('Fewest days');
    await userEvent.clear(fewest);
    await userEvent.type(fewest, '5');
    await userEvent.click(within(zone).getByRole('button', { name: 'Save zone' }));
    expect(
      await within(zone).findByText('Line 1: The first pincode of a range cannot come after the last'),
    ).toBeVisible();
    expect(
      within(zone).getByText('The longest delivery time cannot be shorter than the shortest'),
    ).toBeVisible();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('keeps the default zone default and offers no Delete for it', async () => {
    show();
    const zone = await screen.findByRole('form', { name: /Rest of India/ });
    expect(within(zone).getByLabelText(/Default zone/)).toBeDisabled();
    expect(within(zone).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(
      within(await screen.findByRole('form', { name: 'Delhi NCR' })).getByRole('button', { name: 'Delete' }),
    ).toBeEnabled();
  });
});
