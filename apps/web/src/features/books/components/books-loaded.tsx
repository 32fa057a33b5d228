import type { Book } from '@scholar/shared';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';

/** What a books query gives: the books once they are there. */
interface BooksQuery {
  data: Book[] | undefined;
  isPending: boolean;
  isError: boolean;
}

/** The books (the shop's list or the desk's) once loaded; meanwhile 'Loading books...', or the failure, announced. */
export function BooksLoaded({
  query,
  children,
}: {
  query: BooksQuery;
  children: (books: Book[]) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) {
    return (
      <p role="status" className="text-stone-600">
        {t('books.loading')}
      </p>
    );
  }
  if (query.isError || !query.data) {
    return (
      <p role="alert" className="text-red-700">
        {t('books.loadFailed')}
      </p>
    );
  }
  return children(query.data);
}
