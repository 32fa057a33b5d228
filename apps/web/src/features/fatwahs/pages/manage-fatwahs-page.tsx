import {
  formatDate,
  formatDateTime,
  type AdminFatwah,
  type FatwahCategory,
  type FatwahStatus,
} from '@scholar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { contentLanguageProps, translationOfInput } from '../../../components/content-language';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { PageHeader } from '../../../components/ui/page-header';
import { SubscriberStats } from '../../../components/subscriber-stats';
import { errorMessage } from '../../../lib/api-client';
import { pageWindow } from '../../../lib/page-window';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { createFatwah } from '../api/create-fatwah';
import { deleteFatwah } from '../api/delete-fatwah';
import { useAdminFatwahs } from '../api/get-admin-fatwahs';
import { useFatwahCategories } from '../api/get-fatwah-categories';
import { updateFatwah } from '../api/update-fatwah';
import { FatwahsLoaded } from '../components/fatwahs-loaded';
import { CategoryBadges } from '../components/category-badge';
import { SearchBox } from '../components/search-box';
import { FatwahModal, type FatwahFormValues, type ModalMode } from '../components/fatwah-modal';

const STATUS_TONES: Record<FatwahStatus, BadgeTone> = {
  draft: 'stone',
  pending: 'amber',
  published: 'emerald',
};

export function ManageFatwahsPage() {
  useDocumentTitle('Manage Fatwahs');
  const queryClient = useQueryClient();
  const categories = useFatwahCategories();
  const [filter, setFilter] = useState({ search: '', status: '', category: '', page: 1 });
  const [modal, setModal] = useState<{ mode: ModalMode; fatwah?: AdminFatwah } | null>(null);
  const fatwahs = useAdminFatwahs(filter);

  // Every fatwah list and detail may show the changed fatwah.
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.fatwahs.all });

  const save = async (values: FatwahFormValues) => {
    // The category names come from the server, which checks them.
    const body = {
      ...values,
      categories: values.categories as FatwahCategory[],
      answer: values.answer.trim() || undefined,
      translationOf: translationOfInput(values.translationOf),
    };
    // A failure is the modal's to show.
    if (modal?.mode === 'edit' && modal.fatwah) {
      await updateFatwah(modal.fatwah._id, body);
      toast.success('Fatwah updated successfully');
    } else {
      await createFatwah(body);
      toast.success('Fatwah created successfully');
    }
    setModal(null);
    await refresh();
  };

  const publish = async (fatwah: AdminFatwah) => {
    try {
      await updateFatwah(fatwah._id, { status: 'published' }, 'Failed to update fatwah status');
      toast.success('Fatwah status updated to published');
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update fatwah status'));
    }
  };

  const remove = async (fatwah: AdminFatwah) => {
    if (!window.confirm('Are you sure you want to delete this fatwah?')) return;
    try {
      await deleteFatwah(fatwah._id);
      toast.success('Fatwah deleted successfully');
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete fatwah'));
    }
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <SubscriberStats />
      <PageHeader
        title="Manage Fatwahs"
        action={
          <Button onClick={() => setModal({ mode: 'create' })}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Create Fatwah
          </Button>
        }
      />

      <div className="mt-6 grid gap-4 md:grid-cols-[1fr_12rem_12rem]">
        <SearchBox
          id="admin-fatwah-search"
          label="Search"
          onSearch={(words) => setFilter({ ...filter, search: words, page: 1 })}
        />
        <SelectField
          label="Status"
          value={filter.status}
          onChange={(e) => setFilter({ ...filter, status: e.target.value, page: 1 })}
        >
          <option value="">All Status</option>
          <option value="pending">Pending</option>
          <option value="draft">Draft</option>
          <option value="published">Published</option>
        </SelectField>
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
      </div>

      <FatwahsLoaded
        query={fatwahs}
        empty={
          <>
            <p className="font-serif text-xl font-semibold">No fatwahs found</p>
            <Button className="mt-4" onClick={() => setModal({ mode: 'create' })}>
              Create First Fatwah
            </Button>
          </>
        }
      >
        {(data) => (
          <>
            <ul className="mt-8 space-y-4" aria-label="Fatwahs">
              {data.data.map((fatwah) => (
                <li
                  key={fatwah._id}
                  className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
                  aria-label={fatwah.question}
                >
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <h2
                      {...contentLanguageProps(fatwah.language)}
                      className="flex-1 font-serif text-lg font-semibold"
                    >
                      {fatwah.question}
                    </h2>
                    <Badge tone={STATUS_TONES[fatwah.status]} className="capitalize">
                      {fatwah.status}
                    </Badge>
                  </div>
                  {fatwah.answer ? (
                    <p className="mt-2 line-clamp-2 text-stone-700">{fatwah.answer}</p>
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
                    {fatwah.answeredBy && <> · Answered by {fatwah.answeredBy.name}</>}
                  </p>
                  <div className="mt-4 flex flex-wrap gap-2">
                    <Button variant="secondary" onClick={() => setModal({ mode: 'view', fatwah })}>
                      View
                    </Button>
                    <Button variant="secondary" onClick={() => setModal({ mode: 'edit', fatwah })}>
                      Edit
                    </Button>
                    {fatwah.status === 'pending' && fatwah.answer && (
                      <Button onClick={() => publish(fatwah)}>Publish</Button>
                    )}
                    <Button variant="danger" onClick={() => remove(fatwah)}>
                      Delete
                    </Button>
                  </div>
                </li>
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

      {modal && (
        <FatwahModal
          key={`${modal.mode}-${modal.fatwah?._id ?? 'new'}`}
          mode={modal.mode}
          fatwah={modal.fatwah}
          categories={categories}
          onClose={() => setModal(null)}
          onSave={save}
        />
      )}
    </div>
  );
}
