import { NOT_FOUND_TITLES, notFoundHead, paths } from '@scholar/shared';
import { useHead } from '../../lib/head';
import { PageMessage } from '../ui/page-message';

export function NotFoundPage() {
  useHead(() => notFoundHead(NOT_FOUND_TITLES.page));
  return (
    <PageMessage title={NOT_FOUND_TITLES.page} link={{ to: paths.home, label: 'Back to Home' }}>
      The page you are looking for does not exist.
    </PageMessage>
  );
}
