import { ArrowRight, BookOpen } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@scholar/shared';
import { useT } from '../../../lib/i18n';
import { useScholarText } from '../../../lib/site-settings';

export function AboutTeaser() {
  const scholar = useScholarText();
  const t = useT();
  return (
    <section aria-labelledby="about-teaser" className="mx-auto max-w-7xl px-4 pt-14">
      <div className="grid items-center gap-8 rounded-2xl border border-brand-100 bg-white p-6 shadow-sm sm:p-10 md:grid-cols-[auto_1fr]">
        <div
          aria-hidden="true"
          className="hidden size-28 place-items-center rounded-full bg-brand-50 md:grid"
        >
          <BookOpen className="size-12 text-brand-700" strokeWidth={1.5} />
        </div>
        <div>
          <h2 id="about-teaser" className="font-serif text-2xl font-bold text-brand-800 sm:text-3xl">
            {scholar(t('home.about.title'))}
          </h2>
          {[t('home.about.text1'), t('home.about.text2')].map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-7 text-stone-800">
              {scholar(paragraph)}
            </p>
          ))}
          <Link
            to={paths.about}
            className="mt-5 inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-900"
          >
            {scholar(t('home.about.link'))}
            <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </Link>
        </div>
      </div>
    </section>
  );
}
