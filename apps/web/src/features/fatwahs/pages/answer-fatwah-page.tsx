import {
  editFatwahBodySchema,
  paths,
  type AdminFatwah,
  type ContentLanguage,
  type FatwahCategory,
  type FatwahStatus,
} from '@scholar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, MoreHorizontal } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LanguageSelect, translationOfInput, TranslationOfField } from '../../../components/content-language';
import { BackLink } from '../../../components/ui/back-link';
import { Button, buttonClass } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { FormMessage, TextAreaField } from '../../../components/ui/field';
import { sortIssues } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { deleteFatwah } from '../api/delete-fatwah';
import { previewAnswer, useDeskSimilar } from '../api/desk-tools';
import { useFatwah } from '../api/get-fatwah';
import { useFatwahCategories } from '../api/get-fatwah-categories';
import { updateFatwah } from '../api/update-fatwah';
import { CategoryPicker } from '../components/category-picker';
import { MarkdownEditor, type MarkdownEditorHandle } from '../components/markdown-editor';
import { queuePath } from './manage-fatwahs-page';

interface Values {
  question: string;
  answer: string;
  categories: string[];
  language: ContentLanguage;
  translationOf: string;
}
const FIELDS = ['question', 'answer', 'categories', 'translationOf'] as const;
type Errors = Partial<Record<(typeof FIELDS)[number], string>>;

const valuesOf = (fatwah: AdminFatwah): Values => ({
  question: fatwah.question,
  answer: fatwah.answer ?? '',
  categories: fatwah.categories,
  language: fatwah.language,
  translationOf: fatwah.translationOf ?? '',
});
const same = (a: Values, b: Values) => JSON.stringify(a) === JSON.stringify(b);

/** The desk's answer editor of one question (docs/product.md, "Fatwah desk"): a page of its own. */
export function AnswerFatwahPage() {
  const { id = '' } = useParams();
  const validId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  const { data, isPending, error } = useFatwah(id, validId);
  useDocumentTitle('Answer a question');
  if (!validId || error) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="font-serif text-2xl font-bold text-brand-800">
          {error ? errorMessage(error, 'Failed to fetch fatwah details') : 'Fatwah not found'}
        </h1>
        <Link
          to={paths.adminFatwahs}
          className="mt-4 inline-block font-medium text-brand-700 hover:underline"
        >
          Back to the desk
        </Link>
      </div>
    );
  }
  if (isPending || !data) {
    return (
      <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-center text-stone-600">
        Loading the question…
      </p>
    );
  }
  // Remounted for another fatwah, so that the form starts from its values.
  return <AnswerEditor key={data._id} fatwah={data as AdminFatwah} />;
}

