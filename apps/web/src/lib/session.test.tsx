import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@scholar/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useSession } from './session';
import { guestCart } from './guest-cart';
import { storage, tokens } from './storage';
import { aCartBook } from '../test/cart';

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

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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

describe('login with a guest cart ("Login to sync cart")', () => {
  const book = aCartBook();

  function LoginButton() {
    const { login, user: current } = useSession();
    return (
      <button type="button" onClick={() => void login('a@example.com', 'secret-password', 'user')}>
        {current ? `signed in as ${current.name}` : 'Log in'}
      </button>
    );
  }

  /** The server: login answers the user; the merge answers `mergeStatus` and is recorded. */
  function serverMerging(mergeStatus: number) {
    const merged: unknown[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/auth/login') {
        return new Response(
          JSON.stringify({ success: true, data: { accessToken: 'access', refreshToken: 'refresh', user } }),
        );
      }
      if (path === '/api/cart/merge') {
        merged.push(JSON.parse(String(init?.body)));
        return mergeStatus === 200
          ? new Response(JSON.stringify({ success: true, data: { cart: [] } }))
          : new Response(JSON.stringify({ success: false, error: 'No', code: 'X' }), { status: mergeStatus });
      }
      return new Response(JSON.stringify({ success: false, error: 'Not found', code: 'NOT_FOUND' }), {
        status: 404,
      });
    });
    return merged;
  }

  function renderLogin() {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider onExpired={() => undefined}>
          <LoginButton />
        </SessionProvider>
      </QueryClientProvider>,
    );
  }

  it('sends the stored localCart to the server cart, then clears it', async () => {
    guestCart.add(book, 2);
    const merged = serverMerging(200);
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('signed in as Amina')).toBeInTheDocument();
    // With the price the guest saw (a change since is still named) and the line's language.
    expect(merged).toEqual([
      { lines: [{ bookId: book._id, quantity: 2, price: book.price, selectedLanguage: 'english' }] },
    ]);
    expect(storage.get(STORAGE_KEYS.localCart)).toBeNull();
  });

  it('keeps the guest cart in the browser when the merge fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    guestCart.add(book, 1);
    const merged = serverMerging(500);
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('signed in as Amina')).toBeInTheDocument();
    expect(merged).toHaveLength(1);
    expect(guestCart.read()).toEqual([expect.objectContaining({ _id: book._id, quantity: 1 })]);
  });
});
