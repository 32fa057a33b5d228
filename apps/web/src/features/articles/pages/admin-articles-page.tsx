import {
  ARTICLE_MESSAGES,
  articleDeleteConfirm,
  formatDate,
  PAGE_SIZES,
  paths,
  type ArticleStats,
  type ArticleSummary,
  isScheduled,
} from '@scholar/shared';
import { BarChart3, Eye, EyeOff, FileText, Pencil, Plus, Send, Trash2, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { contentLanguageProps } from '../../../components/content-language';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { imageSrc, PLACEHOLDER_IMAGE } from '../../../lib/images';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteArticle } from '../api/delete-article';
import { useAdminArticles } from '../api/get-admin-articles';
import { useArticleStats } from '../api/get-article-stats';
import { useToggleArticlePublish } from '../api/toggle-article-publish';
import { logError } from '../lib/log';

const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];

const SEARCH_DELAY_MS = 300;

/** The overview's figures, in the order the cards show them. */
const STATS: readonly { label: string; key: keyof ArticleStats['overview']; Icon: LucideIcon }[] = [
  { label: 'Total Articles', key: 'totalArticles', Icon: FileText },
  { label: 'Published', key: 'publishedArticles', Icon: Send },
  { label: 'Drafts', key: 'draftArticles', Icon: Pencil },
  { label: 'Total Views', key: 'totalViews', Icon: BarChart3 },
];

function StatCard({ label, value, Icon }: { label: string; value: number | undefined; Icon: LucideIcon }) {
  return (
    <li className="flex items-center gap-4 rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
      <span className="rounded-full bg-brand-50 p-3 text-brand-700">
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <div>
        <p className="text-sm text-stone-600">{label}</p>
        <p className="text-2xl font-bold text-stone-900">{value === undefined ? '–' : value}</p>
      </div>
    </li>
  );
}

function Stats() {
  const { data, error } = useArticleStats();
  useEffect(() => {
    if (error) logError('Loading the article statistics failed', error);
  }, [error]);
  const overview = data?.overview;
  return (
    <section aria-label="Article statistics" className="mt-8">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STATS.map(({ label, key, Icon }) => (
          <StatCard key={key} label={label} value={overview?.[key]} Icon={Icon} />
        ))}
      </ul>
    </section>
  );
}

/** Published, Draft, or Scheduled: published with its time to come (readers see it from then; India time). */
function StatusBadge({ article }: { article: ArticleSummary }) {
  if (isScheduled(article) && article.publishedAt) {
    const at = new Date(article.publishedAt).toLocaleString('en-IN', {
      timeZone: 'Asia/Kolkata',
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    return (
      <Badge tone="stone">
        Scheduled: {at} <span className="sr-only">(India time)</span>
      </Badge>
    );
  }
  return article.isPublished ? <Badge tone="brand">Published</Badge> : <Badge tone="amber">Draft</Badge>;
}

const actionButton =
  'inline-flex h-11 w-11 items-center justify-center rounded-md border border-stone-300 bg-white text-stone-700 transition hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-400 md:h-9 md:w-9';

/**
 * Below the md breakpoint the table is a list of cards: each row a card, each cell a block carrying its column's
 * name (the header row is hidden there), so that every column and action shows on a phone without scrolling sideways.
 */
const cell = 'block px-4 md:table-cell md:py-3';
const COLUMNS = ['Title', 'Status', 'Views', 'Created', 'Actions'] as const;
/** A column's name inside its cell, on phones only. */
function CellLabel({ children }: { children: ReactNode }) {
  return (
    <span className="mb-1 block text-xs font-semibold tracking-wide text-stone-500 uppercase md:hidden">
      {children}
    </span>
  );
}

function ArticleRow({ article }: { article: ArticleSummary }) {
  const toggle = useToggleArticlePublish();
  const remove = useDeleteArticle();
  const busy = toggle.isPending || remove.isPending;

  // mutateAsync: the answer is reported even when the row has left the list by then (deleted, or filtered out).
  const onToggle = async () => {
    try {
      const { message } = await toggle.mutateAsync(article._id);
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error, ARTICLE_MESSAGES.statusFailed));
    }
  };
  const onDelete = async () => {
    if (!window.confirm(articleDeleteConfirm(article.title))) return;
    try {
      await remove.mutateAsync(article);
      toast.success(ARTICLE_MESSAGES.deleted);
    } catch (error) {
      toast.error(errorMessage(error, ARTICLE_MESSAGES.deleteFailed));
    }
  };

  return (
    <tr
      data-testid="article-row"
      className="grid grid-cols-3 gap-y-3 rounded-lg border border-stone-200 bg-white py-4 shadow-sm md:table-row md:rounded-none md:border-x-0 md:border-b-0 md:py-0 md:align-middle md:shadow-none"
    >
      <th scope="row" className={`${cell} col-span-3 text-start font-normal`}>
        <div className="flex items-center gap-3">
          <img
            src={imageSrc(article.featuredImage)}
            alt=""
            loading="lazy"
            width={64}
            height={40}
            className="h-10 w-16 shrink-0 rounded object-cover"
            onError={(event) => {
              if (!event.currentTarget.src.endsWith(PLACEHOLDER_IMAGE))
                event.currentTarget.src = PLACEHOLDER_IMAGE;
            }}
          />
          <div className="min-w-0">
            <p
              {...contentLanguageProps(article.language)}
              className="line-clamp-2 font-medium text-stone-900"
            >
              {article.title}
            </p>
            <p className="text-xs text-stone-500">By {article.author}</p>
          </div>
        </div>
      </th>
      <td className={cell}>
        <CellLabel>Status</CellLabel>
        <StatusBadge article={article} />
      </td>
      <td className={`${cell} text-stone-700 tabular-nums`}>
        <CellLabel>Views</CellLabel>
        {article.views}
      </td>
      <td className={`${cell} whitespace-nowrap text-stone-700`}>
        <CellLabel>Created</CellLabel>
        <time dateTime={article.createdAt}>{formatDate(article.createdAt)}</time>
      </td>
      <td className={`${cell} col-span-3 max-md:border-t max-md:border-stone-100 max-md:pt-3`}>
        <CellLabel>Actions</CellLabel>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={actionButton}
            onClick={onToggle}
            disabled={busy}
            aria-label={`${article.isPublished ? 'Unpublish' : 'Publish'} "${article.title}"`}
            title={article.isPublished ? 'Unpublish' : 'Publish'}
          >
            {article.isPublished ? (
              <EyeOff aria-hidden="true" className="h-4 w-4" />
            ) : (
              <Eye aria-hidden="true" className="h-4 w-4" />
            )}
          </button>
          <Link
            to={paths.adminArticleEdit(article._id)}
            className={actionButton}
            aria-label={`Edit "${article.title}"`}
            title="Edit"
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
          </Link>
          <button
            type="button"
            className={`${actionButton} text-red-700 hover:bg-red-50`}
            onClick={onDelete}
            disabled={busy}
            aria-label={`Delete "${article.title}"`}
            title="Delete"
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      </td>
    </tr>
  );
}

