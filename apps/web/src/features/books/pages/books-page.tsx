import { useEffect } from 'react';
import { site } from '../../../content/site';
import { BookGrid } from '../components/book-grid';

/** /books: every book. */
export function BooksPage() {
  useEffect(() => {
    document.title = `Books | ${site.name}`;
  }, []);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-6 font-serif text-3xl font-bold text-brand-800">Books</h1>
      <BookGrid />
    </div>
  );
}
