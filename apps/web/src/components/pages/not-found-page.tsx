import { missingItemHead, notFoundTitle, paths } from '@scholar/shared';
import { useHead } from '../../lib/head';
import { useLocale, useT } from '../../lib/i18n';
import { PageMessage } from '../ui/page-message';

export function NotFoundPage() {
  const { locale } = useLocale();
  const t = useT();
  useHead(() => missingItemHead('page', locale));
  return (
    <PageMessage
      title={notFoundTitle('page', locale)}
      link={{ to: paths.home, label: t('pages.notFound.home') }}
    >
      {t('pages.notFound.text')}
    </PageMessage>
  );
}
