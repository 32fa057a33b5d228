import { BOOK_LANGUAGE_NAMES, formatMoney, paths, type Book } from '@scholar/shared';
import { Plus } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BookImage } from '../../../components/book-image';
import { SearchBox } from '../../../components/search-box';
import { buttonClass } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { site } from '../../../content/site';
import { pageParam, pageWindow } from '../../../lib/page-window';
import { DESK_BOOKS_PAGE_SIZE, useDeskBooks } from '../api/get-books';
import { editionsOf } from '../lib/editions';

const cell = 'px-3 py-2 align-top';

/** An edition's stock as the desk reads it: its copies, "Out of stock" (marked), or not tracked. */
function EditionStock({ stock }: { stock: number | null }) {
  if (stock === null) return <span className="text-stone-500">not tracked</span>;
  if (stock === 0) {
    return (
      <strong className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">
        Out of stock
      </strong>
    );
  }
  return <span>{stock} in stock</span>;
}

/** One book's row: its cover, its name (the link to its editor), author, editions, price and stock per edition. */
function BookRow({ book }: { book: Book }) {
  const editions = editionsOf(book);
  const ownPrices = editions.filter((edition) => edition.ownPrice);
  return (
    <tr className="border-t border-stone-200">
      <td className={cell}>
        <div className="aspect-[3/4] w-10 overflow-hidden rounded bg-stone-100">
          <BookImage
            path={book.images[0]}
            alt={`Cover of ${book.name}`}
            sizes="40px"
            className="h-full w-full object-cover"
          />
        </div>
      </td>
      <th scope="row" className={`${cell} text-start font-medium`}>
        <Link
          to={paths.adminBook(book._id)}
          className="text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {book.name}
        </Link>
      </th>
      <td className={cell}>{book.author}</td>
      <td className={cell}>{editions.map((edition) => BOOK_LANGUAGE_NAMES[edition.language]).join(', ')}</td>
      <td className={`${cell} whitespace-nowrap`}>
        {formatMoney(book.price)}
        {ownPrices.map((edition) => (
          <div key={edition.language} className="text-xs text-stone-600">
            {BOOK_LANGUAGE_NAMES[edition.language]}: {formatMoney(edition.price)}
          </div>
        ))}
      </td>
      <td className={cell}>
        <ul className="space-y-1">
          {editions.map((edition) => (
            <li key={edition.language} className="whitespace-nowrap">
              <span className="text-stone-600">{BOOK_LANGUAGE_NAMES[edition.language]}:</span>{' '}
              <EditionStock stock={edition.stock} />
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

/**
 * /manage-books (books desk): the books in a table by name, found by a search the server matches and counts (name
 * or author, `?search=`), a page of 20 at a time (`?page=`); each row leads to the book's full-page editor.
 */
export function ManageBooksPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  const page = pageParam(params.get('page'));
  const query = useDeskBooks({ search, page });
  useEffect(() => {
    document.title = `Manage Books | ${site.name}`;
  }, []);

  const onSearch = (words: string) => {
    const next = new URLSearchParams();
    if (words) next.set('search', words);
    setParams(next);
  };
  const answer = query.data;
  const books = answer?.data ?? [];
  const totalPages = answer?.pagination.totalPages ?? 0;
  const total = answer?.pagination.totalItems ?? 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <PageHeader
        title="Manage Books"
        className="mb-6"
        action={
          <Link to={paths.addBook} className={buttonClass()}>
            <Plus aria-hidden="true" className="size-4" /> Add New Book
          </Link>
        }
      />
      <SearchBox
        key={search}
        id="desk-book-search"
        label="Search books"
        placeholder="Name or author"
        submitLabel="Search"
        initial={search}
        onSearch={onSearch}
        action={paths.manageBooks}
        name="search"
        className="max-w-xl"
      />
      {query.isPending ? (
        <p role="status" className="mt-6 text-stone-600">
          Loading books...
        </p>
      ) : query.isError ? (
        <div role="alert" className="mt-6">
          <p className="text-red-700">Cannot get books</p>
          <button
            type="button"
            onClick={() => void query.refetch()}
            className="mt-3 text-brand-700 underline"
          >
            Try again
          </button>
        </div>
      ) : (
        <>
          <p role="status" className="mt-6 text-sm text-stone-600">
            {search
              ? `${total} ${total === 1 ? 'book matches' : 'books match'} “${search}”`
              : `${total} ${total === 1 ? 'book' : 'books'}`}
          </p>
          {books.length === 0 ? (
            <p className="mt-4 text-stone-600">
              {search ? 'No book matches this search.' : 'No books yet. Add the first one.'}
            </p>
          ) : (
            // Narrow screens scroll the table sideways; the region takes the keyboard's focus to scroll it.
            <div
              role="region"
              aria-labelledby="desk-books-caption"
              tabIndex={0}
              className="mt-3 overflow-x-auto rounded-lg border border-stone-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <table className="w-full min-w-[44rem] text-sm">
                <caption id="desk-books-caption" className="px-3 py-2 text-start font-medium text-stone-700">
                  Books by name
                  {totalPages > 1 && `, page ${page} of ${totalPages}`} ({DESK_BOOKS_PAGE_SIZE} a page)
                </caption>
                <thead className="bg-stone-50 text-start text-xs tracking-wide text-stone-600 uppercase">
                  <tr>
                    <th scope="col" className={`${cell} text-start`}>
                      Cover
                    </th>
                    <th scope="col" className={`${cell} text-start`}>
                      Name
                    </th>
                    <th scope="col" className={`${cell} text-start`}>
                      Author
                    </th>
                    <th scope="col" className={`${cell} text-start`}>
                      Editions
                    </th>
                    <th scope="col" className={`${cell} text-start`}>
                      Price
                    </th>
                    <th scope="col" className={`${cell} text-start`}>
                      Stock
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {books.map((book) => (
                    <BookRow key={book._id} book={book} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            className="mt-6"
            page={page}
            totalPages={totalPages}
            items={pageWindow(page, totalPages, { startAtOneUntil: 2 })}
          />
        </>
      )}
    </div>
  );
}
