import {
  defaultDeskSort,
  FATWAH_DESK_SORTS,
  FATWAH_QUEUES,
  formatDate,
  formatDateTime,
  paths,
  type AdminFatwah,
  type FatwahCategory,
  type FatwahDeskSort,
  type FatwahQueue,
  type FatwahStatus,
} from '@scholar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { contentLanguageProps, translationOfInput } from '../../../components/content-language';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { PageHeader } from '../../../components/ui/page-header';
import { SubscriberStats } from '../../../components/subscriber-stats';
import { pageWindow } from '../../../lib/page-window';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { createFatwah } from '../api/create-fatwah';
import { useAdminFatwahs } from '../api/get-admin-fatwahs';
import { useFatwahCategories } from '../api/get-fatwah-categories';
import { FatwahsLoaded } from '../components/fatwahs-loaded';
import { CategoryBadges } from '../components/category-badge';
import { SearchBox } from '../../../components/search-box';
import { FatwahModal, type FatwahFormValues } from '../components/fatwah-modal';

const STATUS_TONES: Record<FatwahStatus, BadgeTone> = {
  draft: 'stone',
  pending: 'amber',
  published: 'emerald',
};

/** The desk's queues, in the order the scholar works through them (docs/decisions/049). */
export const QUEUE_LABELS: Record<FatwahQueue, string> = {
  unanswered: 'Unanswered',
  answered: 'Answered, not published',
  published: 'Published',
};
const EMPTY_QUEUE: Record<FatwahQueue, string> = {
  unanswered: 'No question is waiting for an answer',
  answered: 'No answer is waiting to be published',
  published: 'No fatwah is published yet',
};

