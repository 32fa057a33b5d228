import { fatwahHead, missingItemHead, paths } from '@scholar/shared';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/ui/back-link';
import { Button } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { contentLanguageProps, TranslationLinks } from '../../../components/content-language';
import { Details } from '../../../components/ui/details';
import { ShareButtons } from '../../../components/share-buttons';
import { ApiError } from '../../../lib/api-client';
import { Head, usePublicUrl } from '../../../lib/head';
import { useFormat, useT } from '../../../lib/i18n';
import { useFatwah } from '../api/get-fatwah';
import { CategoryBadges } from '../components/category-badge';
import { AnswerHtml } from '../components/answer-html';
import { RelatedFatwahs } from '../components/related-fatwahs';

/** A part of the fatwah (its question, its answer) under a small heading that names it. */
function Part({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-stone-500">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function FatwahPage() {
  const { id = '' } = useParams();
  // A link that cannot be an id is not found, without asking the server.
  const validId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  const { data: fatwah, isPending, error, refetch, isFetching } = useFatwah(id, validId);
  const navigate = useNavigate();
  const t = useT();
  const format = useFormat();
  // Opened from the list: its Back link returns to that page of the list, as the browser's Back does.
  const fromList = (useLocation().state as { fromList?: boolean } | null)?.fromList === true;
  const publicUrl = usePublicUrl();

  if (isPending && validId) {
    return (
      <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-center text-stone-600">
        {t('fatwahs.page.loading')}
      </p>
    );
  }
  // Only the server's 404 means there is no such fatwah; any other failure (the server, the network) may pass.
  if (validId && error && !(error instanceof ApiError && error.status === 404)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <div role="alert">
          <h1 className="font-serif text-2xl font-bold text-brand-800">{t('fatwahs.page.failed.title')}</h1>
          <p className="mt-2 text-stone-600">{t('fatwahs.page.failed.text')}</p>
        </div>
        <Button className="mt-4" disabled={isFetching} onClick={() => void refetch()}>
          {isFetching ? t('fatwahs.page.retrying') : t('fatwahs.page.retry')}
        </Button>
      </div>
    );
  }
  if (!validId || error || !fatwah) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <Head make={(site) => missingItemHead('fatwah', site.locale)} />
        <h1 className="font-serif text-2xl font-bold text-brand-800">{t('fatwahs.page.notFound')}</h1>
        {/* 'Back to Fatwahs' points to /fatwahs, which redirects to the list. */}
        <Link to="/fatwahs" className="mt-4 inline-block font-medium text-brand-700 hover:underline">
          {t('fatwahs.back')}
        </Link>
      </div>
    );
  }

  const date = fatwah.publishedAt ?? fatwah.createdAt;
  // The question and answer are in the fatwah's language, the headings around them in the site's.
  const text = contentLanguageProps(fatwah.language);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Head make={(site) => fatwahHead(fatwah, site)} />
      <article>
        <BackLink
          to={paths.fatwahs}
          onClick={(event) => {
            if (!fromList) return;
            event.preventDefault();
            void navigate(-1);
          }}
        >
          {t('fatwahs.back')}
        </BackLink>
        <div className={`${card} mt-6 p-6 shadow-sm sm:p-8`}>
          <CategoryBadges categories={fatwah.categories} />
          <TranslationLinks
            className="mt-4"
            pathOf={paths.fatwah}
            translations={fatwah.translations?.map((each) => ({ ...each, label: each.question }))}
          />
          <Part id="question-heading" title={t('fatwahs.page.question')} className="mt-6">
            <h1 {...text} className="mt-2 font-serif text-2xl font-bold text-stone-900">
              {fatwah.question}
            </h1>
          </Part>
          {fatwah.answer && (
            <Part id="answer-heading" title={t('fatwahs.page.answer')} className="mt-8">
              {fatwah.answerHtml !== undefined ? (
                <AnswerHtml {...text} html={fatwah.answerHtml} className="mt-2" />
              ) : (
                <div {...text} className="mt-2 whitespace-pre-line leading-7 text-stone-800">
                  {fatwah.answer}
                </div>
              )}
            </Part>
          )}
          <Details
            className="mt-8 grid gap-3 border-t border-stone-200 pt-6 text-sm sm:grid-cols-3"
            items={[
              !!fatwah.answeredBy && {
                label: t('fatwahs.page.answeredBy'),
                value: fatwah.answeredBy.name,
                valueClass: 'font-medium',
              },
              !!fatwah.askerName && {
                label: t('fatwahs.page.askedBy'),
                value: fatwah.askerName,
                valueClass: 'font-medium',
              },
              {
                label: t('fatwahs.page.date'),
                value: <time dateTime={date}>{format.date(date)}</time>,
                valueClass: 'font-medium',
              },
              {
                label: t('desk.reference'),
                value: (
                  <span dir="ltr" className="font-mono" data-testid="fatwah-number">
                    {fatwah.reference}
                  </span>
                ),
                valueClass: 'font-medium',
              },
            ]}
          />
          <div className="mt-6 border-t border-stone-200 pt-4">
            <ShareButtons url={`${publicUrl}${paths.fatwah(fatwah._id)}`} title={fatwah.question} />
          </div>
        </div>
      </article>
      <RelatedFatwahs id={fatwah._id} />
      {/* Beside the fatwah, not inside it: a complementary landmark stands at the top level. */}
      <aside className="mt-8 rounded-xl bg-brand-50 p-6 text-center">
        <h2 className="font-serif text-xl font-semibold text-brand-800">{t('fatwahs.page.aside.title')}</h2>
        <p className="mt-2 text-stone-700">{t('fatwahs.page.aside.text')}</p>
        <Link
          to={paths.askFatwah}
          className="mt-4 inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white"
        >
          {t('nav.askQuestion')}
        </Link>
      </aside>
    </div>
  );
}
