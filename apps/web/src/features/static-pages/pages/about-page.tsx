import { Award, BookOpen, ExternalLink, HeartHandshake, MapPin, Sparkles, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pageMetaOf, paths, type Locale } from '@scholar/shared';
import { ActionLinks } from '../../../components/ui/action-links';
import { card } from '../../../components/ui/card';
import { about as aboutEn, type AboutWording } from '../../../content/about';
import { aboutBn } from '../../../content/about.bn';
import { aboutUr } from '../../../content/about.ur';
import { useLocale, useT } from '../../../lib/i18n';
import { useScholarText, useSiteSettings } from '../../../lib/site-settings';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageHero } from '../components/page-hero';

const sectionTitle = 'font-serif text-2xl font-bold sm:text-3xl';
const glanceIcons = [Award, MapPin, Users];
const valueIcons = [BookOpen, Users, HeartHandshake, Sparkles];

/** A band of the page under its h2; `dark`: light text on the brand colour. */
function Section({
  id,
  title,
  band = '',
  dark = false,
  className = '',
  children,
}: {
  id: string;
  title: string;
  band?: string;
  dark?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={band}>
      <div className={`mx-auto max-w-7xl px-4 py-12 ${className}`}>
        <h2 id={id} className={dark ? `${sectionTitle} text-gold-400` : `${sectionTitle} text-brand-800`}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

const wording: Record<Locale, AboutWording> = { en: aboutEn, ur: aboutUr, bn: aboutBn };

export function AboutPage() {
  const { locale } = useLocale();
  const about = wording[locale];
  const meta = pageMetaOf('about', locale);
  const t = useT();
  const scholar = useScholarText();
  const courseLinks = useSiteSettings()?.courses;
  useDocumentTitle(meta.title, scholar(meta.description));
  return (
    <>
      <PageHero title={scholar(about.title)} lead={scholar(about.lead)} />

      <section
        aria-labelledby="biography"
        className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-3"
      >
        <div className="lg:col-span-2">
          <h2 id="biography" className={`${sectionTitle} text-brand-800`}>
            {about.biography.title}
          </h2>
          {about.biography.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-4 leading-7 text-stone-800">
              {scholar(paragraph)}
            </p>
          ))}
        </div>
        <aside
          aria-label={about.glance.title}
          className="self-start rounded-2xl border border-brand-100 bg-brand-50 p-6 text-brand-900"
        >
          <BookOpen aria-hidden="true" className="size-10 text-brand-700" />
          <ul className="mt-4 space-y-3 text-sm">
            {about.glance.items.map((item, i) => {
              const Icon = glanceIcons[i % glanceIcons.length] ?? Award;
              return (
                <li key={item} className="flex gap-2">
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
                  {item}
                </li>
              );
            })}
          </ul>
        </aside>
      </section>

      <Section id="certifications" title={about.certifications.title} band="bg-white">
        <p className="mt-2 text-stone-700">{scholar(about.certifications.intro)}</p>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {about.certifications.items.map((item) => (
            <li
              key={item.title}
              className="flex min-w-0 gap-3 rounded-xl border border-stone-200 bg-stone-50 p-4"
            >
              <Award aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
              <div className="min-w-0 break-words">
                <h3 className="font-semibold text-stone-900">{item.title}</h3>
                <p className="mt-1 text-sm text-stone-700">{item.detail}</p>
              </div>
            </li>
          ))}
        </ol>
        <Link
          to={paths.certifications}
          className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          {about.certifications.link}
        </Link>
      </Section>

      <Section id="courses" title={about.courses.title}>
        <p className="mt-2 max-w-3xl text-stone-700">{scholar(about.courses.intro)}</p>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {about.courses.items.map((course) => {
            const href = courseLinks?.[course.key] ?? '';
            return (
              <li key={course.title}>
                <article className={`${card} flex h-full flex-col p-6 shadow-sm`}>
                  <p className="w-fit rounded-full bg-brand-50 px-3 py-0.5 text-xs font-semibold text-brand-800">
                    {course.level}
                  </p>
                  <h3 className="mt-3 font-serif text-xl font-semibold text-stone-900">{course.title}</h3>
                  <p className="mt-2 flex-1 text-sm leading-6 text-stone-700">{course.description}</p>
                  {href && (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="mt-4 inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-900"
                    >
                      {about.courses.linkLabel}
                      <span className="sr-only">{t('pages.newTab', { name: course.title })}</span>
                      <ExternalLink aria-hidden="true" className="size-4" />
                    </a>
                  )}
                </article>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="mission" title={about.mission.title} band="bg-brand-900 text-white" dark>
        <p className="mt-4 max-w-3xl text-lg leading-8 text-stone-100">{about.mission.statement}</p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {about.mission.values.map((value, i) => {
            const Icon = valueIcons[i % valueIcons.length] ?? Sparkles;
            return (
              <li key={value.title} className="rounded-xl bg-white/5 p-5 ring-1 ring-white/10">
                <Icon aria-hidden="true" className="size-6 text-gold-400" />
                <h3 className="mt-3 font-semibold">{value.title}</h3>
                <p className="mt-1 text-sm leading-6 text-stone-200">{value.text}</p>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="next-steps" title={about.callToAction.title} className="text-center">
        <ActionLinks
          className="mt-6 justify-center"
          links={[
            { to: paths.books, label: about.callToAction.books, tone: 'solid' },
            { to: paths.askFatwah, label: about.callToAction.ask, tone: 'outline' },
            { to: paths.articles, label: about.callToAction.articles, tone: 'outline' },
          ]}
        />
      </Section>
    </>
  );
}
