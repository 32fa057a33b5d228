import { paths } from '@scholar/shared';
import { PageMessage } from '../ui/page-message';

export function NotFoundPage() {
  return (
    <PageMessage title="Page not found" link={{ to: paths.home, label: 'Back to Home' }}>
      The page you are looking for does not exist.
    </PageMessage>
  );
}