/** /admin/articles (docs/product.md, "Article desk"). */
export function AdminArticlesPage() {
  useDocumentTitle('Article Management');
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);

  // The search runs once typing pauses, from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = searchInput.trim();
      if (next === search) return;
      setSearch(next);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput, search]);

  const { data, isPending, isError, isPlaceholderData } = useAdminArticles({
    page,
    ...(search ? { search } : {}),
    ...(status === 'all' ? {} : { isPublished: status === 'published' }),
  });

  const total = data?.pagination.total ?? 0;
  const totalPages = Math.max(data?.pagination.totalPages ?? 1, 1);
  // After deleting the last article of the last page, show the page before it.
  useEffect(() => {
    if (data && data.articles.length === 0 && page > 1 && !isPlaceholderData) {
      setPage(Math.max(data.pagination.totalPages, 1));
    }
  }, [data, page, isPlaceholderData]);

  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZES.adminArticles + 1;
  const last = Math.min(page * PAGE_SIZES.adminArticles, total);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeader
        title="Article Management"
        action={
          <Link to={paths.adminArticleCreate} className={buttonClass()}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Create Article
          </Link>
        }
      />

      <Stats />

      <div className="mt-8 grid gap-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_12rem]">
        <TextField
          label="Search articles"
          type="search"
          placeholder="Search by title or text..."
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as StatusFilter);
            setPage(1);
          }}
        >
          {STATUS_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </SelectField>
      </div>

      <div className="mt-6 md:overflow-x-auto md:rounded-lg md:border md:border-stone-200 md:bg-white md:shadow-sm">
        <table
          className="block w-full text-sm md:table md:min-w-[48rem]"
          aria-busy={isPending || isPlaceholderData}
        >
          <caption className="sr-only">Articles</caption>
          <thead className="hidden bg-stone-50 text-start text-xs font-semibold tracking-wide text-stone-600 uppercase md:table-header-group">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-4 py-3">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="grid gap-3 md:table-row-group">
            {isPending ? (
              <tr className="block rounded-lg border border-stone-200 bg-white md:table-row md:border-0">
                <td
                  colSpan={5}
                  className="block px-4 py-10 md:table-cell text-center text-stone-600"
                  role="status"
                >
                  Loading articles...
                </td>
              </tr>
            ) : isError ? (
              <tr className="block rounded-lg border border-stone-200 bg-white md:table-row md:border-0">
                <td
                  colSpan={5}
                  className="block px-4 py-10 md:table-cell text-center text-red-700"
                  role="alert"
                >
                  {ARTICLE_MESSAGES.loadListFailed}
                </td>
              </tr>
            ) : data.articles.length === 0 ? (
              <tr className="block rounded-lg border border-stone-200 bg-white md:table-row md:border-0">
                <td colSpan={5} className="block px-4 py-10 md:table-cell text-center text-stone-600">
                  No articles found
                </td>
              </tr>
            ) : (
              data.articles.map((article) => <ArticleRow key={article._id} article={article} />)
            )}
          </tbody>
        </table>
      </div>

      {total > 0 && (
        <nav
          aria-label="Pagination"
          className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-stone-700"
        >
          <p>
            Showing {first} to {last} of {total} articles
          </p>
          <div className="flex items-center gap-3">
            <Button variant="secondary" onClick={() => setPage((p) => p - 1)} disabled={page <= 1}>
              Previous
            </Button>
            <span aria-current="page">
              Page {page} of {totalPages}
            </span>
            <Button variant="secondary" onClick={() => setPage((p) => p + 1)} disabled={page >= totalPages}>
              Next
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
