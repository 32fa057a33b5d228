import { useT } from '../lib/i18n';
import { SubscribeForm } from './subscribe-form';
import { card } from './ui/card';

/** The subscribe form in a box of its own, at the foot of the fatwah and article lists (docs/decisions/048). */
export function SubscribeSection({ defaults }: { defaults?: { fatwahs: boolean; articles: boolean } }) {
  const t = useT();
  return (
    <section aria-labelledby="subscribe-heading" className={`${card} mt-12 p-6`}>
      <h2 id="subscribe-heading" className="font-serif text-xl font-bold text-brand-800">
        {t('subscriptions.form.title')}
      </h2>
      <p className="mt-1 mb-4 text-stone-600">{t('subscriptions.form.text')}</p>
      <SubscribeForm defaults={defaults} />
    </section>
  );
}
