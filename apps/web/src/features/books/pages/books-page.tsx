import { BOOK_SORTS, DEFAULT_BOOK_SORT, pageMetaOf, paths, type BookSort } from '@scholar/shared';
import { Search } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { scrollToListTop } from '../../../components/layout/scroll';
import { buttonClass } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { useFormat, useLocale, useT, type MessageId } from '../../../lib/i18n';
import { pageItems } from '../../../lib/page-window';
import { PastLastPageHead } from '../../../components/pages/past-last-page-head';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  booksPageOf,
  booksPageRead,
  isBookSort as isSort,
  MAX_BOOK_SEARCH_LENGTH as MAX_SEARCH_LENGTH,
  useBookPage,
} from '../api/get-books';
import { BookCards } from '../components/book-grid';
import { BooksLoaded } from '../components/books-loaded';

/** How long typing must pause before the list follows the search box. */
export const SEARCH_DEBOUNCE_MS = 300;
const DEFAULT_SORT = DEFAULT_BOOK_SORT;

const SORT_LABELS: Record<BookSort, MessageId> = {
  newest: 'books.sort.newest',
  'price-asc': 'books.sort.priceAsc',
  'price-desc': 'books.sort.priceDesc',
  name: 'books.sort.name',
};

/**
 * /books: the books, 24 a page, with a search over name and author and an order, all kept in the URL
 * (`?search=…&sort=…&page=n`) so that Back, Forward and a shared link show the same list. The server searches,
 * sorts and pages. The search and the order are a GET form to /books and the pages are links, so the list works
 * before or without the page's script too; with it, typing and choosing change the list without reloading.
 */
export function BooksPage() {
  const meta = pageMetaOf('books', useLocale().locale);
  useDocumentTitle(meta.title, meta.description);
  const [params, setParams] = useSearchParams();
  const address = booksPageOf(params);
  const { search, sort, page } = address;
  const query = useBookPage(booksPageRead(address));
  const listTop = useRef<HTMLDivElement>(null);
  const t = useT();
  const { number } = useFormat();

  const [draft, setDraft] = useState(search);
  // The search this page last wrote to the URL: a different one came from Back, Forward or a link.
  const written = useRef(search);
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    setDraft(search);
  }, [search]);

  /** A new search or order: its first page. */
  const update = (next: { search?: string; sort?: BookSort }, replace: boolean) => {
    const merged = { search, sort, ...next };
    const query = new URLSearchParams();
    if (merged.search) query.set('search', merged.search);
    if (merged.sort !== DEFAULT_SORT) query.set('sort', merged.sort);
    written.current = merged.search;
    setParams(query, { replace });
  };
  const commitSearch = (value: string) => {
    const next = value.trim();
    if (next !== search) update({ search: next }, true);
  };

  // Typing updates the list once it pauses; each pause replaces the history entry rather than adding one.
  const onPause = useEffectEvent((value: string) => commitSearch(value));
  useEffect(() => {
    const timer = window.setTimeout(() => onPause(draft), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    commitSearch(draft);
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-6 font-serif text-3xl font-bold text-brand-800">{t('books.title')}</h1>
      {/* Without the script, the button (or Enter) sends the search and the order; with it, they apply at once. */}
      <form
        role="search"
        aria-label={t('books.searchForm')}
        method="get"
        action={paths.books}
        onSubmit={submit}
        className="mb-6 flex flex-wrap items-end gap-4"
      >
        {/* In a row while they fit (at any text size), else one under the other. */}
        <div className="min-w-0 flex-[999_1_16rem]">
          <label htmlFor="book-search" className="block text-sm font-medium text-stone-700">
            {t('books.search.label')}
          </label>
          <div className="relative mt-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-stone-400"
            />
            <input
              id="book-search"
              name="search"
              type="search"
              value={draft}
              maxLength={MAX_SEARCH_LENGTH}
              onChange={(event) => setDraft(event.target.value)}
              placeholder={t('books.search.placeholder')}
              className="block w-full rounded-md border border-stone-300 bg-white py-2 pe-3 ps-9 text-stone-900 shadow-sm focus:border-brand-600"
            />
          </div>
        </div>
        <SelectField
          label={t('books.sort.label')}
          name="sort"
          className="min-w-0 flex-[1_1_12rem]"
          value={sort}
          onChange={(event) => {
            if (isSort(event.target.value)) update({ sort: event.target.value }, false);
          }}
        >
          {BOOK_SORTS.map((value) => (
            <option key={value} value={value}>
              {t(SORT_LABELS[value])}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonClass('secondary')}>
          {t('books.search.submit')}
        </button>
      </form>

      {/* The list's top: a change of page scrolls here (below the sticky header). */}
      <div ref={listTop} className="scroll-mt-24" />
      <BooksLoaded query={{ data: query.data?.data, isPending: query.isPending, isError: query.isError }}>
        {(books) => {
          const totalPages = query.data?.pagination.totalPages ?? 0;
          const totalItems = query.data?.pagination.totalItems ?? books.length;
          // Links to `?page=n` with the search and order: the page shown is the one the answer is for.
          const shown = query.data?.pagination.currentPage ?? page;
          const pager = (
            <Pagination
              className="mt-10"
              page={shown}
              totalPages={totalPages}
              items={pageItems(shown, totalPages)}
              onNavigate={() => scrollToListTop(listTop.current)}
            />
          );
          return (
            <>
              {/* The cards' titles are level 3, as on the home page: the list gets its level 2. */}
              <h2 className="sr-only">{t(search ? 'books.results' : 'books.all')}</h2>
              <p role="status" className="mb-4 text-sm text-stone-600">
                {t('books.count', { count: totalItems, formatted: number(totalItems) })}
              </p>
              {shown > 1 && books.length === 0 && <PastLastPageHead name="books" page={shown} />}
              {totalItems === 0 ? (
                <div className="py-12 text-center">
                  <p className="text-stone-700">
                    {search ? t('books.noMatch', { search }) : t('books.none')}
                  </p>
                  {search && (
                    <Link
                      to={sort === DEFAULT_SORT ? paths.books : `${paths.books}?sort=${sort}`}
                      className="mt-3 inline-block font-medium text-brand-700 underline-offset-4 hover:underline"
                    >
                      {t('books.clearSearch')}
                    </Link>
                  )}
                </div>
              ) : books.length === 0 ? (
                <>
                  {/* A page past the last (an old link) still leads back to the pages there are. */}
                  <p className="py-12 text-center text-stone-700">
                    {t('books.emptyPage', { page: number(shown) })}
                  </p>
                  {pager}
                </>
              ) : (
                <>
                  <BookCards books={books} busy={query.isPlaceholderData} eagerCount={2} />
                  {pager}
                </>
              )}
            </>
          );
        }}
      </BooksLoaded>
    </div>
  );
}
