import {
  CalendarDays,
  Check,
  ExternalLink,
  GraduationCap,
  HeartHandshake,
  Plane,
  School,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react';
import { ActionLinks } from '../../../components/ui/action-links';
import { inDigits, LOCALE_INFO, pageMetaOf, paths, type Locale } from '@scholar/shared';
import {
  initiatives as initiativesEn,
  type InitiativeKind,
  type InitiativesWording,
} from '../../../content/initiatives';
import { initiativesBn } from '../../../content/initiatives.bn';
import { initiativesUr } from '../../../content/initiatives.ur';
import { useLocale, useT } from '../../../lib/i18n';
import { useScholarText, useSiteSettings } from '../../../lib/site-settings';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageHero } from '../components/page-hero';

const icons: Record<InitiativeKind, LucideIcon> = {
  learning: GraduationCap,
  charity: HeartHandshake,
  school: School,
  food: UtensilsCrossed,
  travel: Plane,
};

const wording: Record<Locale, InitiativesWording> = {
  en: initiativesEn,
  ur: initiativesUr,
  bn: initiativesBn,
};

/** A year in the language's digits, without grouping (2021, ২০২১). */
const yearIn = (locale: Locale, year: number) => inDigits(String(year), LOCALE_INFO[locale].digits);

const panels: Record<InitiativeKind, string> = {
  learning: 'from-brand-700 to-brand-900',
  charity: 'from-amber-700 to-amber-900',
  school: 'from-sky-700 to-sky-900',
  food: 'from-lime-700 to-green-900',
  travel: 'from-stone-600 to-stone-900',
};

function InitiativeCard({
  item,
  labels,
  website,
  reversed,
}: {
  item: InitiativesWording['items'][number];
  labels: Pick<InitiativesWording, 'websiteLabel' | 'comingSoon'>;
  /** The initiative's website from the settings; empty: 'Coming Soon'. */
  website: string;
  reversed: boolean;
}) {
  const Icon = icons[item.kind];
  const t = useT();
  const year = yearIn(useLocale().locale, item.founded);
  const headingId = `initiative-${item.kind}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm md:grid-cols-5"
    >
      <div
        className={`flex min-h-44 flex-col items-center justify-center gap-3 bg-gradient-to-br p-8 text-white md:col-span-2 ${
          panels[item.kind]
        } ${reversed ? 'md:order-last' : ''}`}
      >
        <Icon aria-hidden="true" className="size-16 sm:size-20" strokeWidth={1.5} />
        <p className="font-serif text-4xl font-bold" aria-hidden="true">
          {year}
        </p>
      </div>
      <div className="p-6 sm:p-8 md:col-span-3">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{item.category}</p>
        <h2 id={headingId} className="mt-1 font-serif text-2xl font-bold text-stone-900">
          {item.name}
        </h2>
        <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-stone-700">
          <CalendarDays aria-hidden="true" className="size-4" />
          {t('pages.initiatives.founded', { year })}
        </p>
        <p className="mt-3 leading-7 text-stone-800">{item.description}</p>
        <ul
          aria-label={t('pages.initiatives.highlights', { name: item.name })}
          className="mt-4 grid gap-2 sm:grid-cols-2"
        >
          {item.highlights.map((highlight) => (
            <li key={highlight} className="flex gap-2 text-sm text-stone-800">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
              {highlight}
            </li>
          ))}
        </ul>
        <div className="mt-6">
          {website ? (
            <a
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {labels.websiteLabel}
              <span className="sr-only">{t('pages.newTab', { name: item.name })}</span>
              <ExternalLink aria-hidden="true" className="size-4" />
            </a>
          ) : (
            <p className="inline-block rounded-lg bg-stone-100 px-4 py-2 text-sm font-semibold text-stone-700">
              {labels.comingSoon}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}

export function InitiativesPage() {
  const settings = useSiteSettings();
  const scholar = useScholarText();
  const { locale } = useLocale();
  const initiatives = wording[locale];
  const meta = pageMetaOf('initiatives', locale);
  const t = useT();
  useDocumentTitle(meta.title, scholar(meta.description));
  return (
    <>
      <PageHero title={scholar(initiatives.title)} lead={scholar(initiatives.lead)}>
        <ul aria-label={t('pages.atAGlance')} className="mt-6 flex flex-wrap gap-2">
          {initiatives.badges.map((badge) => (
            <li
              key={badge}
              className="rounded-full bg-white/10 px-4 py-1.5 text-sm font-semibold text-white ring-1 ring-gold-400/60"
            >
              {badge}
            </li>
          ))}
        </ul>
      </PageHero>

      <ol aria-label={scholar(initiatives.title)} className="mx-auto max-w-6xl space-y-8 px-4 py-12">
        {initiatives.items.map((item, i) => (
          <li key={item.kind}>
            <InitiativeCard
              item={item}
              labels={initiatives}
              website={settings?.initiatives[item.kind] ?? ''}
              reversed={i % 2 === 1}
            />
          </li>
        ))}
      </ol>

      <section aria-labelledby="join" className="mx-auto max-w-6xl px-4">
        <div className="rounded-2xl bg-brand-800 px-6 py-10 text-center text-white sm:px-12">
          <h2 id="join" className="font-serif text-3xl font-bold">
            {initiatives.join.title}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-stone-100">{initiatives.join.text}</p>
          <ActionLinks
            className="mt-6 justify-center"
            links={[
              { to: paths.about, label: initiatives.join.learnMore, tone: 'white' },
              {
                href:
                  settings &&
                  `mailto:${settings.contactEmail}?subject=${encodeURIComponent(initiatives.join.getInvolvedSubject)}`,
                label: initiatives.join.getInvolved,
                tone: 'ghost',
              },
            ]}
          />
        </div>
      </section>
    </>
  );
}
