import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@scholar/shared';
import { SubscribeForm } from '../../../components/subscribe-form';
import { useT } from '../../../lib/i18n';

export function ComingSoonBanner() {
  const t = useT();
  return (
    <section aria-labelledby="coming-soon" className="below-fold mx-auto max-w-7xl px-4 pt-14">
      <div className="relative overflow-hidden rounded-2xl bg-brand-800 px-6 py-10 text-white sm:px-12">
        <Sparkles aria-hidden="true" className="absolute -top-4 -end-4 size-40 text-white/5" />
        <p className="inline-block rounded-full bg-gold-400 px-3 py-1 text-xs font-bold tracking-wider text-brand-900 uppercase">
          {t('home.comingSoon.badge')}
        </p>
        <h2 id="coming-soon" className="mt-4 max-w-2xl font-serif text-2xl font-bold sm:text-3xl">
          {t('home.comingSoon.title')}
        </h2>
        <p className="mt-3 max-w-2xl text-stone-100">{t('home.comingSoon.text')}</p>
        {/* The promise of the sentence above: new answers and articles by email (docs/decisions/048). */}
        <div className="mt-6 max-w-xl rounded-xl bg-white p-4 text-stone-900 sm:p-5">
          <h3 className="mb-3 font-semibold text-brand-800">{t('subscriptions.form.title')}</h3>
          <SubscribeForm />
        </div>
        <Link
          to={paths.initiatives}
          className="mt-6 inline-block rounded-lg border-2 border-white/80 px-5 py-2.5 font-semibold hover:bg-white/10"
        >
          {t('home.comingSoon.link')}
        </Link>
      </div>
    </section>
  );
}
