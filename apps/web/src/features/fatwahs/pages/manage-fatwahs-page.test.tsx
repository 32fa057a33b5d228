import { FATWAH_CATEGORIES } from '@scholar/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { fakeApi, type FakeRoutes } from '../../../test/fake-api';
import { ManageFatwahsPage } from './manage-fatwahs-page';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** The desk's reads: the categories, and one page of the list holding `fatwahs`. */
const desk = (fatwahs: unknown[]): FakeRoutes => ({
  'GET /fatwahs/categories': () => [200, { success: true, data: [...FATWAH_CATEGORIES] }],
  'GET /fatwahs': () => [
    200,
    {
      success: true,
      data: fatwahs,
      pagination: { page: 1, limit: 10, total: fatwahs.length, pages: Math.ceil(fatwahs.length / 10) },
    },
  ],
});

/** The page in a fresh query cache that does not retry; answers the pointer and keyboard to drive it. */
function open() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ManageFatwahsPage />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('ManageFatwahsPage', () => {
  it("shows the server's refusal to publish without an answer inside the open modal", async () => {
    const calls = fakeApi({
      ...desk([]),
      'POST /fatwahs': () => [
        400,
        { success: false, error: 'A fatwah needs an answer before it is published', code: 'ANSWER_REQUIRED' },
      ],
    });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Create First Fatwah' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Create Fatwah' });
    await user.type(within(dialog).getByLabelText('Question'), 'May I combine prayers while travelling?');
    await user.click(within(dialog).getByRole('button', { name: 'Prayer' }));
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'published');
    await user.click(within(dialog).getByRole('button', { name: 'Create Fatwah' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A fatwah needs an answer before it is published',
    );
    expect(toast.error).toHaveBeenCalledWith('A fatwah needs an answer before it is published');
    expect(toast.success).not.toHaveBeenCalled();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {
        question: 'May I combine prayers while travelling?',
        categories: ['Prayer'],
        status: 'published',
        language: 'en',
        translationOf: null,
      },
    ]);
    // Still open, with what was typed, to add the answer.
    expect(screen.getByRole('dialog', { name: 'Create Fatwah' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Question')).toHaveValue('May I combine prayers while travelling?');

    // Sent again as it was: the same Idempotency-Key; with the answer added: a new one.
    await user.click(within(dialog).getByRole('button', { name: 'Create Fatwah' }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2));
    await user.type(within(dialog).getByLabelText('Answer'), 'Yes, while travelling.');
    await user.click(within(dialog).getByRole('button', { name: 'Create Fatwah' }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(3));
    const keys = calls
      .filter((call) => call.method === 'POST')
      .map((call) => call.headers.get('idempotency-key'));
    expect(keys).toEqual([expect.any(String), keys[0], expect.any(String)]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("shows each question's reference, and the asker's name with their choice about it", async () => {
    const fatwah = {
      _id: '0190b0a0-0000-7000-8000-0000000000f4',
      reference: 'Q-2026-00123',
      question: 'کیا بچت پر زکوٰۃ واجب ہے؟',
      language: 'ur',
      translationOf: null,
      categories: ['Zakat'],
      status: 'pending',
      askerName: 'Yunus',
      showAskerName: false,
      askerEmail: 'yunus@example.com',
      answeredBy: null,
      publishedAt: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    fakeApi(desk([fatwah]));
    const user = open();
    const card = await screen.findByRole('listitem', { name: fatwah.question }, { timeout: 5000 });
    expect(card).toHaveTextContent('Q-2026-00123');
    expect(card).toHaveTextContent('Asked by Yunus (name not published)');
    // The Urdu question reads right to left on the desk too.
    expect(within(card).getByRole('heading', { name: fatwah.question })).toHaveAttribute('dir', 'rtl');
    await user.click(within(card).getByRole('button', { name: 'View' }));
    const dialog = screen.getByRole('dialog', { name: 'View Fatwah' });
    expect(dialog).toHaveTextContent('Reference Q-2026-00123');
    expect(dialog).toHaveTextContent('yunus@example.com');
    expect(within(dialog).getByLabelText('Language')).toHaveValue('ur');
  });
});
