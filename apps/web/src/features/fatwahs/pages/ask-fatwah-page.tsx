import {
  DEFAULT_FATWAH_CATEGORY,
  PAGE_FORM_FIELD,
  pageMetaOf,
  paths,
  QUESTION_MAX_LENGTH,
  submitFatwahBodySchema,
  type FormPost,
} from '@scholar/shared';
import { CheckCircle } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BackLink } from '../../../components/ui/back-link';
import { Button, buttonClass } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { CheckboxField, FormMessage, TextAreaField, TextField } from '../../../components/ui/field';
import { postedList, postedText, postRefusal, postTaken, useFormPost } from '../../../lib/form-post';
import { T, useLocale, useT } from '../../../lib/i18n';
import { useForm } from '../../../lib/use-form';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFatwahCategories } from '../api/get-fatwah-categories';
import { submitQuestion } from '../api/submit-question';
import { CategoryPicker } from '../components/category-picker';
import { SimilarQuestions } from '../components/similar-questions';

const FIELDS = ['question', 'categories', 'askerName', 'askerEmail', 'showAskerName', 'website'] as const;

const empty = {
  question: '',
  categories: [DEFAULT_FATWAH_CATEGORY as string],
  askerName: '',
  askerEmail: '',
  showAskerName: false,
  website: '',
};

/** What the asker keeps once the question is sent: its reference, and whether an email will tell them. */
interface Sent {
  reference: string | null;
  email: string | null;
}

/**
 * The categories after a press: while the selection is still the untouched default (Other), picking another
 * category replaces it; afterwards each press adds or removes, Other included.
 */
function toggleCategory(selected: string[], category: string, untouched: boolean): string[] {
  if (selected.includes(category)) return selected.filter((c) => c !== category);
  if (untouched && category !== DEFAULT_FATWAH_CATEGORY) return [category];
  return [...selected, category];
}

/** The form's values as the reader sent them before the app ran (lib/form-post.tsx). */
function postedValues(post: FormPost): typeof empty {
  return {
    question: postedText(post, 'question'),
    categories: postedList(post, 'categories'),
    askerName: postedText(post, 'askerName'),
    askerEmail: postedText(post, 'askerEmail'),
    showAskerName: postedText(post, 'showAskerName') !== '',
    website: postedText(post, 'website'),
  };
}

/** What the reader keeps of a question the server took for them before the app ran. */
function postedSent(post: FormPost): Sent | null {
  if (!postTaken(post)) return null;
  const data = (post.answer.body as { data?: { reference?: unknown } } | null)?.data;
  const email = postedText(post, 'askerEmail').trim();
  return { reference: typeof data?.reference === 'string' ? data.reference : null, email: email || null };
}

