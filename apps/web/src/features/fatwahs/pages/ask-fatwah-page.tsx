import { DEFAULT_FATWAH_CATEGORY, FATWAH_MESSAGES, PAGE_META } from '@scholar/shared';
import { ArrowLeft, CheckCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { submitQuestion, useFatwahCategories } from '../api/fatwahs';

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
  const [error, setError] = useState<{ field: 'question' | 'categories'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const toggle = (category: string) =>
    setForm((f) => ({
      ...f,
      categories: f.categories.includes(category)
        ? f.categories.filter((c) => c !== category)
        : [...f.categories, category],
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = !form.question.trim()
      ? { field: 'question' as const, message: FATWAH_MESSAGES.questionRequired }
      : form.categories.length === 0
        ? { field: 'categories' as const, message: FATWAH_MESSAGES.categoryRequired }
        : null;
    setError(problem);
    if (problem) {
      toast.error(problem.message);
      return;
    }
    setBusy(true);
    try {
      await submitQuestion({
        question: form.question.trim(),
        categories: form.categories,
        ...(form.askerName.trim() ? { askerName: form.askerName.trim() } : {}),
        ...(form.askerEmail.trim() ? { askerEmail: form.askerEmail.trim() } : {}),
        ...(form.website ? { website: form.website } : {}),
      });
      toast.success(FATWAH_MESSAGES.submitted);
      setSubmitted(true);
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : 'Failed to submit question');
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
      {/* The browser checks the email's format (spec §5); the question and categories have the app's messages. */}
      <form
        onSubmit={submit}
        className="mt-6 space-y-6 rounded-xl border border-stone-200 bg-white p-6"
        aria-label="Ask a question"
      >
        <div>
          <label htmlFor="question" className="block text-sm font-medium text-stone-700">
            Your Question *
          </label>
          <textarea
            id="question"
            rows={6}
            value={form.question}
            onChange={(e) => setForm({ ...form, question: e.target.value })}
            aria-invalid={error?.field === 'question' ? true : undefined}
            aria-describedby={error?.field === 'question' ? 'question-error' : undefined}
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
            maxLength={5000}
          />
          {error?.field === 'question' && (
            <p id="question-error" role="alert" className="mt-1 text-sm text-red-700">
              {error.message}
            </p>
          )}
        </div>
        <fieldset>
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
          {error?.field === 'categories' && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {error.message}
            </p>
          )}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Your Name (optional)"
            autoComplete="name"
            value={form.askerName}
            onChange={(e) => setForm({ ...form, askerName: e.target.value })}
          />
          <TextField
            label="Your Email (optional)"
            type="email"
            autoComplete="email"
            value={form.askerEmail}
            onChange={(e) => setForm({ ...form, askerEmail: e.target.value })}
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
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'Submitting...' : 'Submit Question'}
        </Button>
      </form>
    </div>
  );
}
