import { FATWAH_CATEGORIES } from '@scholar/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from '../../../lib/toast';
import { AskFatwahPage } from './ask-fatwah-page';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function openForm() {
  const submitted: unknown[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://localhost').pathname;
    if (path === '/api/fatwahs/categories') return json(200, { success: true, data: [...FATWAH_CATEGORIES] });
    if (path === '/api/fatwahs/submit') {
      submitted.push(JSON.parse(String(init?.body)));
      return json(201, { success: true, data: { _id: '0190b0a0-0000-7000-8000-0000000000f2' } });
    }
    return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
  const router = createMemoryRouter([{ path: '/ask-fatwah', element: <AskFatwahPage /> }], {
    initialEntries: ['/ask-fatwah'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return submitted;
}

describe('AskFatwahPage', () => {
  it("leaves the email to the browser's check and sends nothing while it fails", async () => {
    const user = userEvent.setup();
    const submitted = openForm();
    const form = screen.getByRole('form', { name: 'Ask a question' });
    const email = screen.getByLabelText('Your Email (optional)');
    expect(form).not.toHaveAttribute('novalidate');
    expect(email).toHaveAttribute('type', 'email');

    await user.type(screen.getByLabelText('Your Question *'), 'Is zakat due on savings?');
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    expect(email).toBeInvalid();
    expect(submitted).toEqual([]);
    expect(toast.error).not.toHaveBeenCalled();

    await user.clear(email);
    await user.type(email, 'asker@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    expect(
      await screen.findByRole('heading', { name: 'Question Submitted Successfully!' }),
    ).toBeInTheDocument();
    expect(submitted).toEqual([
      { question: 'Is zakat due on savings?', categories: ['Other'], askerEmail: 'asker@example.com' },
    ]);
  });

  it("keeps the app's own messages for the question and the categories", async () => {
    const user = userEvent.setup();
    const submitted = openForm();
    const question = screen.getByLabelText('Your Question *');
    expect(question).not.toBeRequired();

    await user.type(question, '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your question');
    expect(toast.error).toHaveBeenLastCalledWith('Please enter your question');

    await user.type(question, 'May I pray sitting on a train?');
    await user.click(await screen.findByRole('button', { name: 'Other', pressed: true }));
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least one category');
    expect(toast.error).toHaveBeenLastCalledWith('Please select at least one category');
    expect(submitted).toEqual([]);
  });
});
