import { FATWAH_CATEGORIES } from '@scholar/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { AskFatwahPage } from './ask-fatwah-page';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const REFERENCE = 'Q-2026-00123';
/** The published fatwah the similar-questions read answers with, and what it was asked. */
const SIMILAR = [
  {
    _id: '0190b0a0-0000-7000-8000-0000000000a1',
    question: 'Does sleeping break wudu?',
    reference: 'Q-2026-00012',
    language: 'en',
    categories: ['Purification'],
    publishedAt: '2026-10-01T00:00:00.000Z',
  },
];
let similarAsked: string[] = [];
/** The Idempotency-Key of each question sent. */
let keys: (string | null)[] = [];

function openForm(refuse?: () => Response | undefined, language?: Awaited<ReturnType<typeof loadI18n>>) {
  const submitted: unknown[] = [];
  keys = [];
  similarAsked = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://localhost').pathname;
    if (path === '/api/fatwahs/categories') return json(200, { success: true, data: [...FATWAH_CATEGORIES] });
    if (path === '/api/fatwahs/similar') {
      similarAsked.push(new URL(input, 'http://localhost').searchParams.get('q') ?? '');
      return json(200, { success: true, data: SIMILAR });
    }
    if (path === '/api/fatwahs/submit') {
      submitted.push(JSON.parse(String(init?.body)));
      keys.push(new Headers(init?.headers).get('idempotency-key'));
      const refusal = refuse?.();
      if (refusal) return refusal;
      return json(201, {
        success: true,
        data: { _id: '0190b0a0-0000-7000-8000-0000000000f2', status: 'pending', reference: REFERENCE },
      });
    }
    return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
  const page = language ? (
    <LocaleProvider i18n={language}>
      <AskFatwahPage />
    </LocaleProvider>
  ) : (
    <AskFatwahPage />
  );
  const router = createMemoryRouter([{ path: '/ask-fatwah', element: page }], {
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
  it('shows published fatwahs like the question once it has three words and typing rests', async () => {
    const user = userEvent.setup();
    openForm();
    const question = screen.getByLabelText('Your Question *');
    await user.type(question, 'wudu sleep');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(similarAsked).toEqual([]);
    expect(screen.queryByText('Your question may already be answered')).not.toBeInTheDocument();

    await user.type(question, ' sitting?');
    const heading = await screen.findByRole('heading', { name: 'Your question may already be answered' });
    // Asked once, for the words as they rest, not for every key.
    expect(similarAsked).toEqual(['wudu sleep sitting?']);
    const section = heading.closest('section')!;
    const link = within(section).getByRole('link', { name: /Does sleeping break wudu\?/ });
    expect(link).toHaveAttribute('href', '/fatwah/0190b0a0-0000-7000-8000-0000000000a1');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('brings the confirmation with the reference into view and focuses it', async () => {
    const user = userEvent.setup();
    const scrolled: Element[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    openForm();
    await user.type(screen.getByLabelText('Your Question *'), 'May I pray on a train?');
    await user.type(screen.getByLabelText('Your Email (optional)'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    const confirmation = await screen.findByTestId('question-sent');
    expect(within(confirmation).getByTestId('fatwah-reference')).toHaveTextContent(REFERENCE);
    await waitFor(() => expect(confirmation).toHaveFocus());
    expect(scrolled).toContain(confirmation);
    expect(within(confirmation).getByRole('link', { name: 'Check your question’s status' })).toHaveAttribute(
      'href',
      '/fatwah-status',
    );
  });

  it('checks the email with the other fields, marks each beside it at once and sends nothing while one fails', async () => {
    const user = userEvent.setup();
    const submitted = openForm();
    const question = screen.getByLabelText('Your Question *');
    const email = screen.getByLabelText('Your Email (optional)');
    expect(email).toHaveAttribute('type', 'email');

    await user.type(email, 'not-an-email');
    await user.click(await screen.findByRole('checkbox', { name: 'Other', checked: true }));
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    expect(question).toHaveAttribute('aria-invalid', 'true');
    expect(question).toHaveAccessibleDescription('Please enter your question');
    const categories = screen.getByRole('group', { name: 'Categories *' });
    expect(categories).toHaveAttribute('aria-invalid', 'true');
    expect(categories).toHaveAccessibleDescription('Please select at least one category');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    await waitFor(() => expect(question).toHaveFocus());
    expect(submitted).toEqual([]);
    expect(toast.error).toHaveBeenCalledTimes(1);

    await user.type(question, 'Is zakat due on savings?');
    await user.click(screen.getByRole('checkbox', { name: 'Other', checked: false }));
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    await waitFor(() => expect(email).toHaveFocus());
    expect(question).not.toHaveAttribute('aria-invalid');
    expect(submitted).toEqual([]);

    await user.clear(email);
    await user.type(email, 'asker@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    expect(
      await screen.findByRole('heading', { name: 'Question Submitted Successfully!' }),
    ).toBeInTheDocument();
    expect(submitted).toEqual([
      { question: 'Is zakat due on savings?', categories: ['Other'], askerEmail: 'asker@example.com' },
    ]);
  }, 15_000);

  it('sends one Idempotency-Key per question: the same again after a server error, a new one after success', async () => {
    const user = userEvent.setup();
    let failing = true;
    openForm(() =>
      failing
        ? json(503, { success: false, error: 'Try again shortly', code: 'SERVICE_UNAVAILABLE' })
        : undefined,
    );
    await user.type(screen.getByLabelText('Your Question *'), 'Is zakat due on savings?');
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again shortly');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    await screen.findByRole('heading', { name: 'Question Submitted Successfully!' });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toEqual(expect.any(String));
    expect(keys[1]).toBe(keys[0]);

    await user.click(screen.getByRole('link', { name: 'Ask Another Question' }));
    await user.type(screen.getByLabelText('Your Question *'), 'Is zakat due on savings?');
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    await screen.findByRole('heading', { name: 'Question Submitted Successfully!' });
    expect(keys[2]).toEqual(expect.any(String));
    expect(keys[2]).not.toBe(keys[0]);
  }, 15_000);

  it("keeps the app's own messages for the question and the categories", async () => {
    const user = userEvent.setup();
    const submitted = openForm();
    const question = screen.getByLabelText('Your Question *');
    expect(question).not.toBeRequired();

    await user.type(question, '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your question');
    expect(toast.error).toHaveBeenLastCalledWith('Please enter your question', expect.anything());

    await user.type(question, 'May I pray sitting on a train?');
    await user.click(await screen.findByRole('checkbox', { name: 'Other', checked: true }));
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least one category');
    expect(toast.error).toHaveBeenLastCalledWith('Please select at least one category', expect.anything());
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Prayer' })).toHaveFocus());
    expect(submitted).toEqual([]);
  }, 15_000);

  it("puts the server's field errors beside their fields, and a refusal of no field near the button", async () => {
    const user = userEvent.setup();
    let answer = () =>
      json(400, {
        success: false,
        error: 'Please keep your question under 5000 characters',
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.question', message: 'Please keep your question under 5000 characters' }],
      });
    openForm(() => answer());
    const question = screen.getByLabelText('Your Question *');
    await user.type(question, 'May I combine prayers while travelling?');
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    await waitFor(() => expect(question).toHaveFocus());
    expect(question).toHaveAccessibleDescription('Please keep your question under 5000 characters');

    answer = () =>
      json(429, {
        success: false,
        error: 'Too many questions. Please try again later.',
        code: 'RATE_LIMITED',
      });
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many questions. Please try again later.');
    expect(question).not.toHaveAttribute('aria-invalid');
    expect(toast.error).toHaveBeenLastCalledWith(
      'Too many questions. Please try again later.',
      expect.anything(),
    );
  }, 15_000);

  it('leaves "Show my name with the question" unticked, and sends the consent only when ticked', async () => {
    const user = userEvent.setup();
    const submitted = openForm();
    const consent = screen.getByRole('checkbox', { name: 'Show my name with the question' });
    expect(consent).not.toBeChecked();
    await user.type(screen.getByLabelText('Your Question *'), 'Is zakat due on savings?');
    await user.type(screen.getByLabelText('Your Name (optional)'), 'Khadija');
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    await screen.findByRole('heading', { name: 'Question Submitted Successfully!' });
    expect(submitted).toEqual([
      { question: 'Is zakat due on savings?', categories: ['Other'], askerName: 'Khadija' },
    ]);

    await user.click(screen.getByRole('link', { name: 'Ask Another Question' }));
    expect(screen.getByRole('checkbox', { name: 'Show my name with the question' })).not.toBeChecked();
    await user.type(screen.getByLabelText('Your Question *'), 'May I pray sitting on a train?');
    await user.type(screen.getByLabelText('Your Name (optional)'), 'Khadija');
    await user.click(screen.getByRole('checkbox', { name: 'Show my name with the question' }));
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    await screen.findByRole('heading', { name: 'Question Submitted Successfully!' });
    expect(submitted[1]).toEqual({
      question: 'May I pray sitting on a train?',
      categories: ['Other'],
      askerName: 'Khadija',
      showAskerName: true,
    });
  }, 15_000);

  it('shows the reference once sent, and what happens next with and without an email', async () => {
    const user = userEvent.setup();
    openForm();
    await user.type(screen.getByLabelText('Your Question *'), 'Is zakat due on savings?');
    await user.type(screen.getByLabelText('Your Email (optional)'), 'asker@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    await screen.findByRole('heading', { name: 'Question Submitted Successfully!' });
    expect(screen.getByText(REFERENCE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    expect(screen.getByText(/scholars will review your question/)).toHaveTextContent(
      /When it is answered and published, we will send the link to asker@example\.com/,
    );

    await user.click(screen.getByRole('link', { name: 'Ask Another Question' }));
    await user.type(screen.getByLabelText('Your Question *'), 'Another question');
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    await screen.findByRole('heading', { name: 'Question Submitted Successfully!' });
    expect(screen.getByText(REFERENCE)).toBeInTheDocument();
    expect(screen.getByText(/scholars will review your question/)).toHaveTextContent(
      /come back to the fatwahs page/,
    );
    expect(screen.queryByText(/we will send the link/)).not.toBeInTheDocument();
  }, 15_000);

  it('replaces the untouched Other with the first category picked, and keeps Other when the asker adds it back', async () => {
    const user = userEvent.setup();
    const submitted = openForm();
    await user.type(screen.getByLabelText('Your Question *'), 'Is zakat due on gold?');
    expect(await screen.findByRole('checkbox', { name: 'Other', checked: true })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Zakat' }));
    expect(screen.getByRole('checkbox', { name: 'Other' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Family' }));
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    await screen.findByRole('heading', { name: 'Question Submitted Successfully!' });
    expect(submitted[0]).toMatchObject({ categories: ['Zakat', 'Family'] });

    // A fresh form starts from Other again; ticking Other back beside another category is the asker's choice.
    await user.click(screen.getByRole('link', { name: 'Ask Another Question' }));
    expect(screen.getByRole('checkbox', { name: 'Other' })).toBeChecked();
    await user.type(screen.getByLabelText('Your Question *'), 'Is zakat due on silver?');
    await user.click(screen.getByRole('checkbox', { name: 'Zakat' }));
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    await screen.findByRole('heading', { name: 'Question Submitted Successfully!' });
    expect(submitted[1]).toMatchObject({ categories: ['Zakat', 'Other'] });
  }, 15_000);

  it('asks and confirms in Urdu on an Urdu page, sending the categories by their English values', async () => {
    const user = userEvent.setup();
    const submitted = openForm(undefined, await loadI18n('ur'));
    expect(screen.getByRole('heading', { level: 1, name: 'سوال پوچھیں' })).toBeInTheDocument();
    expect(document.title).toBe('سوال پوچھیں | دار العلم');
    expect(screen.getByRole('link', { name: 'فتاویٰ کی طرف واپس' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'سوال پوچھیں' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'سوال کے ساتھ میرا نام دکھائیں' })).not.toBeChecked();
    expect(screen.getByText(/آپ کا ای میل صرف سوال کی وضاحت/)).toBeInTheDocument();
    const categories = screen.getByRole('group', { name: 'موضوعات *' });
    expect(
      await within(categories).findByRole('checkbox', { name: 'دیگر', checked: true }),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('آپ کا سوال *'), 'کیا بچت پر زکوٰۃ واجب ہے؟');
    await user.type(screen.getByLabelText('آپ کا نام (اختیاری)'), 'Khadija');
    await user.type(screen.getByLabelText('آپ کا ای میل (اختیاری)'), 'asker@example.com');
    await user.click(within(categories).getByRole('checkbox', { name: 'زکوٰۃ' }));
    await user.click(screen.getByRole('button', { name: 'سوال بھیجیں' }));

    expect(await screen.findByRole('heading', { name: 'سوال کامیابی سے بھیج دیا گیا!' })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('آپ کا سوال کامیابی سے بھیج دیا گیا!');
    expect(submitted).toEqual([
      {
        question: 'کیا بچت پر زکوٰۃ واجب ہے؟',
        categories: ['Zakat'],
        askerName: 'Khadija',
        askerEmail: 'asker@example.com',
      },
    ]);
    expect(screen.getByText(/آپ کا حوالہ نمبر:/)).toHaveTextContent(REFERENCE);
    expect(screen.getByRole('heading', { name: 'آگے کیا ہوگا' })).toBeInTheDocument();
    const next = screen.getByText(/ہمارے علما آپ کے سوال کو دیکھیں گے/);
    expect(next).toHaveTextContent('جواب شائع ہوتے ہی ہم اس کا لنک asker@example.com پر بھیج دیں گے۔');
    expect(within(next).getByText('asker@example.com').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'فتاویٰ دیکھیں' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'ایک اور سوال پوچھیں' }));
    await user.type(screen.getByLabelText('آپ کا سوال *'), 'ایک اور سوال');
    await user.click(screen.getByRole('button', { name: 'سوال بھیجیں' }));
    await screen.findByRole('heading', { name: 'سوال کامیابی سے بھیج دیا گیا!' });
    expect(screen.getByText(/ہمارے علما/)).toHaveTextContent(/آپ نے ای میل نہیں دیا/);
  }, 15_000);

  it('says what is missing in Urdu on an Urdu page, beside the field', async () => {
    const user = userEvent.setup();
    const submitted = openForm(undefined, await loadI18n('ur'));
    await user.type(screen.getByLabelText('آپ کا ای میل (اختیاری)'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'سوال بھیجیں' }));
    expect(screen.getByLabelText('آپ کا سوال *')).toHaveAccessibleDescription('براہِ کرم اپنا سوال لکھیں');
    expect(screen.getByLabelText('آپ کا ای میل (اختیاری)')).toHaveAccessibleDescription(
      'براہِ کرم درست ای میل پتہ لکھیں',
    );
    expect(submitted).toEqual([]);
  });
});