function AnswerEditor({ fatwah }: { fatwah: AdminFatwah }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const categories = useFatwahCategories();
  const [saved, setSaved] = useState<Values>(() => valuesOf(fatwah));
  const [values, setValues] = useState<Values>(saved);
  const [status, setStatus] = useState<FatwahStatus>(fatwah.status);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | 'delete' | null>(null);
  const [preview, setPreview] = useState<{ html: string } | { error: string } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const editor = useRef<MarkdownEditorHandle>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  const dirty = !same(values, saved);
  const { release } = useUnsavedChanges(dirty);
  const similar = useDeskSimilar(fatwah._id, saved.question);
  const published = status === 'published';

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.fatwahs.all });

  const save = async (next: FatwahStatus) => {
    const parsed = editFatwahBodySchema.safeParse({
      ...values,
      status: next,
      translationOf: translationOfInput(values.translationOf),
    });
    setErrors(sortIssues(FIELDS, parsed.error?.issues ?? []).errors);
    if (!parsed.success) return;
    setBusy(next === 'published' && !published ? 'publish' : 'save');
    setFailure(null);
    try {
      const updated = await updateFatwah(fatwah._id, {
        ...values,
        categories: values.categories as FatwahCategory[],
        status: next,
        translationOf: translationOfInput(values.translationOf),
      });
      // The saved fatwah is the page's from now on, whether or not the refresh below ends before the editor is
      // left (a refresh cut short leaves the cache as it was, and the page opened again would show the old text).
      queryClient.setQueryData(queryKeys.fatwahs.detail(fatwah._id), updated);
      setSaved(values);
      setStatus(updated.status);
      toast.success(
        next === 'published' && !published
          ? 'Published. The asker is told by email when they gave one.'
          : 'Answer saved',
      );
      await refresh();
    } catch (err) {
      const message = errorMessage(err, 'Failed to update fatwah');
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(null);
    }
  };

  const showPreview = async () => {
    setPreviewing(true);
    try {
      setPreview({ html: await previewAnswer(values.answer) });
    } catch (err) {
      setPreview({ error: errorMessage(err, 'Failed to preview the answer') });
    } finally {
      setPreviewing(false);
    }
  };
  // A preview of an older text would mislead: it goes when the answer changes.
  useEffect(() => setPreview(null), [values.answer]);

  const remove = async () => {
    setBusy('delete');
    try {
      await deleteFatwah(fatwah._id);
      toast.success('Fatwah deleted successfully');
      release();
      await refresh();
      void navigate(paths.adminFatwahs);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to delete fatwah'));
      setBusy(null);
      setConfirmDelete(false);
    }
  };

  const queue = published ? 'published' : saved.answer ? 'answered' : 'unanswered';
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <BackLink to={queuePath(queue)}>Back to the desk</BackLink>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-serif text-2xl font-bold text-brand-800">
            {published ? 'Published fatwah' : saved.answer ? 'Review and publish' : 'Answer the question'}
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            Reference <span className="font-mono font-medium text-stone-900">{fatwah.reference}</span> ·
            Status <span className="font-medium capitalize text-stone-900">{status}</span>
            {published && (
              <>
                {' '}
                ·{' '}
                <Link to={paths.fatwah(fatwah._id)} className="font-medium text-brand-700 hover:underline">
                  View the public page
                </Link>
              </>
            )}
          </p>
        </div>
        {/* The menu closes when focus leaves it, and with Escape (focus back on More). */}
        <div
          className="relative"
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setMenuOpen(false);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !menuOpen) return;
            event.stopPropagation();
            setMenuOpen(false);
            moreButton.current?.focus();
          }}
        >
          <button
            ref={moreButton}
            type="button"
            className={buttonClass('secondary')}
            aria-expanded={menuOpen}
            aria-controls="fatwah-more-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MoreHorizontal aria-hidden="true" className="h-4 w-4" /> More
          </button>
          {menuOpen && (
            <div
              id="fatwah-more-menu"
              className="absolute end-0 z-10 mt-1 w-48 rounded-md border border-stone-200 bg-white p-1 shadow-lg"
            >
              <button
                type="button"
                className="block w-full rounded px-3 py-2 text-start text-sm text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700"
                onClick={() => {
                  setMenuOpen(false);
                  setConfirmDelete(true);
                }}
              >
                Delete fatwah…
              </button>
            </div>
          )}
        </div>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <form
          noValidate
          aria-label="Answer"
          // A field reached with Tab scrolls clear of the buttons that stay at the foot of the screen.
          className={`${card} space-y-6 p-6 [&_:is(input,textarea,select,button,summary)]:scroll-mb-24`}
          onSubmit={(event) => {
            event.preventDefault();
            void save(status);
          }}
        >
          <section aria-labelledby="asked-heading" className="rounded-md bg-stone-50 p-4">
            <h2 id="asked-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-500">
              The question
            </h2>
            <p dir="auto" className="mt-2 whitespace-pre-line font-serif text-lg text-stone-900">
              {saved.question}
            </p>
            {(fatwah.askerName || fatwah.askerEmail) && (
              <p className="mt-2 text-sm text-stone-600">
                {fatwah.askerName && (
                  <>
                    Asked by {fatwah.askerName}
                    {fatwah.showAskerName ? ' (name shown)' : ' (name not published)'}
                  </>
                )}
                {fatwah.askerEmail && <> · {fatwah.askerEmail}</>}
              </p>
            )}
          </section>

          <details className="rounded-md border border-stone-200 p-3">
            <summary className="cursor-pointer text-sm font-medium text-stone-700">Edit the question</summary>
            <TextAreaField
              id="fatwah-question"
              label="Question"
              className="mt-3"
              dir="auto"
              rows={4}
              value={values.question}
              error={errors.question}
              onChange={(event) => set('question', event.target.value)}
            />
          </details>

          <MarkdownEditor
            ref={editor}
            id="fatwah-answer"
            label="Answer (Markdown)"
            value={values.answer}
            onChange={(answer) => set('answer', answer)}
            error={errors.answer}
            describedBy="fatwah-answer-help"
          />
          <p id="fatwah-answer-help" className="-mt-4 text-sm text-stone-500">
            **bold**, *italic*, ## heading, - list, &gt; quote, [text](link). A line in Urdu or Arabic runs
            right to left.
          </p>

          <div>
            <Button variant="secondary" onClick={() => void showPreview()} disabled={previewing}>
              {previewing ? 'Preparing preview…' : 'Preview'}
            </Button>
            {preview && (
              <section
                aria-labelledby="preview-heading"
                className="mt-4 rounded-md border border-brand-200 p-4"
              >
                <h2
                  id="preview-heading"
                  className="text-sm font-semibold uppercase tracking-wide text-stone-500"
                >
                  Preview: as readers will see it
                </h2>
                {'html' in preview ? (
                  <div
                    dir="auto"
                    data-testid="answer-preview"
                    className="prose mt-2 max-w-none leading-7 text-stone-800"
                    // Rendered and sanitised by the server, as the public page shows it.
                    dangerouslySetInnerHTML={{ __html: preview.html }}
                  />
                ) : (
                  <p role="alert" className="mt-2 text-sm text-red-700">
                    {preview.error}
                  </p>
                )}
              </section>
            )}
          </div>

          <CategoryPicker
            categories={categories}
            selected={values.categories}
            onToggle={(category) =>
              set(
                'categories',
                values.categories.includes(category)
                  ? values.categories.filter((c) => c !== category)
                  : [...values.categories, category],
              )
            }
            error={errors.categories}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <LanguageSelect
              id="fatwah-language"
              value={values.language}
              onChange={(language) => set('language', language)}
            />
            <TranslationOfField
              id="fatwah-translation-of"
              kind="fatwah"
              value={values.translationOf}
              error={errors.translationOf}
              onChange={(translationOf) => set('translationOf', translationOf)}
            />
          </div>

          <FormMessage message={failure ?? undefined} />
          <div className="sticky bottom-0 -mx-6 -mb-6 flex flex-wrap items-center justify-end gap-3 rounded-b-xl border-t border-stone-200 bg-white px-6 py-4">
            {dirty && <span className="me-auto text-sm text-amber-800">Unsaved changes</span>}
            {published ? (
              <Button type="submit" disabled={busy !== null}>
                {busy === 'save' ? 'Saving…' : 'Save changes'}
              </Button>
            ) : (
              <>
                <Button type="submit" variant="secondary" disabled={busy !== null}>
                  {busy === 'save' ? 'Saving…' : 'Save draft'}
                </Button>
                <Button onClick={() => void save('published')} disabled={busy !== null}>
                  {busy === 'publish' ? 'Publishing…' : 'Publish'}
                </Button>
              </>
            )}
          </div>
        </form>

        <aside aria-labelledby="similar-heading" className={`${card} h-fit p-5`}>
          <h2 id="similar-heading" className="font-serif text-lg font-semibold text-brand-800">
            Similar published questions
          </h2>
          <p className="mt-1 text-sm text-stone-600">Answered before? Link to it in the answer.</p>
          {similar.isPending && similar.fetchStatus !== 'idle' ? (
            <p role="status" className="mt-3 text-sm text-stone-500">
              Looking…
            </p>
          ) : similar.error ? (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {errorMessage(similar.error, 'Failed to find similar fatwahs')}
            </p>
          ) : (similar.data ?? []).length === 0 ? (
            <p className="mt-3 text-sm text-stone-500">None found.</p>
          ) : (
            <ul className="mt-3 space-y-3" aria-label="Similar published questions">
              {(similar.data ?? []).map((item) => (
                <li key={item._id} className="border-t border-stone-100 pt-3 first:border-t-0 first:pt-0">
                  <a
                    href={paths.fatwah(item._id)}
                    target="_blank"
                    rel="noopener noreferrer"
                    dir="auto"
                    className="inline-flex gap-1 text-sm font-medium text-brand-700 hover:underline"
                  >
                    {item.question}
                    <ExternalLink aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                  <p className="text-xs text-stone-500">{item.reference}</p>
                  <Button
                    variant="link"
                    className="text-xs"
                    aria-label={`Insert a link to “${item.question}” in the answer`}
                    onClick={() => editor.current?.insert(`[${item.question}](${paths.fatwah(item._id)})`)}
                  >
                    Insert link
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>

      {confirmDelete && (
        <Modal title="Delete this fatwah?" onClose={() => setConfirmDelete(false)}>
          <p className="text-stone-700">
            The question <span className="font-mono">{fatwah.reference}</span> and its answer are deleted for
            good.
          </p>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button variant="danger" disabled={busy === 'delete'} onClick={() => void remove()}>
              {busy === 'delete' ? 'Deleting…' : 'Delete'}
            </Button>
          </div>
        </Modal>
      )}
    </div>
  );
}
