import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';

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
  /** What shows when the page has no fatwah: a node, or one made from the answer (a search's nearest answers). */
  empty: ReactNode | ((page: T) => ReactNode);
  children: (page: T) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) return <Spinner label={t('fatwahs.list.loading')} />;
  if (query.isError || !query.data) {
    return <p className="mt-10 text-center text-red-700">{t('fatwahs.list.failed')}</p>;
  }
  if (query.data.data.length === 0) {
    return <div className="mt-12 text-center">{typeof empty === 'function' ? empty(query.data) : empty}</div>;
  }
  return children(query.data);
}
