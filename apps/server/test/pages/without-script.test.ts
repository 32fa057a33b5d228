import {
  API_BASE,
  apiReads,
  DEFAULT_BOOK_SORT,
  formatMoney,
  PAGE_SIZES,
  paths,
  publicBooksPage,
  type Book,
} from '@scholar/shared';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { escapeRegExp, oneLine, paragraphsOf, read } from './support/raw-page';
import type { Article, Fatwah } from './support/site-data';
import { addBook, useRenderedSite } from './support/site';
import {
  allByRole,
  allByTag,
  allByTestId,
  attr,
  byRole,
  fill,
  follow,
  formOf,
  isShown,
  linksTo,
  open,
  pathOf,
  submit,
  textOf,
  valueOf,
  type ShownPage,
} from './support/without-script';

/**
 * Without JavaScript (the script blocked, failed or not loaded yet) the books, fatwahs and articles are still read,
 * searched and paged: each step here is what such a browser does, a link followed or a GET form sent, from the HTML
 * the last step brought. (That the browser takes the same HTML over and moves on without reloading is the
 * journeys' part: e2e/server-rendering.spec.ts.)
 */

const site = useRenderedSite();
const app = (): FastifyInstance => site.ctx.app;

/** Where a page's link to an item leads: the item's id, last in the path. */
const idIn = (page: ShownPage) => page.url.pathname.split('/').at(-1) ?? '';

/** The page shows one h1 of that name. */
const expectH1 = (page: ShownPage, name: string) => byRole(page.document, 'heading', { level: 1, name });
const mainOf = (page: ShownPage) => byRole(page.document, 'main');

