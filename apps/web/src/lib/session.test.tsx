import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useSession } from './session';
import { tokens } from './storage';

const user = {
  _id: 'u1',
  name: 'Amina',
  email: 'a@example.com',
  phone: '1',
  role: 'user',
  addresses: [],
  createdAt: '',
};

function Probe() {
  const { user: current, status } = useSession();
  return <p>{`${status}:${current?.name ?? 'nobody'}`}</p>;
}

function renderSession() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider onExpired={() => undefined}>
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('SessionProvider at start-up', () => {
  it('uses the stored user at once, then the server’s', async () => {
    tokens.save('access', 'refresh', true);
    tokens.saveUser(user);
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ success: true, data: { user: { ...user, name: 'Amina R.' } } })),
    );
    renderSession();
    expect(screen.getByText('loading:Amina')).toBeInTheDocument();
    expect(await screen.findByText('authenticated:Amina R.')).toBeInTheDocument();
  });

  it('clears the session when the server refuses it', async () => {
    tokens.save('access', 'refresh', true);
    tokens.saveUser(user);
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ success: false, error: 'no', code: 'X' }), { status: 401 }),
    );
    renderSession();
    expect(await screen.findByText('anonymous:nobody')).toBeInTheDocument();
    expect(tokens.refresh()).toBeNull();
  });

  it('keeps the session when the request never got an answer (offline, or the page is being left)', async () => {
    tokens.save('access', 'refresh', true);
    tokens.saveUser(user);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderSession();
    await waitFor(() => expect(screen.getByText('authenticated:Amina')).toBeInTheDocument());
    expect(tokens.refresh()).toBe('refresh');
  });

  it('keeps the tokens of an unanswered request also without a stored user, for the next page to try again', async () => {
    tokens.clear();
    tokens.save('access', 'refresh', true);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderSession();
    expect(screen.getByText('loading:nobody')).toBeInTheDocument();
    expect(await screen.findByText('anonymous:nobody')).toBeInTheDocument();
    expect(tokens.access()).toBe('access');
    expect(tokens.refresh()).toBe('refresh');
  });
});
