import {
  createFatwahBodySchema,
  editFatwahBodySchema,
  type AdminFatwah,
  type ContentLanguage,
  type FatwahStatus,
} from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { LanguageSelect, translationOfInput, TranslationOfField } from '../../../components/content-language';
import { Button } from '../../../components/ui/button';
import { FormMessage, SelectField, TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { sortIssues } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { CategoryPicker } from './category-picker';

export type ModalMode = 'view' | 'create' | 'edit';

export interface FatwahFormValues {
  question: string;
  answer: string;
  categories: string[];
  status: FatwahStatus;
  language: ContentLanguage;
  /** The link or id typed in "Translation of" (`translationOfInput` makes it the id sent). */
  translationOf: string;
}

const STATUS_LABELS: Record<FatwahStatus, string> = {
  draft: 'Draft',
  pending: 'Pending Review',
  published: 'Published',
};
const FIELDS = ['question', 'answer', 'categories', 'translationOf'] as const;
type Errors = Partial<Record<(typeof FIELDS)[number], string>>;

/** View, create or edit a fatwah (docs/product.md, "Fatwah desk"; errors inline, as "Validation" has them). */
export function FatwahModal({
  mode,
  fatwah,
  categories,
  onClose,
  onSave,
}: {
  mode: ModalMode;
  fatwah?: AdminFatwah;
  categories: string[];
  onClose: () => void;
  /** Saves; a failure is shown here, in the modal, with the server's sentence. */
  onSave: (values: FatwahFormValues) => Promise<void>;
}) {
  const [values, setValues] = useState<FatwahFormValues>({
    question: fatwah?.question ?? '',
    answer: fatwah?.answer ?? '',
    categories: fatwah?.categories ?? [],
    status: fatwah?.status ?? 'draft',
    language: fatwah?.language ?? 'en',
    translationOf: fatwah?.translationOf ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const readOnly = mode === 'view';
  const title = mode === 'view' ? 'View Fatwah' : mode === 'create' ? 'Create Fatwah' : 'Edit Fatwah';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server's own schema and messages: the answer is required on edit only (docs/product.md, "Validation").
    const parsed = (mode === 'edit' ? editFatwahBodySchema : createFatwahBodySchema).safeParse({
      ...values,
      translationOf: translationOfInput(values.translationOf),
    });
    setErrors(sortIssues(FIELDS, parsed.error?.issues ?? []).errors);
    if (!parsed.success) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSave(values);
    } catch (error) {
      // A toast would sit behind the open dialog, unseen: the sentence shows in the modal too.
      const message = errorMessage(
        error,
        mode === 'edit' ? 'Failed to update fatwah' : 'Failed to create fatwah',
      );
      setFailure(message);
      toast.error(message);
    } finally {
      setSaving(false);
    }
  };

  const toggle = (category: string) =>
    setValues((v) => ({
      ...v,
      categories: v.categories.includes(category)
        ? v.categories.filter((c) => c !== category)
        : [...v.categories, category],
    }));

  const textarea = 'mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 read-only:bg-stone-50';
  return (
    <Modal title={title} onClose={onClose}>
      {/*
        The buttons stay in sight at the foot of the dialog however long the answer (a sticky footer inside its
        scrolling body); a field reached with Tab scrolls clear of them.
      */}
      <form
        onSubmit={submit}
        noValidate
        className="space-y-4 [&_:is(input,textarea,select,button)]:scroll-mb-24"
        aria-label={title}
      >
        {fatwah && (
          <p className="text-sm text-stone-500">
            Reference <span className="font-mono font-medium text-stone-800">{fatwah.reference}</span>
          </p>
        )}
        <TextAreaField
          id="fatwah-question"
          label="Question"
          dir="auto"
          rows={4}
          readOnly={readOnly}
          value={values.question}
          error={errors.question}
          onChange={(e) => setValues({ ...values, question: e.target.value })}
        />
        <div>
          <label htmlFor="fatwah-answer" className="block text-sm font-medium text-stone-700">
            Answer
          </label>
          {/* Six rows at least, growing with a long answer so that the scholar reads it whole. */}
          <textarea
            id="fatwah-answer"
            dir="auto"
            rows={6}
            readOnly={readOnly}
            value={values.answer}
            onChange={(e) => setValues({ ...values, answer: e.target.value })}
            aria-invalid={errors.answer ? true : undefined}
            className={`${textarea} min-h-40 field-sizing-content`}
          />
          {errors.answer && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {errors.answer}
            </p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <LanguageSelect
            id="fatwah-language"
            value={values.language}
            disabled={readOnly}
            onChange={(language) => setValues({ ...values, language })}
          />
          <TranslationOfField
            id="fatwah-translation-of"
            kind="fatwah"
            value={values.translationOf}
            readOnly={readOnly}
            error={errors.translationOf}
            onChange={(translationOf) => setValues({ ...values, translationOf })}
          />
        </div>
        <CategoryPicker
          categories={categories}
          selected={values.categories}
          onToggle={toggle}
          error={errors.categories}
          disabled={readOnly}
        />
        {readOnly ? (
          (fatwah?.askerName || fatwah?.askerEmail) && (
            <dl className="grid gap-2 rounded-md bg-stone-50 p-3 text-sm sm:grid-cols-2">
              {fatwah.askerName && (
                <div>
                  <dt className="text-stone-500">Asker name</dt>
                  <dd>
                    {fatwah.askerName}{' '}
                    <span className="text-stone-500">
                      {fatwah.showAskerName ? '(shown with the question)' : '(not published)'}
                    </span>
                  </dd>
                </div>
              )}
              {fatwah.askerEmail && (
                <div>
                  <dt className="text-stone-500">Asker email</dt>
                  <dd>{fatwah.askerEmail}</dd>
                </div>
              )}
            </dl>
          )
        ) : (
          <SelectField
            label="Status"
            value={values.status}
            onChange={(e) => setValues({ ...values, status: e.target.value as FatwahStatus })}
          >
            {(Object.keys(STATUS_LABELS) as FatwahStatus[]).map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
        )}
        <FormMessage message={failure ?? undefined} />
        <div className="sticky bottom-0 -mx-6 -mb-4 flex justify-end gap-3 border-t border-stone-200 bg-white px-6 py-4">
          <Button variant="secondary" onClick={onClose}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : mode === 'create' ? 'Create Fatwah' : 'Update Fatwah'}
            </Button>
          )}
        </div>
      </form>
    </Modal>
  );
}