export function AskFatwahPage() {
  const { locale, href } = useLocale();
  const meta = pageMetaOf('askFatwah', locale);
  useDocumentTitle(meta.title, meta.description);
  const categories = useFatwahCategories();
  const t = useT();
  // The form as the reader sent it before the app ran, and what came of it.
  const post = useFormPost('question');
  const {
    values: form,
    setValues: setForm,
    change,
    bind,
    formRef,
    errors,
    formError,
    clearField,
    check,
    refused,
  } = useForm(
    () => (post && !postTaken(post) ? postedValues(post) : empty),
    FIELDS,
    post && !postTaken(post) ? postRefusal(post) : undefined,
  );
  const [busy, setBusy] = useState(false);
  // Whether the categories are still the default the form opened with (Other selected).
  const [categoriesTouched, setCategoriesTouched] = useState(post !== undefined);
  const [sent, setSent] = useState<Sent | null>(() => (post ? postedSent(post) : null));
  const confirmation = useRef<HTMLDivElement>(null);
  // The confirmation replaces the form: it is brought into view and focused, so that a phone shows it and a screen
  // reader reads it.
  useEffect(() => {
    if (!sent) return;
    confirmation.current?.scrollIntoView?.({ block: 'start' });
    confirmation.current?.focus();
  }, [sent]);

  const toggle = (category: string) => {
    setForm((f) => ({ ...f, categories: toggleCategory(f.categories, category, !categoriesTouched) }));
    setCategoriesTouched(true);
    clearField('categories');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server's rules (docs/product.md, "Validation"): the question, a category, and a well-formed email when
    // given.
    const body = check(submitFatwahBodySchema, form);
    if (!body) return;
    const { website, showAskerName, ...question } = body;
    setBusy(true);
    try {
      const { data } = await submitQuestion({
        ...question,
        // Sent only when ticked, and only with a name to show.
        ...(showAskerName && question.askerName ? { showAskerName: true } : {}),
        ...(website ? { website } : {}),
      });
      toast.success(t('fatwahs.ask.sent.toast'));
      setSent({ reference: data.reference, email: question.askerEmail ?? null });
    } catch (err) {
      // The error's own message, else the default (docs/product.md, "Messages").
      refused(err, err instanceof Error && err.message ? err.message : t('fatwahs.ask.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <div
        ref={confirmation}
        tabIndex={-1}
        aria-labelledby="question-sent-heading"
        role="region"
        data-testid="question-sent"
        className="mx-auto max-w-2xl scroll-mt-4 px-4 py-16 text-center outline-none"
      >
        <CheckCircle aria-hidden="true" className="mx-auto h-14 w-14 text-brand-600" />
        <h1 id="question-sent-heading" className="mt-4 font-serif text-2xl font-bold text-brand-800">
          {t('fatwahs.ask.sent.title')}
        </h1>
        {sent.reference && (
          <p className="mt-4 text-stone-700">
            {t('fatwahs.ask.sent.reference')}{' '}
            <strong className="font-mono text-lg text-stone-900" data-testid="fatwah-reference">
              {sent.reference}
            </strong>
            <span className="block text-sm text-stone-500">{t('fatwahs.ask.sent.keep')}</span>
          </p>
        )}
        <h2 className="mt-6 font-serif text-lg font-semibold text-brand-800">{t('fatwahs.ask.sent.next')}</h2>
        <p className="mt-2 text-stone-700">
          {t('fatwahs.ask.sent.review')}{' '}
          {sent.email ? (
            <T
              id="fatwahs.ask.sent.withEmail"
              values={{ email: sent.email }}
              components={{ 0: <strong /> }}
            />
          ) : (
            t('fatwahs.ask.sent.withoutEmail')
          )}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link
            to={paths.fatwahs}
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white"
          >
            {t('fatwahs.ask.sent.browse')}
          </Link>
          {sent.reference && sent.email && (
            <Link
              to={paths.fatwahStatus}
              className="rounded-md border border-stone-300 px-4 py-2 text-sm font-medium text-stone-800"
            >
              {t('desk.ask.sent.status')}
            </Link>
          )}
          {/* A link to the empty form, which works before the app runs; the app empties the form in place. */}
          <Link
            to={paths.askFatwah}
            className={buttonClass('secondary')}
            onClick={() => {
              setForm(empty);
              setCategoriesTouched(false);
              setSent(null);
            }}
          >
            {t('fatwahs.ask.sent.another')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <BackLink to={paths.fatwahs}>{t('fatwahs.back')}</BackLink>
      <h1 className="mt-4 font-serif text-3xl font-bold text-brand-800">{t('nav.askQuestion')}</h1>
      {/* The email is an email-type field, its format checked with the other fields, all marked at once. */}
      {/* Sent to this page's address before the app runs (the server asks the question and answers this page
          showing what came of it); the app sends it itself. */}
      <form
        ref={formRef}
        method="post"
        action={href(paths.askFatwah)}
        onSubmit={submit}
        noValidate
        className={`${card} mt-6 space-y-6 p-6`}
        aria-label={t('fatwahs.ask.form')}
      >
        <input type="hidden" name={PAGE_FORM_FIELD} value="question" />
        <TextAreaField
          label={t('fatwahs.ask.question')}
          id="question"
          rows={6}
          {...bind('question')}
          maxLength={QUESTION_MAX_LENGTH}
        />
        <SimilarQuestions text={form.question} />
        <CategoryPicker
          required
          categories={categories}
          selected={form.categories}
          onToggle={toggle}
          error={errors.categories}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('fatwahs.ask.name')} autoComplete="name" {...bind('askerName')} />
          <TextField
            label={t('fatwahs.ask.email')}
            type="email"
            autoComplete="email"
            {...bind('askerEmail')}
          />
        </div>
        <CheckboxField
          label={t('fatwahs.ask.showName')}
          name="showAskerName"
          checked={form.showAskerName}
          onChange={(e) => change('showAskerName', e.target.checked)}
        />
        <p className="text-sm text-stone-500">{t('fatwahs.ask.privacy')}</p>
        {/* A field people never see; robots fill it in. */}
        <div aria-hidden="true" className="absolute -start-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="website">Website</label>
          <input
            id="website"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={form.website}
            onChange={(e) => change('website', e.target.value)}
          />
        </div>
        <FormMessage message={formError} />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? t('fatwahs.ask.submitting') : t('fatwahs.ask.submit')}
        </Button>
      </form>
    </div>
  );
}
