import { synonymWordsOf, type SynonymSet } from '@scholar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@scholar/shared';
import { Button } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormMessage, TextAreaField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { api, errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The desk's reads and writes of the sets (`/fatwahs/admin/synonyms`, the fatwah desk; docs/decisions/077). */
const listSets = async () =>
  (
    await api<{ data: SynonymSet[] }>('/fatwahs/admin/synonyms', {
      fallbackError: 'Could not load the synonyms',
    })
  ).data;

const saveSet = async ({ id, words }: { id?: string; words: string[] }) =>
  (
    await api<{ data: SynonymSet }>(id ? `/fatwahs/admin/synonyms/${id}` : '/fatwahs/admin/synonyms', {
      method: id ? 'PUT' : 'POST',
      body: { words },
      fallbackError: 'Could not save the synonyms',
    })
  ).data;

const removeSet = (id: string) =>
  api(`/fatwahs/admin/synonyms/${id}`, { method: 'DELETE', fallbackError: 'Could not remove the synonyms' });

/** One set in its editor: the words one per line (or separated by commas), in any script. */
function SetEditor({ set, onDone }: { set?: SynonymSet; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(set ? set.words.join('\n') : '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveSet,
    onSuccess: () => {
      toast.success(set ? 'Synonyms saved' : 'Synonyms added');
      void queryClient.invalidateQueries({ queryKey: queryKeys.synonyms.all });
      onDone();
    },
    onError: (failure) => setError(errorMessage(failure, 'Could not save the synonyms')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate({ ...(set ? { id: set._id } : {}), words: synonymWordsOf(text) });
  };
  const label = set ? `Edit the set of ${set.words[0] ?? ''}` : 'New set of synonyms';
  return (
    <form onSubmit={submit} aria-label={label} className={`${card} mt-4 grid gap-4 p-6`}>
      <TextAreaField
        label="Words searched as one"
        hint="One per line, or separated by commas: spellings (wudu, wuzu), scripts (وضو, অজু) and languages (ablution). Single words only."
        rows={5}
        required
        dir="auto"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : set ? 'Save synonyms' : 'Add synonyms'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <FormMessage message={error ?? undefined} />
    </form>
  );
}

/**
 * /admin/fatwah/synonyms (the fatwah desk): the sets of words a readers' search of fatwahs, articles and books finds
 * as one. The scholar adds a set, edits its words, or removes it after a confirmation; searches use a change at once.
 * The desk is in English, as the other desk screens.
 */
export function SynonymsPage() {
  useDocumentTitle('Search synonyms');
  const queryClient = useQueryClient();
  const sets = useQuery({ queryKey: queryKeys.synonyms.all, queryFn: listSets });
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SynonymSet | null>(null);
  const remove = useMutation({
    mutationFn: (set: SynonymSet) => removeSet(set._id),
    onSuccess: () => {
      toast.success('Synonyms removed');
      setRemoving(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.synonyms.all });
    },
    onError: (failure) => toast.error(errorMessage(failure, 'Could not remove the synonyms')),
  });
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <PageHeader
        title="Search synonyms"
        action={
          <Link to={paths.adminFatwahs} className="font-medium text-brand-700 hover:underline">
            Back to the fatwah desk
          </Link>
        }
      />
      <p className="mt-2 max-w-3xl text-stone-600">
        A search for any word of a set finds what the others find, in fatwahs, articles and books: readers
        type the same word in many spellings, scripts and languages.
      </p>
      {editing === 'new' ? (
        <SetEditor onDone={() => setEditing(null)} />
      ) : (
        <Button className="mt-4" onClick={() => setEditing('new')}>
          New set
        </Button>
      )}
      {sets.isLoading && <Spinner label="Loading the synonyms" />}
      {sets.isError && <p role="alert">{errorMessage(sets.error, 'Could not load the synonyms')}</p>}
      {sets.data && (
        <ul className="mt-6 space-y-3" aria-label="Sets of synonyms">
          {sets.data.length === 0 && <li className="text-stone-600">No sets yet.</li>}
          {sets.data.map((set) =>
            // The set being edited is its editor, where it stands in the list.
            set._id === editing ? (
              <li key={set._id}>
                <SetEditor set={set} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={set._id} className={`${card} flex flex-wrap items-center justify-between gap-3 p-4`}>
                <ul className="flex flex-wrap gap-2" aria-label={`Words of the set of ${set.words[0] ?? ''}`}>
                  {set.words.map((word) => (
                    <li
                      key={word}
                      dir="auto"
                      className="rounded-full bg-stone-100 px-3 py-0.5 text-sm text-stone-800"
                    >
                      {word}
                    </li>
                  ))}
                </ul>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    onClick={() => setEditing(set._id)}
                    aria-label={`Edit the set of ${set.words[0] ?? ''}`}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => setRemoving(set)}
                    aria-label={`Remove the set of ${set.words[0] ?? ''}`}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove this set?"
          message={`Searches for ${removing.words.join(', ')} will then find only their own word.`}
          confirmLabel="Remove set"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
