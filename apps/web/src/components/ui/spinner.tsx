import { useT } from '../../lib/i18n';

/** A spinner that says what is loading (`label`; 'Loading' in the page's language by default). */
export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div role="status" className="flex justify-center py-12">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
      <span className="sr-only">{label ?? t('ui.loading')}</span>
    </div>
  );
}
