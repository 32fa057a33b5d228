import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aReturnRequest as aRequest } from '../../../test/orders';
import { json, renderWithProviders } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { OpenReturns } from './open-returns';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OpenReturns', () => {
  it('lists the requests waiting for an answer, and apart the returned parcels to refund', async () => {
    signedInAs('admin');
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const status = new URL(String(input), 'http://localhost').searchParams.get('status');
      const requests =
        status === 'received'
          ? [
              aRequest({
                status: 'received',
                orderNumber: 'ORD-20261122-RCV001',
                receivedAt: '2026-11-30T10:00:00.000Z',
              }),
            ]
          : [aRequest({})];
      return json(200, { success: true, data: { requests } });
    });
    renderWithProviders(createMemoryRouter([{ path: '/', element: <OpenReturns /> }]));
    const waiting = await screen.findByRole('region', { name: 'Returns and cancellations waiting (1)' });
    expect(waiting).toHaveTextContent('ORD-20261122-ABC123');
    const toRefund = await screen.findByRole('region', { name: 'Returned parcels to refund (1)' });
    expect(toRefund).toHaveTextContent('ORD-20261122-RCV001');
  });
});
