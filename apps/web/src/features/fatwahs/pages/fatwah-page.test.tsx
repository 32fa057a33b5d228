import type { Fatwah } from '@scholar/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { json, renderWithProviders } from '../../../test/render';
import { FatwahPage } from './fatwah-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = '0190b0a0-0000-7000-8000-0000000000f3';
const fatwah: Fatwah = {
  _id: ID,
  question: 'May I pray sitting on a train?',
  language: 'en',
  translationOf: null,
  answer: 'Yes, when **standing** is not possible.',
  answerHtml: '<p>Yes, when <strong>standing</strong> is not possible.</p>',
  reference: 'Q-2026-00031',
  categories: ['Prayer'],
  status: 'published',
  answeredBy: { name: 'Mufti Yusuf' },
  publishedAt: '2026-11-01T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const related = [
  {
    _id: '0190b0a0-0000-7000-8000-0000000000a1',
    question: 'May I pray on a plane?',
    reference: 'Q-2026-00012',
    language: 'en',
    categories: ['Prayer'],
    publishedAt: '2026-10-01T00:00:00.000Z',
  },
];

/** The page of one fatwah, its read answered by `answer` in turn (the last one repeats). */
function openPage(...answers: (() => Response | Promise<Response>)[]) {
  return openPageIn(undefined, ...answers);
}

