import { notFoundHead, paths } from '@scholar/shared';
import { useHead } from '../../lib/head';
import { PageMessage } from '../ui/page-message';

export const PAGE_NOT_FOUND_TITLE = 'Page not found';

export function NotFoundPage() {
  useHead(() => notFoundHead(PAGE_NOT_FOUND_TITLE));
  return (
    <PageMessage title={PAGE_NOT_FOUND_TITLE} link={{ to: paths.home, label: 'Back to Home' }}>
      The page you are looking for does not exist.
    </PageMessage>
  );
}
