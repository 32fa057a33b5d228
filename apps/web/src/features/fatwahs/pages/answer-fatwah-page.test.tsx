import { FATWAH_CATEGORIES } from '@scholar/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { fakeApi, renderRoute, type FakeRoutes } from '../../../test/fake-api';
import { applyEdit } from '../components/markdown-editor';
import { AnswerFatwahPage } from './answer-fatwah-page';
import { aPendingQuestion } from '../testing';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const question = aPendingQuestion({
  reference: 'Q-2026-00031',
  question: 'Does sleeping break wudu?',
  language: 'en',
  categories: ['Purification'],
});
const ID = question._id;
const similar = {
  _id: '0190b0a0-0000-7000-8000-0000000000a1',
  question: 'Is wudu broken by sleep while sitting?',
  reference: 'Q-2026-00012',
  language: 'en',
  categories: ['Purification'],
  publishedAt: '2026-10-01T00:00:00.000Z',
};

const routes = (extra: FakeRoutes = {}): FakeRoutes => ({
  'GET /fatwahs/categories': () => [200, { success: true, data: [...FATWAH_CATEGORIES] }],
  [`GET /fatwahs/${ID}`]: () => [200, { success: true, data: question }],
  'GET /fatwahs/admin/similar': () => [200, { success: true, data: [similar] }],
  ...extra,
});

function open() {
  const view = renderRoute(<AnswerFatwahPage />, {
    path: `/admin/fatwah/${ID}`,
    pattern: '/admin/fatwah/:id',
    others: [{ path: '/admin/fatwah', element: <p>The desk</p> }],
  });
  return { user: userEvent.setup(), router: view.router };
}

describe('applyEdit', () => {
  it('wraps the selection, or marks each of its lines, on a line of its own', () => {
    expect(applyEdit('say yes now', 4, 7, { wrap: ['**', '**'], placeholder: 'x' })).toEqual({
      text: 'say **yes** now',
      start: 6,
      end: 9,
    });
    expect(applyEdit('a\nb', 0, 3, { linePrefix: '- ', placeholder: 'x' }).text).toBe('- a\n- b');
    expect(applyEdit('Intro', 5, 5, { linePrefix: '## ', placeholder: 'Heading' }).text).toBe(
      'Intro\n## Heading',
    );
  });
});

describe('AnswerFatwahPage', () => {
  it('writes a formatted answer with an Urdu line, previews it from the server, and publishes it', async () => {
    const calls = fakeApi(
      routes({
        'POST /fatwahs/admin/preview': () => [
          200,
          { success: true, data: { html: '<h2>Ruling</h2><p><strong>Yes</strong></p>' } },
        ],
        [`PUT /fatwahs/${ID}`]: (call) => [
          200,
          { success: true, data: { ...question, ...(call.body as object), status: 'published' } },
        ],
      }),
    );
    const { user } = open();
    expect(
      await screen.findByRole('heading', { name: 'Answer the question' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Q-2026-00031')).toBeInTheDocument();
    const box = screen.getByLabelText('Answer (Markdown)');
    expect(box).toHaveAttribute('dir', 'auto');

    // The toolbar's labelled buttons.
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Bold', 'Italic', 'Heading', 'List', 'Quote', 'Link']);
    await user.click(within(toolbar).getByRole('button', { name: 'Heading' }));
    expect(box).toHaveValue('## Heading');
    fireEvent.change(box, {
      target: { value: '## Ruling\n\n**Yes**\n\n- one\n- two\n\nاللہ بہتر جانتا ہے' },
    });
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('answer-preview');
    expect(within(preview).getByRole('heading', { name: 'Ruling' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/fatwahs/admin/preview')?.body).toEqual({
      answer: '## Ruling\n\n**Yes**\n\n- one\n- two\n\nاللہ بہتر جانتا ہے',
    });

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      question: question.question,
      answer: '## Ruling\n\n**Yes**\n\n- one\n- two\n\nاللہ بہتر جانتا ہے',
      categories: ['Purification'],
      status: 'published',
    });
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Published. The asker is told by email when they gave one.'),
    );
    expect(await screen.findByRole('link', { name: 'View the public page' })).toHaveAttribute(
      'href',
      `/fatwah/${ID}`,
    );
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('shows the saved answer when opened again, even when the refresh after the save is cut short', async () => {
    let reads = 0;
    fakeApi(
      routes({
        // The first read answers; the refresh after the save never does (the editor is left before it would).
        [`GET /fatwahs/${ID}`]: () => {
          reads += 1;
          return reads === 1 ? [200, { success: true, data: question }] : new Promise(() => undefined);
        },
        [`PUT /fatwahs/${ID}`]: (call) => [
          200,
          { success: true, data: { ...question, ...(call.body as object) } },
        ],
      }),
    );
    const { user, router } = open();
    const box = await screen.findByLabelText('Answer (Markdown)', {}, { timeout: 5000 });
    fireEvent.change(box, { target: { value: 'Sleeping lying down breaks it.' } });
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Answer saved'));

    await router.navigate('/admin/fatwah');
    await screen.findByText('The desk');
    await router.navigate(`/admin/fatwah/${ID}`);
    expect(await screen.findByLabelText('Answer (Markdown)')).toHaveValue('Sleeping lying down breaks it.');
  });

  it('refuses to save an empty answer, with the message beside the box', async () => {
    const calls = fakeApi(routes());
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Save draft' }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Answer is required for existing fatwahs');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows similar published questions and inserts a Markdown link to one in the answer', async () => {
    const calls = fakeApi(routes());
    const { user } = open();
    const list = await screen.findByRole('list', { name: 'Similar published questions' }, { timeout: 5000 });
    expect(
      within(list).getByRole('link', { name: /Is wudu broken by sleep while sitting\?/ }),
    ).toHaveAttribute('href', `/fatwah/${similar._id}`);
    expect(calls.find((call) => call.path === '/fatwahs/admin/similar')?.query.get('exclude')).toBe(ID);
    await user.click(within(list).getByRole('button', { name: /Insert a link/ }));
    expect(screen.getByLabelText('Answer (Markdown)')).toHaveValue(
      `[${similar.question}](/fatwah/${similar._id})`,
    );
  });

  it('deletes only from the More menu, after a confirmation dialog, then returns to the desk', async () => {
    const calls = fakeApi(routes({ [`DELETE /fatwahs/${ID}`]: () => [200, { success: true, data: null }] }));
    const { user } = open();
    expect(
      await screen.findByRole('heading', { name: 'Answer the question' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    // Escape closes it, focus back on More; then the keyboard opens it again.
    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Delete fatwah…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this fatwah?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(more);
    await user.click(screen.getByRole('button', { name: 'Delete fatwah…' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this fatwah?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('The desk')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/fatwahs/${ID}`,
    ]);
  });
});