/** The same, inside a page of that language (`undefined`: English, as an unprefixed address has it). */
function openPageIn(
  language: Awaited<ReturnType<typeof loadI18n>> | undefined,
  ...answers: (() => Response | Promise<Response>)[]
) {
  let calls = 0;
  vi.stubGlobal('fetch', async (input: string) => {
    const path = new URL(input, 'http://localhost').pathname;
    if (path === `/api/fatwahs/${ID}/related`) return json(200, { success: true, data: related });
    if (path === `/api/fatwahs/${ID}`) {
      const answer = answers[Math.min(calls, answers.length - 1)]!;
      calls += 1;
      return answer();
    }
    return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
  const page = language ? (
    <LocaleProvider i18n={language}>
      <FatwahPage />
    </LocaleProvider>
  ) : (
    <FatwahPage />
  );
  const router = createMemoryRouter([{ path: '/fatwah/:id', element: page }], {
    initialEntries: [`/fatwah/${ID}`],
  });
  renderWithProviders(router);
  return () => calls;
}

describe('FatwahPage', () => {
  it('shows its number, the answer as the server rendered it, related fatwahs and share links', async () => {
    openPage(() => json(200, { success: true, data: fatwah }));
    const answer = await screen.findByTestId('fatwah-answer');
    expect(answer.querySelector('strong')).toHaveTextContent('standing');
    expect(answer).not.toHaveTextContent('**');
    expect(screen.getByText('Fatwah number').nextElementSibling).toHaveTextContent('Q-2026-00031');
    const relatedList = await screen.findByRole('list', { name: 'Related fatwahs' });
    expect(within(relatedList).getByRole('link', { name: /May I pray on a plane\?/ })).toHaveAttribute(
      'href',
      '/fatwah/0190b0a0-0000-7000-8000-0000000000a1',
    );
    const pageUrl = `${window.location.origin}/fatwah/${ID}`;
    expect(screen.getByRole('link', { name: /share on whatsapp/i })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`${fatwah.question} ${pageUrl}`)}`,
    );
    expect(screen.getByRole('link', { name: /share on x/i })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /share on facebook/i })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('says the details failed to load on a server error, and shows the fatwah after Retry', async () => {
    const user = userEvent.setup();
    const calls = openPage(
      () => json(500, { success: false, error: 'An unexpected error occurred', code: 'INTERNAL' }),
      () => json(200, { success: true, data: fatwah }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Failed to fetch fatwah details' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Fatwah not found')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: fatwah.question })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch fatwah details')).not.toBeInTheDocument();
    expect(calls()).toBe(2);
  });

  it('says the same when the network fails', async () => {
    openPage(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch fatwah details');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says "Fatwah not found" only for a 404, with no Retry', async () => {
    openPage(() => json(404, { success: false, error: 'Fatwah not found', code: 'FATWAH_NOT_FOUND' }));
    expect(await screen.findByRole('heading', { name: 'Fatwah not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch fatwah details')).not.toBeInTheDocument();
  });

  it("shows 'Asked by' only when the answer carries the asker's name", async () => {
    openPage(() => json(200, { success: true, data: fatwah }));
    expect(await screen.findByText('Answered by')).toBeInTheDocument();
    expect(screen.queryByText('Asked by')).not.toBeInTheDocument();
  });

  it("marks the question and answer with the fatwah's language and direction, and links its translations", async () => {
    const urdu: Fatwah = {
      ...fatwah,
      language: 'ur',
      question: 'کیا ٹرین میں بیٹھ کر نماز پڑھ سکتا ہوں؟',
      answer: 'جی ہاں، جب کھڑا ہونا ممکن نہ ہو۔',
      answerHtml: '<p>جی ہاں، جب کھڑا ہونا ممکن نہ ہو۔</p>',
      translations: [
        {
          _id: '0190b0a0-0000-7000-8000-0000000000e1',
          language: 'en',
          question: 'May I pray sitting on a train?',
        },
        {
          _id: '0190b0a0-0000-7000-8000-0000000000b1',
          language: 'bn',
          question: 'ট্রেনে বসে কি নামাজ পড়া যায়?',
        },
      ],
    };
    openPage(() => json(200, { success: true, data: urdu }));
    const question = await screen.findByRole('heading', { level: 1, name: urdu.question });
    expect(question).toHaveAttribute('lang', 'ur');
    expect(question).toHaveAttribute('dir', 'rtl');
    const answer = screen.getByTestId('fatwah-answer');
    expect(answer).toHaveTextContent(urdu.answer!);
    expect(answer).toHaveAttribute('lang', 'ur');
    expect(answer).toHaveAttribute('dir', 'rtl');
    // The headings around them stay in the page's language.
    expect(screen.getByRole('heading', { name: 'Answer' })).not.toHaveAttribute('lang');

    const links = within(screen.getByRole('navigation', { name: 'Translations' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['English', 'বাংলা']);
    expect(links[1]).toHaveAttribute('href', '/fatwah/0190b0a0-0000-7000-8000-0000000000b1');
    expect(links[1]).toHaveAttribute('lang', 'bn');
    expect(links[1]).toHaveAttribute('hreflang', 'bn');
    expect(links[1]).toHaveAttribute('title', 'ট্রেনে বসে কি নামাজ পড়া যায়?');
  });

  it('shows no translation links without translations, and an English fatwah left to right', async () => {
    openPage(() => json(200, { success: true, data: { ...fatwah, translations: [] } }));
    const question = await screen.findByRole('heading', { level: 1, name: fatwah.question });
    expect(question).toHaveAttribute('lang', 'en');
    expect(question).toHaveAttribute('dir', 'ltr');
    expect(screen.queryByRole('navigation', { name: 'Translations' })).not.toBeInTheDocument();
  });

  it('speaks Urdu on an Urdu page, the fatwah itself left as written and its date in Urdu', async () => {
    const urdu = await loadI18n('ur');
    openPageIn(urdu, () =>
      json(200, {
        success: true,
        data: {
          ...fatwah,
          askerName: 'Khadija',
          translations: [
            { _id: '0190b0a0-0000-7000-8000-0000000000b1', language: 'bn', question: 'ট্রেনে নামাজ?' },
          ],
        },
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: fatwah.question })).toHaveAttribute(
      'lang',
      'en',
    );
    expect(screen.getByRole('link', { name: 'فتاویٰ کی طرف واپس' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'سوال' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'جواب' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'موضوعات' })).toHaveTextContent('نماز');
    const translations = screen.getByRole('navigation', { name: 'ترجمے' });
    expect(translations).toHaveTextContent('دوسری زبانوں میں:');
    expect(within(translations).getByRole('link', { name: 'বাংলা' })).toBeInTheDocument();
    expect(screen.getByText('جواب دینے والے').nextElementSibling).toHaveTextContent('Mufti Yusuf');
    expect(screen.getByText('سوال کرنے والے').nextElementSibling).toHaveTextContent('Khadija');
    expect(screen.getByText('تاریخ').nextElementSibling).toHaveTextContent('1 نومبر، 2026');
    expect(screen.getByRole('heading', { name: 'کوئی سوال ہے؟' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'سوال پوچھیں' })).toBeInTheDocument();
  });

  it('says in Urdu that the details failed to load, or that there is no such fatwah', async () => {
    const urdu = await loadI18n('ur');
    openPageIn(urdu, () => json(500, { success: false, error: 'Server error', code: 'INTERNAL' }));
    expect(
      await screen.findByRole('heading', { name: 'فتویٰ کی تفصیلات لوڈ نہیں ہو سکیں' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'دوبارہ کوشش کریں' })).toBeInTheDocument();
    cleanup();

    openPageIn(urdu, () =>
      json(404, { success: false, error: 'Fatwah not found', code: 'FATWAH_NOT_FOUND' }),
    );
    expect(await screen.findByRole('heading', { name: 'فتویٰ نہیں ملا' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'فتاویٰ کی طرف واپس' })).toBeInTheDocument();
  });
});
