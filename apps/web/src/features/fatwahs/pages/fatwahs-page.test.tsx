import { FATWAH_CATEGORIES, type Fatwah } from '@scholar/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { fakeApi, renderRoute, type FakeCall } from '../../../test/fake-api';
import { FatwahsPage } from './fatwahs-page';

const fatwah = (n: number): Fatwah => ({
  _id: `0190b0a0-0000-7000-8000-${String(n).padStart(12, '0')}`,
  question: `Question number ${n}?`,
  language: 'en',
  translationOf: null,
  answer: `Answer number ${n}.`,
  reference: `Q-2026-${String(n).padStart(5, '0')}`,
  categories: ['Prayer'],
  status: 'published',
  answeredBy: { name: 'Mufti Ahmad' },
  publishedAt: '2026-01-05T06:00:00.000Z',
  createdAt: '2026-01-05T06:00:00.000Z',
  updatedAt: '2026-01-05T06:00:00.000Z',
});

/** Which elements were scrolled into view (jsdom has no layout). */
const scrolledIntoView: Element[] = [];

/** The public list: 10 a page of 45, page n holding the fatwah numbered n. */
function answerLists(): FakeCall[] {
  return fakeApi({
    'GET /fatwahs/categories': () => [200, { success: true, data: [...FATWAH_CATEGORIES] }],
    'GET /fatwahs/public': ({ query }) => {
      const page = Number(query.get('page'));
      return [
        200,
        { success: true, data: [fatwah(page)], pagination: { page, limit: 10, total: 45, pages: 5 } },
      ];
    },
  });
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  scrolledIntoView.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledIntoView.push(this);
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (path: string) => {
  const view = renderRoute(<FatwahsPage />, { path, pattern: '/fatwah' });
  const address = () => view.router.state.location.pathname + view.router.state.location.search;
  return { ...view, address, user: userEvent.setup() };
};
const publicReads = (calls: FakeCall[]) =>
  calls.filter((call) => call.path === '/fatwahs/public').map((call) => call.query.toString());

describe('FatwahsPage', () => {
  it('searches with a GET form to /fatwah, its search and category named, and a submit button', async () => {
    answerLists();
    open('/fatwah?search=qasr&category=Prayer&page=2');
    const form = screen.getByRole('search');
    expect(form.tagName).toBe('FORM');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/fatwah');
    expect(within(form).getByRole('searchbox', { name: 'Search fatwahs' })).toHaveAttribute('name', 'search');
    expect(within(form).getByLabelText('Category')).toHaveAttribute('name', 'category');
    expect(within(form).getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
    const question = await screen.findByRole('heading', { name: 'Question number 2?' });
    // The card's question and answer carry the fatwah's language and direction.
    expect(question).toHaveAttribute('lang', 'en');
    expect(question).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('Answer number 2.')).toHaveAttribute('lang', 'en');
    // What the browser sends without the script: the search and the category, from the first page.
    const sent = [...new FormData(form as HTMLFormElement)].map(([key, value]) => [key, String(value)]);
    expect(new URLSearchParams(sent).toString()).toBe('search=qasr&category=Prayer');
  });

  it('reads its page from the address, and its pages are links that keep the search and category', async () => {
    const calls = answerLists();
    const { address, user } = open('/fatwah?search=qasr&category=Prayer&page=2');
    expect(await screen.findByRole('heading', { name: 'Question number 2?' })).toBeInTheDocument();
    expect(publicReads(calls)).toEqual(['search=qasr&category=Prayer&page=2&limit=10&language=en']);

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/fatwah?search=qasr&category=Prayer',
    );
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '/fatwah?search=qasr&category=Prayer&page=3',
    );

    await user.click(within(nav).getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Question number 3?' })).toBeInTheDocument();
    expect(address()).toBe('/fatwah?search=qasr&category=Prayer&page=3');
    expect(publicReads(calls)).toContain('search=qasr&category=Prayer&page=3&limit=10&language=en');
    // The list's top comes into view.
    expect(scrolledIntoView).toHaveLength(1);
    expect(scrolledIntoView[0]!.nextElementSibling).toBe(screen.getByRole('list', { name: 'Fatwahs' }));
  });

  it('with the script, a search or a category changes the address without reloading, from page 1', async () => {
    answerLists();
    const { address, user } = open('/fatwah?category=Prayer&page=3');
    await screen.findByRole('heading', { name: 'Question number 3?' });
    const searchbox = screen.getByRole('searchbox', { name: 'Search fatwahs' });
    await user.type(searchbox, '  witr  ');
    // The form is not sent to the server: the app takes the search.
    expect(fireEvent.submit(screen.getByRole('search'))).toBe(false);
    expect(address()).toBe('/fatwah?search=witr&category=Prayer');
    expect(await screen.findByRole('heading', { name: 'Question number 1?' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Category'), 'Zakat');
    expect(address()).toBe('/fatwah?search=witr&category=Zakat');
    await user.selectOptions(screen.getByLabelText('Category'), '');
    expect(address()).toBe('/fatwah?search=witr');
  });

  it('speaks Urdu on an Urdu page: headings, search, categories by name, byline and date', async () => {
    answerLists();
    const urdu = await loadI18n('ur');
    renderRoute(
      <LocaleProvider i18n={urdu}>
        <FatwahsPage />
      </LocaleProvider>,
      { path: '/fatwah?category=Prayer', pattern: '/fatwah' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'اسلامی فتاویٰ' })).toBeInTheDocument();
    expect(document.title).toBe('فتاویٰ | دار العلم');
    expect(screen.getByRole('link', { name: 'سوال پوچھیں' })).toBeInTheDocument();
    const form = screen.getByRole('search');
    // Without the script, the search stays on the Urdu list.
    expect(form).toHaveAttribute('action', '/ur/fatwah');
    expect(within(form).getByRole('searchbox', { name: 'فتاویٰ میں تلاش کریں' })).toHaveAttribute(
      'placeholder',
      'سوالات اور جوابات میں تلاش کریں...',
    );
    expect(within(form).getByRole('button', { name: 'تلاش' })).toBeInTheDocument();
    const select = within(form).getByLabelText('موضوع');
    // Each category by its Urdu name, its value the one the API knows.
    expect(within(select).getByRole('option', { name: 'تمام موضوعات' })).toHaveValue('');
    expect(within(select).getByRole('option', { name: 'نماز' })).toHaveValue('Prayer');
    expect(within(select).getByRole('option', { name: 'زکوٰۃ' })).toHaveValue('Zakat');

    const list = await screen.findByRole('list', { name: 'فتاویٰ' });
    expect(within(list).getByText('مزید پڑھیں')).toBeInTheDocument();
    expect(within(list).getByRole('list', { name: 'موضوعات' })).toHaveTextContent('نماز');
    // The English name isolated inside the Urdu byline, so that it does not tear the date from it.
    expect(within(list).getByText('جواب: \u2068Mufti Ahmad\u2069 ·')).toBeInTheDocument();
    expect(within(list).getByText('5 جنوری، 2026')).toHaveAttribute('datetime', '2026-01-05T06:00:00.000Z');
  });

  it('writes the date and categories in Bengali on a Bengali page', async () => {
    answerLists();
    renderRoute(
      <LocaleProvider i18n={await loadI18n('bn')}>
        <FatwahsPage />
      </LocaleProvider>,
      { path: '/fatwah', pattern: '/fatwah' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'ইসলামি ফতোয়া' })).toBeInTheDocument();
    expect(screen.getByRole('search')).toHaveAttribute('action', '/bn/fatwah');
    const list = await screen.findByRole('list', { name: 'ফতোয়া' });
    expect(within(list).getByRole('list', { name: 'বিষয়' })).toHaveTextContent('নামাজ');
    expect(within(list).getByText('৫ জানু, ২০২৬')).toBeInTheDocument();
    expect(within(list).getByText('উত্তর: Mufti Ahmad ·')).toBeInTheDocument();
  });

  it('says in Urdu that nothing was found, and after a search offers the ask form without calling it the first question', async () => {
    fakeApi({
      'GET /fatwahs/categories': () => [200, { success: true, data: [...FATWAH_CATEGORIES] }],
      'GET /fatwahs/public': () => [
        200,
        { success: true, data: [], pagination: { page: 1, limit: 10, total: 0, pages: 0 } },
      ],
    });
    renderRoute(
      <LocaleProvider i18n={await loadI18n('ur')}>
        <FatwahsPage />
      </LocaleProvider>,
      { path: '/fatwah?search=witr', pattern: '/fatwah' },
    );
    expect(await screen.findByRole('heading', { name: 'کوئی فتویٰ نہیں ملا' })).toBeInTheDocument();
    expect(screen.getByText('تلاش کے الفاظ یا موضوع بدل کر دیکھیں۔')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'اپنا سوال پوچھیں' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'پہلا سوال آپ پوچھیں' })).not.toBeInTheDocument();
  });

  it('calls the ask form the first question only when no fatwah is published at all', async () => {
    fakeApi({
      'GET /fatwahs/categories': () => [200, { success: true, data: [...FATWAH_CATEGORIES] }],
      'GET /fatwahs/public': () => [
        200,
        { success: true, data: [], pagination: { page: 1, limit: 10, total: 0, pages: 0 } },
      ],
    });
    renderRoute(<FatwahsPage />, { path: '/fatwah', pattern: '/fatwah' });
    expect(await screen.findByRole('link', { name: 'Ask the First Question' })).toHaveAttribute(
      'href',
      '/ask-fatwah',
    );
  });

  it('asks for the Bengali fatwahs first on a Bengali page, and says how many the other languages have', async () => {
    const calls = fakeApi({
      'GET /fatwahs/categories': () => [200, { success: true, data: [...FATWAH_CATEGORIES] }],
      'GET /fatwahs/public': () => [
        200,
        {
          success: true,
          data: [{ ...fatwah(1), language: 'bn', question: 'ঘুমালে কি অজু ভেঙে যায়?' }],
          pagination: { page: 1, limit: 10, total: 17, pages: 2 },
          languages: { bn: 2, en: 12, ur: 3 },
        },
      ],
    });
    renderRoute(
      <LocaleProvider i18n={await loadI18n('bn')}>
        <FatwahsPage />
      </LocaleProvider>,
      { path: '/fatwah', pattern: '/fatwah' },
    );
    expect(await screen.findByText('আপনার ভাষায় ২টি, আগে দেখানো হলো।')).toBeInTheDocument();
    expect(publicReads(calls)).toEqual(['page=1&limit=10&language=bn']);
    // Each other language by its own name, with its count in Bengali digits; none for a language without any.
    const urdu = screen.getByText('اردو');
    expect(urdu).toHaveAttribute('lang', 'ur');
    expect(urdu.nextElementSibling).toHaveTextContent('৩');
    expect(screen.getByText('English').nextElementSibling).toHaveTextContent('১২');
    expect(screen.queryByText('العربية')).not.toBeInTheDocument();
  });

  it('shows a search result once, with its other versions as "also in" links, and says how a misspelt search was read', async () => {
    fakeApi({
      'GET /fatwahs/categories': () => [200, { success: true, data: [...FATWAH_CATEGORIES] }],
      'GET /fatwahs/public': () => [
        200,
        {
          success: true,
          data: [
            {
              ...fatwah(1),
              language: 'ur',
              question: 'کیا نیل پالش کے ساتھ وضو ہو جاتا ہے؟',
              translations: [
                { _id: fatwah(2)._id, language: 'en', question: 'Is wudu valid with nail polish?' },
                { _id: fatwah(3)._id, language: 'bn', question: 'নেইল পলিশ থাকলে কি অজু হয়?' },
              ],
            },
          ],
          pagination: { page: 1, limit: 10, total: 1, pages: 1 },
          didYouMean: 'wudu',
        },
      ],
    });
    renderRoute(
      <LocaleProvider i18n={await loadI18n('ur')}>
        <FatwahsPage />
      </LocaleProvider>,
      { path: '/fatwah?search=wuduu', pattern: '/fatwah' },
    );
    const result = (await screen.findByText('کیا نیل پالش کے ساتھ وضو ہو جاتا ہے؟')).closest('li')!;
    const versions = within(result).getByRole('group', { name: 'ترجمے' });
    const english = within(versions).getByRole('link', { name: 'English' });
    expect(english).toHaveAttribute('href', `/fatwah/${fatwah(2)._id}`);
    expect(english).toHaveAttribute('hreflang', 'en');
    expect(within(versions).getByRole('link', { name: 'বাংলা' })).toHaveAttribute('lang', 'bn');
    // The reading of the misspelt search, its words a link to that search.
    const reading = screen.getByRole('status');
    expect(reading).toHaveTextContent('wudu کے نتائج دکھائے جا رہے ہیں');
    expect(within(reading).getByRole('link', { name: 'wudu' })).toHaveAttribute(
      'href',
      '/fatwah?search=wudu',
    );
  });

  it('offers the nearest answers under the ask link when a search finds nothing', async () => {
    fakeApi({
      'GET /fatwahs/categories': () => [200, { success: true, data: [...FATWAH_CATEGORIES] }],
      'GET /fatwahs/public': () => [
        200,
        {
          success: true,
          data: [],
          pagination: { page: 1, limit: 10, total: 0, pages: 0 },
          nearest: [
            {
              _id: fatwah(7)._id,
              question: 'Does sleeping break wudu?',
              reference: 'Q-2026-00007',
              language: 'en',
              categories: ['Purification'],
              publishedAt: '2026-01-05T06:00:00.000Z',
            },
          ],
        },
      ],
    });
    renderRoute(<FatwahsPage />, { path: '/fatwah?search=telescope', pattern: '/fatwah' });
    expect(await screen.findByRole('link', { name: 'Ask your question' })).toBeInTheDocument();
    const nearest = screen.getByRole('region', { name: 'Answers that may help' });
    expect(within(nearest).getByRole('link', { name: 'Does sleeping break wudu?' })).toHaveAttribute(
      'href',
      `/fatwah/${fatwah(7)._id}`,
    );
  });
});
