import { FATWAH_CATEGORIES } from '@scholar/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { fakeApi, renderRoute, type FakeRoutes } from '../../../test/fake-api';
import { ManageFatwahsPage, waitingFor } from './manage-fatwahs-page';
import { aPendingQuestion } from '../testing';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const COUNTS = { unanswered: 2, answered: 1, published: 7 };

/** The desk's reads: the categories, and one page of each queue (`fatwahs` in every one) with the counts. */
const desk = (fatwahs: unknown[]): FakeRoutes => ({
  'GET /fatwahs/categories': () => [200, { success: true, data: [...FATWAH_CATEGORIES] }],
  'GET /fatwahs': () => [
    200,
    {
      success: true,
      data: fatwahs,
      pagination: { page: 1, limit: 10, total: fatwahs.length, pages: Math.ceil(fatwahs.length / 10) },
      counts: COUNTS,
    },
  ],
});

/** The desk at `path` in a fresh query cache that does not retry; answers the pointer and keyboard to drive it. */
function open(path = '/admin/fatwah') {
  const view = renderRoute(<ManageFatwahsPage />, {
    path,
    pattern: '/admin/fatwah',
    others: [{ path: '/admin/fatwah/:id', element: <p>The answer editor</p> }],
  });
  return { user: userEvent.setup(), router: view.router };
}

const question = aPendingQuestion({
  reference: 'Q-2026-00123',
  question: 'کیا بچت پر زکوٰۃ واجب ہے؟',
  language: 'ur',
  categories: ['Zakat'],
});

describe('ManageFatwahsPage', () => {
  it('lists what waits the oldest first by default, says how long each has waited, and sorts on request', async () => {
    const nineDaysAgo = new Date(Date.now() - 9 * 24 * 60 * 60 * 1000 - 60_000).toISOString();
    const calls = fakeApi(desk([{ ...question, createdAt: nineDaysAgo }]));
    const { user } = open();
    const item = await screen.findByRole('listitem', { name: question.question }, { timeout: 5000 });
    expect(within(item).getByText('Waiting 9 days')).toBeInTheDocument();
    const order = screen.getByLabelText('Order');
    expect(order).toHaveValue('oldest');
    // The first read leaves the order to the server, whose default for the queue is the same.
    const reads = () => calls.filter((call) => call.path === '/fatwahs');
    expect(reads()[0]!.query.get('sort')).toBeNull();

    await user.selectOptions(order, 'Newest first');
    await vi.waitFor(() => expect(reads().at(-1)!.query.get('sort')).toBe('newest'));
    expect(reads().at(-1)!.query.get('page')).toBe('1');
  });

  it('counts the wait in whole days', () => {
    const now = Date.parse('2026-12-07T12:00:00Z');
    expect(waitingFor('2026-12-07T01:00:00Z', now)).toBe('Asked today');
    expect(waitingFor('2026-12-06T11:00:00Z', now)).toBe('Waiting 1 day');
    expect(waitingFor('2026-11-29T12:00:00Z', now)).toBe('Waiting 8 days');
  });

  it("shows the server's refusal to publish without an answer inside the open modal", async () => {
    const calls = fakeApi({
      ...desk([]),
      'POST /fatwahs': () => [
        400,
        { success: false, error: 'A fatwah needs an answer before it is published', code: 'ANSWER_REQUIRED' },
      ],
    });
    const { user } = open();
    await screen.findByText('No question is waiting for an answer', undefined, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Create Fatwah' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Fatwah' });
    await user.type(within(dialog).getByLabelText('Question'), 'May I combine prayers while travelling?');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Prayer' }));
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

  it('opens on the Unanswered queue with the count of every queue, and keeps the queue in the address', async () => {
    const calls = fakeApi(desk([question]));
    const { user, router } = open();
    const queues = await screen.findByRole('navigation', { name: 'Queues' });
    const unanswered = await within(queues).findByRole('link', { name: 'Unanswered (2)' }, { timeout: 5000 });
    expect(unanswered).toHaveAttribute('aria-current', 'page');
    const links = within(queues).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Unanswered (2)',
      'Answered, not published (1)',
      'Published (7)',
    ]);
    expect(calls.find((call) => call.path === '/fatwahs')?.query.get('queue')).toBe('unanswered');

    // The keyboard reaches the next queue and opens it.
    links[1]!.focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?queue=answered'));
    expect(within(queues).getByRole('link', { name: 'Answered, not published (1)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(unanswered).not.toHaveAttribute('aria-current');
    await vi.waitFor(() =>
      expect(
        calls
          .filter((call) => call.path === '/fatwahs')
          .at(-1)
          ?.query.get('queue'),
      ).toBe('answered'),
    );
  });

  it('opens a queue named in the address, and an unknown one as Unanswered', async () => {
    const calls = fakeApi(desk([]));
    open('/admin/fatwah?queue=published');
    expect(await screen.findByRole('link', { name: 'Published (7)' }, { timeout: 5000 })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(calls.find((call) => call.path === '/fatwahs')?.query.get('queue')).toBe('published');
    expect(screen.getByText('No fatwah is published yet')).toBeInTheDocument();
  });

  it("shows each question's reference and the asker's choice, and leads to its answer editor, with no Delete", async () => {
    fakeApi(desk([question]));
    const { user } = open();
    const card = await screen.findByRole('listitem', { name: question.question }, { timeout: 5000 });
    expect(card).toHaveTextContent('Q-2026-00123');
    expect(card).toHaveTextContent('Asked by Yunus (name not published)');
    expect(card).toHaveTextContent('Not answered yet');
    // The Urdu question reads right to left on the desk too.
    expect(within(card).getByRole('heading', { name: question.question })).toHaveAttribute('dir', 'rtl');
    expect(within(card).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const answer = within(card).getByRole('link', { name: `Answer: ${question.question}` });
    expect(answer).toHaveAttribute('href', `/admin/fatwah/${question._id}`);
    await user.click(answer);
    expect(await screen.findByText('The answer editor')).toBeInTheDocument();
  });
});
