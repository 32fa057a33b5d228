import { pageMetaOf, paths } from '@scholar/shared';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { scrollToListTop } from '../../../components/layout/scroll';
import {
  contentLanguageProps,
  OtherLanguageCounts,
  TranslationLinks,
} from '../../../components/content-language';
import { buttonClass } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { PageHeader } from '../../../components/ui/page-header';
import { SubscribeSection } from '../../../components/subscribe-section';
import { T, useFormat, useLocale, useT } from '../../../lib/i18n';
import { pageParam, pageWindow } from '../../../lib/page-window';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFatwahCategories } from '../api/get-fatwah-categories';
import { usePublicFatwahs } from '../api/get-public-fatwahs';
import { FatwahsLoaded } from '../components/fatwahs-loaded';
import { PastLastPageHead } from '../../../components/pages/past-last-page-head';
import { CategoryBadges, useCategoryName } from '../components/category-badge';
import { SearchBox } from '../../../components/search-box';

/**
 * /fatwah: the published fatwahs, 10 a page, with a search and a category, all three in the address
 * (`?search=…&category=…&page=n`). The search is a GET form and the pages are links, so the list works before or
 * without the page's script too; with it, they change the list without reloading.
 */
/** The list's first page with a search and a category, as its address asks. */
function listQuery(filters: { search: string; category: string }): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.search) query.set('search', filters.search);
  if (filters.category) query.set('category', filters.category);
  return query;
}
const listAddress = (filters: { search: string; category: string }) => {
  const query = listQuery(filters).toString();
  return query ? `${paths.fatwahs}?${query}` : paths.fatwahs;
};