describe('a reader without JavaScript', () => {
  it('opens a book from the books page and sees its name and price', async () => {
    const books = await open(app(), paths.books);
    const names = allByRole(byRole(books.document, 'list', { name: 'Books' }), 'heading', { level: 3 });
    const page = await follow(app(), books, byRole(names[0]!, 'link'));
    const id = idIn(page);
    expect(page.url.pathname).toBe(paths.book(id));
    const book = await read<Book>(app(), apiReads.book(id));
    expectH1(page, book.name);
    expect(textOf(mainOf(page))).toContain(formatMoney(book.price));
    expect(textOf(mainOf(page))).toContain(oneLine(book.description));
  });

  it('opens a fatwah from the list and reads its question and answer', async () => {
    const list = await open(app(), paths.fatwahs);
    const page = await follow(
      app(),
      list,
      allByRole(byRole(list.document, 'list', { name: 'Fatwahs' }), 'link')[0]!,
    );
    const id = idIn(page);
    expect(page.url.pathname).toBe(paths.fatwah(id));
    const fatwah = await read<Fatwah>(app(), apiReads.fatwah(id));
    expectH1(page, oneLine(fatwah.question));
    expect(fatwah.answer, 'a published fatwah has its answer').toBeTruthy();
    expect(textOf(byRole(page.document, 'region', { name: 'Answer' }))).toContain(
      oneLine(fatwah.answer ?? ''),
    );
  });

  it('opens an article from the list and reads its text', async () => {
    const list = await open(app(), paths.articles);
    const page = await follow(
      app(),
      list,
      allByRole(byRole(list.document, 'list', { name: 'Articles' }), 'link')[0]!,
    );
    const id = idIn(page);
    expect(page.url.pathname).toBe(paths.article(id));
    const article = await read<Article>(app(), apiReads.publishedArticle(id));
    expectH1(page, article.title);
    const bodies = allByTestId(page.document, 'article-content');
    expect(bodies, 'the article').toHaveLength(1);
    const paragraphs = paragraphsOf(article.content);
    expect(paragraphs.length).toBeGreaterThan(0);
    for (const paragraph of paragraphs) expect(textOf(bodies[0]!)).toContain(paragraph);
  });

  it('searches the fatwahs with the form and finds one beyond the first page', async () => {
    // A fatwah the list's first page does not show, and a word of its question that finds it: the oldest.
    let second: Fatwah[] = [];
    for (let n = 2; n < 50; n += 1) {
      const more = await read<Fatwah[]>(app(), apiReads.publicFatwahs({ page: n }));
      if (more.length === 0) break;
      second = more;
    }
    const fatwah =
      second.at(-1) ?? (await read<Fatwah[]>(app(), apiReads.publicFatwahs({ page: 1 }))).at(-1)!;
    // Whole words (a search matches words, not parts of them), the longest first: the rarest.
    const words = [...new Set(fatwah.question.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 5))].sort(
      (a, b) => b.length - a.length,
    );
    let word: string | undefined;
    for (const candidate of words) {
      const results = await read<Fatwah[]>(app(), apiReads.publicFatwahs({ search: candidate, page: 1 }));
      if (results.some((result) => result._id === fatwah._id)) {
        word = candidate;
        break;
      }
    }
    expect(word, `a word of "${fatwah.question}" that finds it`).toBeDefined();

    const list = await open(app(), paths.fatwahs);
    if (second.length > 0) expect(linksTo(list.document, paths.fatwah(fatwah._id))).toHaveLength(0);
    // The word typed in the box, and Enter: the box's form is sent.
    const box = byRole(list.document, 'searchbox', { name: 'Search fatwahs' });
    fill(box, word!);
    const found = await submit(app(), list, formOf(box));
    expect(pathOf(found)).toMatch(
      new RegExp(`^${escapeRegExp(paths.fatwahs)}\\?search=${escapeRegExp(encodeURIComponent(word!))}(&|$)`),
    );
    const listed = linksTo(found.document, paths.fatwah(fatwah._id));
    expect(listed).toHaveLength(1);
    expect(textOf(listed[0]!)).toContain(oneLine(fatwah.question));
    expect(valueOf(byRole(found.document, 'searchbox', { name: 'Search fatwahs' }))).toBe(word);
  });

  it('pages through the books with the page links', async () => {
    // More books than a page holds, removed afterwards: the file's other tests read the demo content.
    const all = await read<Book[]>(app(), apiReads.books());
    const added: Book[] = [];
    try {
      for (let count = all.length; count <= PAGE_SIZES.publicBooks; count += 1) {
        added.push(
          await addBook(site, {
            name: `Shelf no. ${count}`,
            author: 'Darul Ilm Press',
            description: 'A book on the shelf, so that the books page has a second page.',
            price: 100 + count,
          }),
        );
      }
      const pageOf = (n: number) =>
        read<Book[]>(app(), apiReads.books(publicBooksPage({ sort: DEFAULT_BOOK_SORT, page: n })));
      const [first, second] = await Promise.all([pageOf(1), pageOf(2)]);
      expect(first).toHaveLength(PAGE_SIZES.publicBooks);
      expect(second.length).toBeGreaterThan(0);

      const names = (page: ShownPage) =>
        allByRole(byRole(page.document, 'list', { name: 'Books' }), 'heading', { level: 3 }).map(textOf);
      const pager = (page: ShownPage) => byRole(page.document, 'navigation', { name: 'Pagination' });
      const pageLink = (page: ShownPage, name: string) => byRole(pager(page), 'link', { name, exact: true });

      const one = await open(app(), paths.books);
      expect(names(one)).toEqual(first.map((book) => book.name));
      expect(attr(pageLink(one, 'Page 1'), 'aria-current')).toBe('page');
      expect(attr(byRole(pager(one), 'link', { name: 'Previous' }), 'aria-disabled')).toBe('true');

      const two = await follow(app(), one, byRole(pager(one), 'link', { name: 'Next' }));
      expect(pathOf(two)).toMatch(new RegExp(`${escapeRegExp(paths.books)}\\?page=2$`));
      expect(names(two)).toEqual(second.map((book) => book.name));
      expect(attr(pageLink(two, 'Page 2'), 'aria-current')).toBe('page');
      expect(textOf(mainOf(two))).toContain(formatMoney(second[0]!.price));

      const back = await follow(app(), two, byRole(pager(two), 'link', { name: 'Previous' }));
      expect(pathOf(back)).toMatch(new RegExp(`${escapeRegExp(paths.books)}$`));
      expect(names(back)).toEqual(first.map((book) => book.name));

      const again = await follow(app(), back, pageLink(back, 'Page 2'));
      expect(pathOf(again)).toMatch(new RegExp(`${escapeRegExp(paths.books)}\\?page=2$`));
      expect(names(again)).toEqual(second.map((book) => book.name));
    } finally {
      for (const book of added) {
        const res = await app().inject({
          method: 'DELETE',
          url: `${API_BASE}${apiReads.book(book._id)}`,
          headers: await site.admin(),
        });
        expect(res.statusCode, `removing ${book.name}`).toBeLessThan(300);
      }
    }
  });

  it('is told by the cart that it needs JavaScript', async () => {
    const cart = await open(app(), paths.cart);
    // What a browser without script shows of the page: its one <noscript>, read as markup.
    const noscripts = allByTag(cart.document, 'noscript');
    expect(noscripts).toHaveLength(1);
    const said = allByTag(noscripts[0]!, 'p').filter((p) => /This page needs JavaScript/.test(textOf(p)));
    expect(said).toHaveLength(1);
    expect(isShown(said[0]!)).toBe(true);
  });
});
