import { ARTICLE_CARD_IMAGE_SIZES } from '@scholar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { LatestArticles } from '../components/latest-articles';
import { fakeApi, listOf, renderRoute, sampleArticle, summaryOf } from '../testing';
import { shownPagination } from '../../../test/pagination';
import { ArticlePage } from './article-page';
import { ArticlesPage, ArticleTagPage } from './articles-page';

/** Which elements were scrolled into view, and how (jsdom has no layout). */
const scrolledIntoView: { element: Element; options: unknown }[] = [];
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  scrolledIntoView.length = 0;
  Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
    scrolledIntoView.push({ element: this, options });
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const openList = (path = '/articles') => renderRoute(<ArticlesPage />, { path, pattern: '/articles' });

describe('ArticlesPage', () => {
  it('shows 12 placeholders while loading', () => {
    fakeApi({ 'GET /articles/published': () => 'pending' });
    openList();
    expect(screen.getByRole('heading', { level: 1, name: 'Articles & Insights' })).toBeInTheDocument();
    const loading = screen.getByRole('status', { name: 'Loading articles' });
    expect(loading.querySelectorAll('li')).toHaveLength(12);
  });

  it('asks for page 1, 12 a page, newest publication first, and shows the cards', async () => {
    const calls = fakeApi({
      'GET /articles/published': () => [
        200,
        {
          success: true,
          data: listOf([
            sampleArticle(1, { author: 'Shaykh Ahmad', category: 'Fiqh' }),
            sampleArticle(2, {
              publishedAt: null,
              createdAt: '2026-01-05T06:00:00.000Z',
              views: 1,
              language: 'ur',
            }),
          ]),
        },
      ],
    });
    openList();
    const list = await screen.findByRole('list', { name: 'Articles' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { level: 2, name: 'Article number 1' })).toBeInTheDocument();
    // The card's picture offers its narrower copies, for the card's width.
    const picture = cards[0]!.querySelector('img')!;
    expect(picture.getAttribute('srcset')).toBe(
      '/api/uploads/demo/article-1-400.webp 400w, /api/uploads/demo/article-1-800.webp 800w',
    );
    expect(picture.getAttribute('sizes')).toBe(ARTICLE_CARD_IMAGE_SIZES);
    expect(first.getByRole('link', { name: 'Article number 1' })).toHaveAttribute(
      'href',
      `/articles/${sampleArticle(1)._id}`,
    );
    // The title and excerpt carry the article's language; the English one reads left to right.
    expect(first.getByRole('heading', { level: 2 })).toHaveAttribute('lang', 'en');
    expect(first.getByRole('heading', { level: 2 })).toHaveAttribute('dir', 'ltr');
    expect(within(cards[1]!).getByRole('heading', { level: 2 })).toHaveAttribute('dir', 'rtl');
    expect(within(cards[1]!).getByText('The excerpt of article 2.')).toHaveAttribute('lang', 'ur');
    // The badge names the article's category.
    expect(first.getByText('Fiqh')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('General')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('1 view')).toBeInTheDocument();
    expect(first.getByText('The excerpt of article 1.')).toBeInTheDocument();
    expect(first.getByText('22 Nov 2026')).toBeInTheDocument();
    expect(first.getByText('10 views')).toBeInTheDocument();
    expect(first.getByText('By Shaykh Ahmad')).toBeInTheDocument();
    const image = cards[0]!.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/api/uploads/demo/article-1.webp');
    // The first card's picture is the page's largest paint: fetched at once; the others when scrolled to.
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(cards[1]!.querySelector('img')).toHaveAttribute('loading', 'lazy');
    // No publication date: the creation date.
    expect(within(cards[1]!).getByText('5 Jan 2026')).toBeInTheDocument();

    const query = Object.fromEntries(calls.find((c) => c.path === '/articles/published')!.query);
    expect(query).toEqual({
      page: '1',
      limit: '12',
      sortBy: 'publishedAt',
      sortOrder: 'desc',
      language: 'en',
    });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('changes page through the pagination links and scrolls smoothly to the top', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /articles/published': ({ query }) => {
        const page = Number(query.get('page'));
        return [
          200,
          {
            success: true,
            data: listOf([sampleArticle(page)], {
              currentPage: page,
              totalPages: 10,
              total: 120,
              hasNext: page < 10,
              hasPrev: page > 1,
            }),
          },
        ];
      },
    });
    const { router } = openList('/articles?page=5');
    expect(await screen.findByRole('heading', { name: 'Article number 5' })).toBeInTheDocument();
    const { nav, entries } = shownPagination();
    expect(entries).toEqual(['1', '...', '4', '5', '6', '...', '10']);
    // Links to the list's own address with the page, which work before the script too.
    expect(within(nav).getByRole('link', { name: 'Page 6' })).toHaveAttribute('href', '/articles?page=6');
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/articles');
    await user.click(within(nav).getByRole('link', { name: 'Page 6' }));
    expect(await screen.findByRole('heading', { name: 'Article number 6' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=6');
    // Smoothly to the list's top, which lies just above the first card.
    expect(scrolledIntoView).toHaveLength(1);
    expect(scrolledIntoView[0]!.options).toEqual({ block: 'start', behavior: 'smooth' });
    expect(scrolledIntoView[0]!.element.nextElementSibling).toBe(
      screen.getByRole('list', { name: 'Articles' }),
    );
    await user.click(screen.getByRole('link', { name: 'Page 1' }));
    expect(await screen.findByRole('heading', { name: 'Article number 1' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(calls.map((c) => c.query.get('page'))).toEqual(['5', '6', '1']);
  });

  it('searches by the words in the address, from a GET form that works without the script', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /articles/published': ({ query }) => {
        const search = query.get('search');
        return [
          200,
          { success: true, data: listOf(search ? [sampleArticle(7, { title: 'On Arafah' })] : []) },
        ];
      },
    });
    const { router } = openList('/articles?search=hajj');
    const box = await screen.findByRole('searchbox', { name: 'Search articles' });
    expect(box).toHaveValue('hajj');
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/articles');
    expect(box).toHaveAttribute('name', 'search');
    expect(await screen.findByText('1 article found for “hajj”')).toHaveAttribute('role', 'status');
    await user.clear(box);
    await user.type(box, 'day of arafah{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=day+of+arafah'));
    await waitFor(() => expect(calls.map((c) => c.query.get('search'))).toContain('day of arafah'));
  });

  it('lists the articles of a tag on its page, with the feed of the tag', async () => {
    const calls = fakeApi({
      'GET /articles/published': () => [200, { success: true, data: listOf([sampleArticle(3)]) }],
    });
    renderRoute(<ArticleTagPage />, {
      path: '/articles/tag/day%20of%20arafah',
      pattern: '/articles/tag/:tag',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Articles tagged #day of arafah' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Article number 3' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/articles/published')!.query.get('tags')).toBe('day of arafah');
    expect(screen.getByRole('link', { name: 'RSS feed' })).toHaveAttribute(
      'href',
      '/articles/tag/day%20of%20arafah/rss.xml',
    );
    expect(screen.getByRole('search')).toHaveAttribute('action', '/articles/tag/day%20of%20arafah');
  });

  it('shows the empty and the error states', async () => {
    fakeApi({ 'GET /articles/published': () => [200, { success: true, data: listOf([]) }] });
    const empty = openList();
    expect(await screen.findByText('No articles found matching your criteria.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    empty.unmount();

    // A page beyond the last one: empty, with the pagination leading back.
    fakeApi({
      'GET /articles/published': () => [
        200,
        { success: true, data: listOf([], { currentPage: 9, totalPages: 3, total: 30, hasPrev: true }) },
      ],
    });
    const beyond = openList('/articles?page=9');
    expect(await screen.findByText('No articles found matching your criteria.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/articles?page=3');
    beyond.unmount();

    fakeApi({
      'GET /articles/published': () => [
        500,
        { success: false, error: 'An unexpected error occurred', code: 'X' },
      ],
    });
    openList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load articles');
  });
});

/** The third sample article, on Ramadan, by Shaykh Ahmad, read 1,840 times; `overrides` add the rest. */
const ramadanArticle = (overrides: Parameters<typeof sampleArticle>[1]) =>
  sampleArticle(3, {
    title: 'Preparing the Heart for Ramadan',
    category: 'Ramadan',
    author: 'Shaykh Ahmad',
    views: 1840,
    ...overrides,
  });

describe('ArticlePage', () => {
  const openArticle = (id: string) =>
    renderRoute(<ArticlePage />, { path: `/articles/${id}`, pattern: '/articles/:id' });

  it('shows the image with the category, title, date, views, author, reading time, sharing, content and tags', async () => {
    const article = ramadanArticle({
      excerpt: 'A short summary.',
      content: '<p>First paragraph.</p><p>Second line one\nline two</p><script>alert(1)</script>',
      tags: ['ramadan', 'fasting'],
    });
    const calls = fakeApi({
      [`GET /articles/published/${article._id}`]: () => [200, { success: true, data: article }],
    });
    openArticle(article._id);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Preparing the Heart for Ramadan' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ramadan')).toBeInTheDocument();
    expect(screen.getByText('22 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('1840 views')).toBeInTheDocument();
    expect(screen.getByTestId('reading-time')).toHaveTextContent('1 min read');
    // The byline, and the author card below the text.
    expect(screen.getAllByText('Shaykh Ahmad')).toHaveLength(2);
    expect(screen.getByRole('complementary', { name: 'Shaykh Ahmad' })).toHaveTextContent('Written by');
    expect(screen.getByText('Share:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /share on x/i })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent(`/articles/${article._id}`)),
    );
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    // The excerpt is for the lists and link previews: not repeated above the text.
    expect(screen.queryByText('A short summary.')).not.toBeInTheDocument();
    const first = screen.getByText('First paragraph.');
    expect(first.tagName).toBe('P');
    expect(first.nextElementSibling?.innerHTML).toBe('Second line one<br>line two');
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByRole('link', { name: '#ramadan' })).toHaveAttribute('href', '/articles/tag/ramadan');
    expect(screen.getByRole('link', { name: '#fasting' })).toHaveAttribute('href', '/articles/tag/fasting');
    expect(document.querySelector('img')).toHaveAttribute('src', '/api/uploads/demo/article-3.webp');
    expect(calls.filter((c) => c.path.startsWith('/articles/'))).toHaveLength(1);
  });

  it("marks the title and text with the article's language and direction, and links its translations", async () => {
    const article = sampleArticle(4, {
      language: 'ur',
      title: 'رمضان کی تیاری',
      excerpt: 'رمضان سے پہلے دل کی تیاری۔',
      content: '<p>قضا روزے پورے کیجیے۔</p><p>قرآن کی تلاوت بڑھائیے۔</p>',
      translations: [
        { _id: sampleArticle(1)._id, language: 'en', title: 'Preparing the Heart for Ramadan' },
        { _id: sampleArticle(2)._id, language: 'bn', title: 'রমজানের প্রস্তুতি' },
      ],
    });
    fakeApi({ [`GET /articles/published/${article._id}`]: () => [200, { success: true, data: article }] });
    openArticle(article._id);
    const title = await screen.findByRole('heading', { level: 1, name: 'رمضان کی تیاری' });
    for (const element of [title, screen.getByText('قضا روزے پورے کیجیے۔').closest('[dir]')!]) {
      expect(element).toHaveAttribute('lang', 'ur');
      expect(element).toHaveAttribute('dir', 'rtl');
    }
    const links = within(screen.getByRole('navigation', { name: 'Translations' })).getAllByRole('link');
    expect(
      links.map((link) => [link.textContent, link.getAttribute('hreflang'), link.getAttribute('lang')]),
    ).toEqual([
      ['English', 'en', 'en'],
      ['বাংলা', 'bn', 'bn'],
    ]);
    expect(links[1]).toHaveAttribute('href', `/articles/${sampleArticle(2)._id}`);
  });

  it('shows no lead above the text, whatever the excerpt; 1 view, 0 views, 2 views', async () => {
    const short = sampleArticle(4, {
      excerpt: 'Be patient, and be grateful.',
      content: '<p>Be patient,</p><p>and be grateful.</p>',
      views: 1,
    });
    fakeApi({ [`GET /articles/published/${short._id}`]: () => [200, { success: true, data: short }] });
    const view = openArticle(short._id);
    expect(await screen.findByText('1 view')).toBeInTheDocument();
    expect(screen.getByText('Be patient,')).toBeInTheDocument();
    expect(screen.queryByText('Be patient, and be grateful.')).not.toBeInTheDocument();
    view.unmount();

    for (const views of [0, 2]) {
      // A derived excerpt cut mid-sentence, or a summary in other words: neither is shown above the text.
      const article = sampleArticle(5 + views, {
        views,
        excerpt: views ? 'First paragraph. Second…' : 'Other words.',
      });
      fakeApi({ [`GET /articles/published/${article._id}`]: () => [200, { success: true, data: article }] });
      const other = openArticle(article._id);
      expect(await screen.findByText(`${views} views`)).toBeInTheDocument();
      expect(screen.queryByText(article.excerpt)).not.toBeInTheDocument();
      other.unmount();
    }
  });

  it('reads on: reading time of a long text, More in its category, the next and the previous article', async () => {
    const words = Array.from({ length: 401 }, (_, i) => `word${i}`).join(' ');
    const link = (n: number, title: string) => ({
      _id: sampleArticle(n)._id,
      title,
      excerpt: '',
      category: 'Fiqh',
      featuredImage: '',
      publishedAt: '2026-11-01T06:00:00.000Z',
    });
    const article = sampleArticle(9, {
      category: 'Fiqh',
      content: `<p>${words}</p>`,
      related: [link(1, 'Related one'), link(2, 'Related two')],
      next: link(3, 'Newer one'),
      previous: link(4, 'Older one'),
    });
    fakeApi({ [`GET /articles/published/${article._id}`]: () => [200, { success: true, data: article }] });
    openArticle(article._id);
    // 401 words at 200 a minute: 3 minutes.
    expect(await screen.findByTestId('reading-time')).toHaveTextContent('3 min read');
    const related = screen.getByRole('region', { name: 'More in Fiqh' });
    expect(
      within(related)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      [expect.stringContaining('Related one'), `/articles/${sampleArticle(1)._id}`],
      [expect.stringContaining('Related two'), `/articles/${sampleArticle(2)._id}`],
    ]);
    const adjacent = screen.getByRole('navigation', { name: 'More articles' });
    expect(within(adjacent).getByRole('link', { name: /Previous article.*Older one/ })).toHaveAttribute(
      'href',
      `/articles/${sampleArticle(4)._id}`,
    );
    expect(within(adjacent).getByRole('link', { name: /Next article.*Newer one/ })).toHaveAttribute(
      'href',
      `/articles/${sampleArticle(3)._id}`,
    );
  });

  it('says the article is not found, with a way back', async () => {
    const id = sampleArticle(9)._id;
    fakeApi({
      [`GET /articles/published/${id}`]: () => [
        404,
        { success: false, error: 'Article not found', code: 'ARTICLE_NOT_FOUND' },
      ],
    });
    openArticle(id);
    expect(await screen.findByRole('heading', { name: 'Article Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The article you're looking for doesn't exist or has been removed."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Articles' })).toHaveAttribute('href', '/articles');
  });
});

describe('LatestArticles', () => {
  const openHome = () => renderRoute(<LatestArticles />, { path: '/', pattern: '/' });

  it('shows the 3 latest articles and a link to all', async () => {
    const calls = fakeApi({
      'GET /articles/recent': () => [
        200,
        { success: true, data: [1, 2, 3].map((n) => summaryOf(sampleArticle(n))) },
      ],
    });
    openHome();
    expect(await screen.findByRole('heading', { level: 2, name: 'Latest Articles' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Article number 1',
      'Article number 2',
      'Article number 3',
    ]);
    // The recent list carries no content: each card shows its excerpt.
    expect(screen.getByText('The excerpt of article 2.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Articles' })).toHaveAttribute('href', '/articles');
    expect(calls[0]!.query.get('limit')).toBe('3');
  });

  it('renders nothing when there are no articles', async () => {
    const calls = fakeApi({ 'GET /articles/recent': () => [200, { success: true, data: [] }] });
    const { container } = openHome();
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container).toBeEmptyDOMElement();
  });
});

/** `element` in a page of `language`. */
const inLanguage = async (language: 'ur' | 'bn', element: ReactElement) => (
  <LocaleProvider i18n={await loadI18n(language)}>{element}</LocaleProvider>
);

describe('the article screens in Urdu and Bengali', () => {
  it('shows the list in Urdu: its heading, each card with its category, date, views and author in Urdu', async () => {
    fakeApi({
      'GET /articles/published': () => [
        200,
        {
          success: true,
          data: listOf([
            sampleArticle(1, { author: 'Shaykh Ahmad', category: 'Fiqh' }),
            sampleArticle(2, { category: 'Seerah', views: 1 }),
            sampleArticle(3, { category: '' }),
          ]),
        },
      ],
    });
    renderRoute(await inLanguage('ur', <ArticlesPage />), { path: '/articles', pattern: '/articles' });
    expect(screen.getByRole('heading', { level: 1, name: 'مضامین اور افکار' })).toBeInTheDocument();
    expect(document.title).toBe('مضامین | دار العلم');
    expect(screen.getByRole('status', { name: 'مضامین لوڈ ہو رہے ہیں' })).toBeInTheDocument();
    const cards = within(await screen.findByRole('list', { name: 'مضامین' })).getAllByRole('article');
    const first = within(cards[0]!);
    // The article's own title and author stay as written.
    expect(first.getByRole('heading', { level: 2, name: 'Article number 1' })).toBeInTheDocument();
    expect(first.getByText('فقہ')).toBeInTheDocument();
    expect(first.getByText('22 نومبر، 2026')).toBeInTheDocument();
    expect(first.getByText('10 بار پڑھا گیا')).toBeInTheDocument();
    expect(first.getByText('تحریر: \u2068Shaykh Ahmad\u2069')).toBeInTheDocument();
    // A category of the desk's own words is shown as written; none at all is "an article".
    expect(within(cards[1]!).getByText('Seerah')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('1 بار پڑھا گیا')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('مضمون')).toBeInTheDocument();
  });

  it('says in Urdu that the list is empty or failed', async () => {
    fakeApi({ 'GET /articles/published': () => [200, { success: true, data: listOf([]) }] });
    const empty = renderRoute(await inLanguage('ur', <ArticlesPage />), {
      path: '/articles',
      pattern: '/articles',
    });
    expect(await screen.findByText('آپ کی تلاش سے ملتا کوئی مضمون نہیں ملا۔')).toBeInTheDocument();
    empty.unmount();
    fakeApi({ 'GET /articles/published': () => [500, { success: false, error: 'Server error', code: 'X' }] });
    renderRoute(await inLanguage('ur', <ArticlesPage />), { path: '/articles', pattern: '/articles' });
    expect(await screen.findByRole('alert')).toHaveTextContent('مضامین لوڈ نہیں ہو سکے');
  });

  it("shows an article's page in Urdu around the article's own text", async () => {
    const article = ramadanArticle({
      tags: ['ramadan'],
      translations: [{ _id: sampleArticle(2)._id, language: 'bn', title: 'রমজানের প্রস্তুতি' }],
    });
    fakeApi({ [`GET /articles/published/${article._id}`]: () => [200, { success: true, data: article }] });
    renderRoute(await inLanguage('ur', <ArticlePage />), {
      path: `/articles/${article._id}`,
      pattern: '/articles/:id',
    });
    expect(screen.getByRole('status')).toHaveTextContent('مضمون لوڈ ہو رہا ہے...');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Preparing the Heart for Ramadan' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'مضامین کی طرف واپس' })).toBeInTheDocument();
    expect(screen.getByText('رمضان')).toBeInTheDocument();
    expect(screen.getByText('22 نومبر، 2026')).toBeInTheDocument();
    expect(screen.getByText('1,840 بار پڑھا گیا')).toBeInTheDocument();
    expect(screen.getAllByText('Shaykh Ahmad')).toHaveLength(2);
    expect(screen.getByTestId('reading-time')).toHaveTextContent('مطالعہ: 1 منٹ');
    const translations = screen.getByRole('navigation', { name: 'ترجمے' });
    expect(translations).toHaveTextContent('دوسری زبانوں میں:');
    expect(screen.getByText('شیئر کریں:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'X پر شیئر کریں (نئے ٹیب میں کھلے گا)' })).toHaveAttribute(
      'title',
      'X پر شیئر کریں',
    );
    expect(screen.getByRole('button', { name: 'لنک کاپی کریں' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ٹیگ' })).toBeInTheDocument();
  });

  it("writes an article's views and date in Bengali digits on a Bengali page", async () => {
    const article = sampleArticle(3, { views: 1840, category: 'Fiqh' });
    fakeApi({ [`GET /articles/published/${article._id}`]: () => [200, { success: true, data: article }] });
    renderRoute(await inLanguage('bn', <ArticlePage />), {
      path: `/articles/${article._id}`,
      pattern: '/articles/:id',
    });
    expect(await screen.findByText('১,৮৪০ বার পড়া হয়েছে')).toBeInTheDocument();
    expect(screen.getByText('ফিকহ')).toBeInTheDocument();
    expect(screen.getByText(/^২২ নভে/)).toHaveAttribute('datetime', article.publishedAt);
    expect(screen.getByRole('link', { name: 'প্রবন্ধে ফিরে যান' })).toBeInTheDocument();
  });

  it('says in Urdu that an article is not found, or failed to load', async () => {
    const id = sampleArticle(9)._id;
    fakeApi({
      [`GET /articles/published/${id}`]: () => [
        404,
        { success: false, error: 'Article not found', code: 'ARTICLE_NOT_FOUND' },
      ],
    });
    const missing = renderRoute(await inLanguage('ur', <ArticlePage />), {
      path: `/articles/${id}`,
      pattern: '/articles/:id',
    });
    expect(await screen.findByRole('heading', { name: 'مضمون نہیں ملا' })).toBeInTheDocument();
    expect(
      screen.getByText('جو مضمون آپ تلاش کر رہے ہیں وہ موجود نہیں یا ہٹا دیا گیا ہے۔'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'مضامین کی طرف واپس' })).toBeInTheDocument();
    missing.unmount();

    fakeApi({ [`GET /articles/published/${id}`]: () => [500, { success: false, error: 'Oops', code: 'X' }] });
    renderRoute(await inLanguage('ur', <ArticlePage />), {
      path: `/articles/${id}`,
      pattern: '/articles/:id',
    });
    // After its one second try.
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      'مضمون لوڈ نہیں ہو سکا',
    );
    expect(screen.getByRole('link', { name: 'مضامین کی طرف واپس' })).toBeInTheDocument();
  });

  it("shows the home page's latest articles in Urdu", async () => {
    fakeApi({
      'GET /articles/recent': () => [
        200,
        { success: true, data: [summaryOf(sampleArticle(1, { category: 'Family', views: 2 }))] },
      ],
    });
    renderRoute(await inLanguage('ur', <LatestArticles />), { path: '/', pattern: '/' });
    expect(await screen.findByRole('heading', { level: 2, name: 'تازہ مضامین' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تمام مضامین دیکھیں' })).toBeInTheDocument();
    expect(screen.getByText('خاندان')).toBeInTheDocument();
    expect(screen.getByText('2 بار پڑھا گیا')).toBeInTheDocument();
  });
});