export function FatwahsPage() {
  const { locale, href } = useLocale();
  const meta = pageMetaOf('fatwahs', locale);
  useDocumentTitle(meta.title, meta.description);
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const category = params.get('category') ?? '';
  const page = pageParam(params.get('page'));
  const categories = useFatwahCategories();
  // The reader's language first (docs/decisions/044); a search ranks by the search alone.
  const fatwahs = usePublicFatwahs({ search, category, page, language: locale });
  const listTop = useRef<HTMLDivElement>(null);
  const t = useT();
  const { date, number, named } = useFormat();
  const categoryName = useCategoryName();

  /** A new search or category: its first page. */
  const update = (next: { search?: string; category?: string }) => {
    setParams(listQuery({ search, category, ...next }));
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <PageHeader
        title={t('fatwahs.list.title')}
        action={
          <Link to={paths.askFatwah} className={buttonClass()}>
            {t('nav.askQuestion')}
          </Link>
        }
      />

      {/* Without the script, the category is sent with the search by the form's button (or Enter). */}
      <SearchBox
        id="fatwah-search"
        label={t('fatwahs.search.label')}
        initial={search}
        placeholder={t('fatwahs.search.placeholder')}
        submitLabel={t('fatwahs.search.submit')}
        action={href(paths.fatwahs)}
        name="search"
        className="mt-6 grid gap-4 sm:grid-cols-[1fr_14rem]"
        onSearch={(words) => update({ search: words })}
      >
        <SelectField
          label={t('fatwahs.filter.category')}
          name="category"
          value={category}
          onChange={(e) => update({ category: e.target.value })}
        >
          <option value="">{t('fatwahs.filter.all')}</option>
          {categories.map((name) => (
            <option key={name} value={name}>
              {categoryName(name)}
            </option>
          ))}
        </SelectField>
      </SearchBox>

      {/* The list's top: a change of page scrolls here (below the sticky header). */}
      <div ref={listTop} className="scroll-mt-24" />
      <FatwahsLoaded
        query={fatwahs}
        empty={(data) =>
          page > 1 ? (
            // A page past the last (an old link): 404, and the way back to the pages there are.
            <>
              <PastLastPageHead name="fatwahs" page={page} />
              <p className="text-stone-700">{t('fatwahs.emptyPage', { page: number(page) })}</p>
              <Link
                to={listAddress({ search, category })}
                className="mt-4 inline-block font-medium text-brand-700 hover:underline"
              >
                {t('fatwahs.firstPage')}
              </Link>
            </>
          ) : (
            <>
              <h2 className="font-serif text-xl font-semibold">{t('fatwahs.empty.title')}</h2>
              <p className="mt-2 text-stone-600">{t('fatwahs.empty.text')}</p>
              <Link
                to={paths.askFatwah}
                className="mt-4 inline-block font-medium text-brand-700 hover:underline"
              >
                {/* After a search or a filter, answers exist elsewhere: the question asked is not the first. */}
                {t(search || category ? 'fatwahs.empty.askYours' : 'fatwahs.empty.ask')}
              </Link>
              {data.nearest && data.nearest.length > 0 && (
                <section className="mx-auto mt-10 max-w-2xl text-start" aria-labelledby="nearest-answers">
                  <h3 id="nearest-answers" className="font-serif text-lg font-semibold text-stone-900">
                    {t('fatwahs.empty.nearest')}
                  </h3>
                  <ul className="mt-3 space-y-2">
                    {data.nearest.map((fatwah) => (
                      <li key={fatwah._id}>
                        <Link
                          to={paths.fatwah(fatwah._id)}
                          {...contentLanguageProps(fatwah.language)}
                          className="block rounded-lg border border-stone-200 bg-white p-4 font-medium text-stone-900 hover:border-brand-600"
                        >
                          {fatwah.question}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </section>
              )}
            </>
          )
        }
      >
        {(data) => (
          <>
            <OtherLanguageCounts className="mt-6" counts={data.languages} language={locale} />
            {data.didYouMean && (
              // A misspelt search, read as the words of the answers: said, and the spelling offered as a link.
              <p className="mt-6 text-stone-700" role="status">
                <T
                  id="fatwahs.didYouMean"
                  values={{ search: data.didYouMean }}
                  components={{
                    0: (
                      <Link
                        to={listAddress({ search: data.didYouMean, category })}
                        className="font-semibold text-brand-700 hover:underline"
                      />
                    ),
                  }}
                />
              </p>
            )}
            <ul className="mt-8 space-y-4" aria-label={t('fatwahs.list.label')}>
              {data.data.map((fatwah) => (
                <li key={fatwah._id}>
                  {/* In this tab: Back returns to this page of the list, its search and category, where it was. */}
                  <Link
                    to={paths.fatwah(fatwah._id)}
                    state={{ fromList: true }}
                    className="block rounded-lg border border-stone-200 bg-white p-5 shadow-sm transition hover:border-brand-600 hover:shadow"
                  >
                    {/* The question and answer in the fatwah's language, the rest of the card in the site's. */}
                    <h2
                      {...contentLanguageProps(fatwah.language)}
                      className="font-serif text-lg font-semibold text-stone-900"
                    >
                      {fatwah.question}
                    </h2>
                    {fatwah.answer && (
                      <p
                        {...contentLanguageProps(fatwah.language)}
                        className="mt-2 line-clamp-2 text-stone-700"
                      >
                        {fatwah.answer}
                      </p>
                    )}
                    <span className="mt-2 inline-block text-sm font-medium text-brand-700">
                      {t('fatwahs.card.readMore')}
                    </span>
                    <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
                      <CategoryBadges categories={fatwah.categories} />
                      <p className="text-sm text-stone-500">
                        {fatwah.answeredBy && (
                          <span>{t('fatwahs.card.by', { name: named(fatwah.answeredBy.name) })} · </span>
                        )}
                        <time dateTime={fatwah.publishedAt ?? fatwah.createdAt}>
                          {date(fatwah.publishedAt ?? fatwah.createdAt)}
                        </time>
                      </p>
                    </div>
                  </Link>
                  {/* A search shows one version of each answer: the others, by their languages' names. */}
                  <TranslationLinks
                    className="mt-2 px-1"
                    landmark={false}
                    pathOf={paths.fatwah}
                    translations={fatwah.translations?.map((other) => ({
                      _id: other._id,
                      language: other.language,
                      label: other.question,
                    }))}
                  />
                </li>
              ))}
            </ul>
            <Pagination
              className="mt-8"
              page={page}
              totalPages={data.pagination.pages}
              items={pageWindow(page, data.pagination.pages)}
              onNavigate={() => scrollToListTop(listTop.current)}
            />
          </>
        )}
      </FatwahsLoaded>
      <SubscribeSection defaults={{ fatwahs: true, articles: false }} />
    </div>
  );
}
