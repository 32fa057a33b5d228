import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';

/** What a fatwahs list query gives: a page of fatwahs once it is there. */
interface ListQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
}

/**
 * A list of fatwahs (public or the desk's) in its states: a spinner while it loads, its failure, `empty` when no
 * fatwah matched, else `children` with the page of fatwahs.
 */
export function FatwahsLoaded<T extends { data: readonly unknown[] }>({
  query,
  empty,
  children,
}: {
  query: ListQuery<T>;
  empty: ReactNode;
  children: (page: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label="Loading fatwahs" />;
  if (query.isError || !query.data) {
    return <p className="mt-10 text-center text-red-700">Failed to fetch fatwahs</p>;
  }
  if (query.data.data.length === 0) return <div className="mt-12 text-center">{empty}</div>;
  return children(query.data);
}