const SORT_LABELS: Record<FatwahDeskSort, string> = {
  oldest: 'Oldest first',
  newest: 'Newest first',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a question has waited, as the desk says it: `Waiting 8 days`, `Waiting 1 day`, `Asked today`. */
export function waitingFor(createdAt: string, now = Date.now()): string {
  const days = Math.floor((now - Date.parse(createdAt)) / DAY_MS);
  return days < 1 ? 'Asked today' : `Waiting ${days} ${days === 1 ? 'day' : 'days'}`;
}

const isQueue = (value: string | null): value is FatwahQueue =>
  (FATWAH_QUEUES as readonly string[]).includes(value ?? '');

/** The desk list's address of a queue (the first queue is the desk's own address). */
export const queuePath = (queue: FatwahQueue) =>
  queue === 'unanswered' ? paths.adminFatwahs : `${paths.adminFatwahs}?queue=${queue}`;

export function ManageFatwahsPage() {
  useDocumentTitle('Fatwah desk');
  const queryClient = useQueryClient();
  const categories = useFatwahCategories();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queueParam = params.get('queue');
  const queue: FatwahQueue = isQueue(queueParam) ? queueParam : 'unanswered';
  const [filter, setFilter] = useState<{
    search: string;
    category: string;
    page: number;
    sort?: FatwahDeskSort;
  }>({ search: '', category: '', page: 1 });
  const [creating, setCreating] = useState(false);
  const fatwahs = useAdminFatwahs({ ...filter, queue });
  const counts = fatwahs.data?.counts;

  const create = async (values: FatwahFormValues) => {
    // The category names come from the server, which checks them. A failure is the modal's to show.
    const created = await createFatwah({
      ...values,
      categories: values.categories as FatwahCategory[],
      answer: values.answer.trim() || undefined,
      translationOf: translationOfInput(values.translationOf),
    });
    toast.success('Fatwah created successfully');
    setCreating(false);
    await queryClient.invalidateQueries({ queryKey: queryKeys.fatwahs.all });
    void navigate(paths.adminFatwah(created._id));
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <SubscriberStats />
      <PageHeader
        title="Fatwah desk"
        action={
          <div className="flex flex-wrap items-center gap-4">
            <Link to={paths.adminSynonyms} className="font-medium text-brand-700 hover:underline">
              Search synonyms
            </Link>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="h-4 w-4" /> Create Fatwah
            </Button>
          </div>
        }
      />

      {/* The queues are links: each has its address, and Tab and Enter move between them. */}
      <nav aria-label="Queues" className="mt-6">
        <ul className="flex flex-wrap gap-2 border-b border-stone-200">
          {FATWAH_QUEUES.map((name) => {
            const current = name === queue;
            return (
              <li key={name}>
                <Link
                  to={queuePath(name)}
                  aria-current={current ? 'page' : undefined}
                  onClick={() => setFilter((f) => ({ ...f, page: 1, sort: undefined }))}
                  className={`-mb-px inline-block rounded-t-md border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-700 ${
                    current
                      ? 'border-brand-700 text-brand-800'
                      : 'border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900'
                  }`}
                >
                  {QUEUE_LABELS[name]}
                  {counts && <> ({counts[name]})</>}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-6 grid gap-4 md:grid-cols-[1fr_12rem_10rem]">
        <SearchBox
          id="admin-fatwah-search"
          label="Search"
          submitLabel="Search"
          onSearch={(words) => setFilter({ ...filter, search: words, page: 1 })}
        />
        <SelectField
          label="Category"
          value={filter.category}
          onChange={(e) => setFilter({ ...filter, category: e.target.value, page: 1 })}
        >
          <option value="">All Categories</option>
          {categories.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </SelectField>
        <SelectField
          label="Order"
          value={filter.sort ?? defaultDeskSort(queue)}
          onChange={(e) => setFilter({ ...filter, sort: e.target.value as FatwahDeskSort, page: 1 })}
        >
          {FATWAH_DESK_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </SelectField>
      </div>

      <FatwahsLoaded
        query={fatwahs}
        empty={<p className="font-serif text-xl font-semibold">{EMPTY_QUEUE[queue]}</p>}
      >
        {(data) => (
          <>
            <ul className="mt-8 space-y-4" aria-label={QUEUE_LABELS[queue]}>
              {data.data.map((fatwah) => (
                <QueueItem key={fatwah._id} fatwah={fatwah} queue={queue} />
              ))}
            </ul>
            <Pagination
              className="mt-8"
              page={filter.page}
              totalPages={data.pagination.pages}
              items={pageWindow(filter.page, data.pagination.pages, { startAtOneUntil: 2 })}
              onChange={(page) => setFilter({ ...filter, page })}
            />
          </>
        )}
      </FatwahsLoaded>

      {creating && (
        <FatwahModal
          mode="create"
          categories={categories}
          onClose={() => setCreating(false)}
          onSave={create}
        />
      )}
    </div>
  );
}

/** A question of a queue: what it asks, who asked and when, and one way on: to its answer editor. */
function QueueItem({ fatwah, queue }: { fatwah: AdminFatwah; queue: FatwahQueue }) {
  const action = queue === 'unanswered' ? 'Answer' : queue === 'answered' ? 'Review and publish' : 'Open';
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm" aria-label={fatwah.question}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 {...contentLanguageProps(fatwah.language)} className="flex-1 font-serif text-lg font-semibold">
          {fatwah.question}
        </h2>
        <Badge tone={STATUS_TONES[fatwah.status]} className="capitalize">
          {fatwah.status}
        </Badge>
      </div>
      {fatwah.answer ? (
        <p dir="auto" className="mt-2 line-clamp-2 text-stone-700">
          {fatwah.answer}
        </p>
      ) : (
        <p className="mt-2 text-sm italic text-stone-500">Not answered yet</p>
      )}
      <div className="mt-3">
        <CategoryBadges categories={fatwah.categories} />
      </div>
      <p className="mt-3 text-sm text-stone-500">
        <span className="font-mono text-stone-700">{fatwah.reference}</span> ·{' '}
        {fatwah.askerName && (
          <>
            Asked by {fatwah.askerName}
            {fatwah.showAskerName ? ' (name shown)' : ' (name not published)'} ·{' '}
          </>
        )}
        <time dateTime={fatwah.createdAt} title={formatDate(fatwah.createdAt)}>
          {formatDateTime(fatwah.createdAt)}
        </time>
        {queue !== 'published' && (
          <>
            {' · '}
            <span className="font-medium text-stone-700">{waitingFor(fatwah.createdAt)}</span>
          </>
        )}
        {fatwah.answeredBy && <> · Answered by {fatwah.answeredBy.name}</>}
      </p>
      <div className="mt-4">
        <Link
          to={paths.adminFatwah(fatwah._id)}
          className={buttonClass(queue === 'published' ? 'secondary' : 'primary')}
          aria-label={`${action}: ${fatwah.question}`}
        >
          {action}
        </Link>
      </div>
    </li>
  );
}
