import {
  DEFAULT_FATWAH_CATEGORY,
  FATWAH_MESSAGES,
  PAGE_META,
  QUESTION_MAX_LENGTH,
  submitFatwahBodySchema,
} from '@scholar/shared';
import { ArrowLeft, CheckCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextAreaField, TextField } from '../../../components/ui/field';
import { useFormErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { submitQuestion, useFatwahCategories } from '../api/fatwahs';

const FIELDS = ['question', 'categories', 'askerName', 'askerEmail', 'website'] as const;

const empty = {
  question: '',
  categories: [DEFAULT_FATWAH_CATEGORY as string],
  askerName: '',
  askerEmail: '',
  website: '',
};

export function AskFatwahPage() {
  useDocumentTitle(PAGE_META.askFatwah.title, PAGE_META.askFatwah.description);
  const categories = useFatwahCategories();
  const [form, setForm] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const categoriesErrorId = useId();
  const { formRef, errors, formError, clearField, check, refused } = useFormErrors(FIELDS);
  const change = (field: 'question' | 'askerName' | 'askerEmail', value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    clearField(field);
  };

  const toggle = (category: string) => {
    setForm((f) => ({
      ...f,
      categories: f.categories.includes(category)
        ? f.categories.filter((c) => c !== category)
        : [...f.categories, category],
    }));
    clearField('categories');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server's rules (spec §5, Ask question): the question, a category, and a well-formed email when given.
    const body = check(submitFatwahBodySchema, form);
    if (!body) return;
    const { website, ...question } = body;
    setBusy(true);
    try {
      await submitQuestion({ ...question, ...(website ? { website } : {}) });
      toast.success(FATWAH_MESSAGES.submitted);
      setSubmitted(true);
    } catch (err) {
      // The error's own message, else the default (spec §8).
      refused(err, err instanceof Error && err.message ? err.message : 'Failed to submit question');
    } finally {
      setBusy(false);
    }
  };

  if (submitted) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center">
        <CheckCircle aria-hidden="true" className="mx-auto h-14 w-14 text-brand-600" />
        <h1 className="mt-4 font-serif text-2xl font-bold text-brand-800">
          Question Submitted Successfully!
        </h1>
        <p className="mt-3 text-stone-700">
          Thank you. Our scholars will review your question and publish the response on the fatwahs page.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link
            to={paths.fatwahs}
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white"
          >
            Browse Fatwahs
          </Link>
          <Button
            variant="secondary"
            onClick={() => {
              setForm(empty);
              setSubmitted(false);
            }}
          >
            Ask Another Question
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link
        to={paths.fatwahs}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Fatwahs
      </Link>
      <h1 className="mt-4 font-serif text-3xl font-bold text-brand-800">Ask a Question</h1>
      {/* The email is an email-type field, its format checked with the other fields, all marked at once. */}
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        className="mt-6 space-y-6 rounded-xl border border-stone-200 bg-white p-6"
        aria-label="Ask a question"
      >
        <TextAreaField
          label="Your Question *"
          id="question"
          name="question"
          rows={6}
          value={form.question}
          onChange={(e) => change('question', e.target.value)}
          error={errors.question}
          maxLength={QUESTION_MAX_LENGTH}
        />
        <fieldset
          name="categories"
          aria-invalid={errors.categories ? true : undefined}
          aria-describedby={errors.categories ? categoriesErrorId : undefined}
        >
          <legend className="text-sm font-medium text-stone-700">Categories *</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {categories.map((category) => {
              const on = form.categories.includes(category);
              return (
                <button
                  key={category}
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(category)}
                  className={`rounded-full border px-3 py-1 text-sm ${
                    on
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-stone-300 bg-white text-stone-700'
                  }`}
                >
                  {category}
                </button>
              );
            })}
          </div>
          {errors.categories && (
            <p id={categoriesErrorId} role="alert" className="mt-1 text-sm text-red-700">
              {errors.categories}
            </p>
          )}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Your Name (optional)"
            name="askerName"
            autoComplete="name"
            value={form.askerName}
            error={errors.askerName}
            onChange={(e) => change('askerName', e.target.value)}
          />
          <TextField
            label="Your Email (optional)"
            type="email"
            name="askerEmail"
            autoComplete="email"
            value={form.askerEmail}
            error={errors.askerEmail}
            onChange={(e) => change('askerEmail', e.target.value)}
          />
        </div>
        <p className="text-sm text-stone-500">
          Your name and email are used for clarification only and are not published.
        </p>
        {/* A field people never see; robots fill it in. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="website">Website</label>
          <input
            id="website"
            tabIndex={-1}
            autoComplete="off"
            value={form.website}
            onChange={(e) => setForm({ ...form, website: e.target.value })}
          />
        </div>
        <FormMessage message={formError} />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'Submitting...' : 'Submit Question'}
        </Button>
      </form>
    </div>
  );
}
