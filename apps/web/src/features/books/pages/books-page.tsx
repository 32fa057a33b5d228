import { PAGE_META } from '@scholar/shared';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BookGrid } from '../components/book-grid';

/** /books: every book. */
export function BooksPage() {
  useDocumentTitle(PAGE_META.books.title, PAGE_META.books.description);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-6 font-serif text-3xl font-bold text-brand-800">Books</h1>
      <BookGrid />
    </div>
  );
}
