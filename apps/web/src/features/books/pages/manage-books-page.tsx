import { Plus } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@scholar/shared';
import { buttonClass } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { site } from '../../../content/site';
import { useBooks } from '../api/get-books';
import { BooksLoaded } from '../components/books-loaded';
import { ManageBookCard } from '../components/manage-book-card';

/** /manage-books (admin): every book with inline edit and delete, and a link to add one. */
export function ManageBooksPage() {
  const query = useBooks();
  useEffect(() => {
    document.title = `Manage Books | ${site.name}`;
  }, []);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeader
        title="Manage Books"
        className="mb-6"
        action={
          <Link to={paths.addBook} className={buttonClass()}>
            <Plus aria-hidden="true" className="size-4" /> Add New Book
          </Link>
        }
      />
      <BooksLoaded query={query}>
        {(books) =>
          books.length === 0 ? (
            <p className="text-stone-600">No books yet. Add the first one.</p>
          ) : (
            <ul aria-label="Books" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {books.map((book) => (
                <li key={book._id}>
                  <ManageBookCard book={book} />
                </li>
              ))}
            </ul>
          )
        }
      </BooksLoaded>
    </div>
  );
}
