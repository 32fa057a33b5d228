import {
  ARTICLE_CATEGORY_SUGGESTIONS,
  ARTICLE_LIMITS,
  ARTICLE_MESSAGES,
  articleBodySchema,
  BOOK_IMAGE_LIMITS,
  BOOK_MESSAGES,
  DEFAULT_ARTICLE_CATEGORY,
  isArticleImageUrl,
  isScheduled,
  paths,
  type Article,
  type ArticleBody,
  type ContentLanguage,
} from '@scholar/shared';
import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/ui/back-link';
import { Button } from '../../../components/ui/button';
import { LanguageSelect, translationOfInput, TranslationOfField } from '../../../components/content-language';
import { CheckboxField, FormMessage, TextAreaField, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useFormErrors } from '../../../lib/form-errors';
import { imageSrc } from '../../../lib/images';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useCreateArticle } from '../api/create-article';
import { useAdminArticle } from '../api/get-admin-article';
import { useUpdateArticle } from '../api/update-article';
import { useUploadArticleImage } from '../api/upload-article-image';
import { MarkdownEditor } from '../components/markdown-editor';
import { editorMarkdownOf } from '../lib/content';
import { indiaTimeInputOf, instantOfIndiaTime } from '../lib/schedule';
import { inputOfTags, tagsOfInput } from '../lib/tags';

interface FormValues {
  title: string;
  author: string;
  featuredImage: string;
  category: string;
  excerpt: string;
  /** The text in Markdown. */
  markdown: string;
  /** Comma-separated, as typed. */
  tags: string;
  isPublished: boolean;
  /** "Publish at" in India time (`datetime-local`); empty: now. */
  publishAt: string;
  language: ContentLanguage;
  /** The link or id typed in "Translation of" (`translationOfInput` makes it the id sent). */
  translationOf: string;
}
/** The fields, named as the article schema (and the server's refusals) name them. */
const FIELDS = [
  'title',
  'author',
  'featuredImage',
  'category',
  'excerpt',
  'markdown',
  'tags',
  'isPublished',
  'publishAt',
  'language',
  'translationOf',
] as const;
type FieldName = (typeof FIELDS)[number];

/** A new article: signed by its writer unless an author is typed (the server fills the byline). */
const EMPTY: FormValues = {
  title: '',
  author: '',
  featuredImage: '',
  category: DEFAULT_ARTICLE_CATEGORY,
  excerpt: '',
  markdown: '',
  tags: '',
  isPublished: false,
  publishAt: '',
  language: 'en',
  translationOf: '',
};

const sameValues = (a: FormValues, b: FormValues) => FIELDS.every((field) => a[field] === b[field]);

const acceptedImageTypes = new Set<string>(BOOK_IMAGE_LIMITS.types);

/**
 * Uploads one picture as the featured image (the books' pipeline: the server checks the bytes and makes WebP
 * variants) and hands back its path. The browser checks only the declared type and size, for a quick answer.
 */
function ImageUpload({ onUploaded, disabled }: { onUploaded: (path: string) => void; disabled?: boolean }) {
  const id = useId();
  const upload = useUploadArticleImage();
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (file: File | undefined) => {
    if (!file) return;
    if (!acceptedImageTypes.has(file.type)) return setProblem(BOOK_MESSAGES.imageType);
    if (file.size > BOOK_IMAGE_LIMITS.maxBytes) return setProblem(BOOK_MESSAGES.imageTooLarge);
    setProblem(null);
    try {
      const { path } = await upload.mutateAsync(file);
      onUploaded(path);
      toast.success(ARTICLE_MESSAGES.imageUploaded);
    } catch (error) {
      setProblem(errorMessage(error, ARTICLE_MESSAGES.imageUploadFailed));
    }
  };

  return (
    <div className="mt-3">
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-dashed border-stone-400 bg-white px-4 py-2 text-sm font-medium text-stone-700 hover:bg-stone-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-500"
        >
          <ImagePlus aria-hidden="true" className="size-5" />
          Upload an image
          <input
            id={id}
            type="file"
            accept={BOOK_IMAGE_LIMITS.types.join(',')}
            disabled={disabled || upload.isPending}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              void send(event.target.files?.[0]);
              event.target.value = '';
            }}
            className="sr-only"
          />
        </label>
        {upload.isPending && (
          <span role="status" className="text-sm text-stone-600">
            Uploading...
          </span>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
        Or upload one: JPEG, PNG, WebP or GIF, up to 5 MB. Its path fills the field above.
      </p>
      {problem && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The preview follows the URL once typing pauses, so that half-typed addresses are not fetched. */
const PREVIEW_DELAY_MS = 400;

function ImagePreview({ url }: { url: string }) {
  const [shown, setShown] = useState(url);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setShown(url), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [url]);
  const candidate = isArticleImageUrl(shown) ? shown.trim() : '';
  if (!candidate) return null;
  if (failed === candidate) {
    return <p className="mt-2 text-sm text-stone-500">The image could not be loaded for a preview.</p>;
  }
  return (
    <figure className="mt-3">
      <img
        src={imageSrc(candidate)}
        alt="Featured image preview"
        className="aspect-[1200/630] w-full max-w-md rounded-lg border border-stone-200 object-cover"
        onError={() => setFailed(candidate)}
      />
    </figure>
  );
}

/**
 * The article's fields, checked with the server's own schema. `onSubmit` throws when the server refuses: its field
 * errors show beside their fields, anything else above the buttons and in a notification (`failedMessage` when the
 * server gave no sentence).
 */
function ArticleForm({
  mode,
  initial,
  failedMessage,
  onSubmit,
}: {
  mode: 'create' | 'edit';
  initial: FormValues;
  failedMessage: string;
  /** Saves; calls `saved` once the server has taken it, before leaving the form (no "unsaved changes" prompt). */
  onSubmit: (body: ArticleBody, saved: () => void) => Promise<void>;
}) {
  const navigate = useNavigate();
  const { user } = useSession();
  const categoriesId = useId();
  const [values, setValues] = useState(initial);
  const [submitting, setSubmitting] = useState(false);
  const { release } = useUnsavedChanges(!sameValues(values, initial));
  const { formRef, errors, formError, clearField, check, refused } = useFormErrors(FIELDS);
  const set =
    <K extends FieldName>(name: K) =>
    (value: FormValues[K]) => {
      setValues((current) => ({ ...current, [name]: value }));
      clearField(name);
    };

  /** A text field's name, value, change handler and error. */
  const bind = (name: Exclude<FieldName, 'isPublished' | 'language' | 'markdown'>) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
    error: errors[name],
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A broken time goes as typed, for the schema to refuse it beside its field.
    const publishAt = values.publishAt ? (instantOfIndiaTime(values.publishAt) ?? values.publishAt) : null;
    const body: ArticleBody = {
      title: values.title,
      author: values.author,
      featuredImage: values.featuredImage,
      category: values.category,
      markdown: values.markdown,
      tags: tagsOfInput(values.tags),
      isPublished: values.isPublished,
      // A time only for an article to publish: empty publishes it now (or keeps its first publication).
      ...(values.isPublished ? { publishAt } : {}),
      language: values.language,
      translationOf: translationOfInput(values.translationOf),
      // An untouched excerpt is left to the server: it follows the text when it was derived from it.
      ...(mode === 'create' || values.excerpt !== initial.excerpt ? { excerpt: values.excerpt } : {}),
    };
    // The server's own rules, checked here first for a quick answer; the body goes as it was typed.
    if (!check(articleBodySchema, body)) return;
    setSubmitting(true);
    try {
      await onSubmit(body, release);
    } catch (error) {
      refused(error, failedMessage);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="space-y-6 rounded-lg border border-stone-200 bg-white p-6 shadow-sm"
    >
      <TextField label="Article Title *" {...bind('title')} dir="auto" maxLength={200} required />
      <div className="grid gap-6 sm:grid-cols-2">
        <LanguageSelect value={values.language} onChange={set('language')} />
        <TranslationOfField
          kind="article"
          value={values.translationOf}
          onChange={set('translationOf')}
          error={errors.translationOf}
        />
      </div>
      <TextField
        label="Author"
        {...bind('author')}
        maxLength={ARTICLE_LIMITS.author}
        placeholder={mode === 'create' ? user?.displayName || user?.name : undefined}
        hint={
          mode === 'create'
            ? 'Leave empty to sign the article with your display name.'
            : 'Leave empty to keep the byline as it is.'
        }
      />
      <div>
        <TextField
          label="Featured Image URL *"
          {...bind('featuredImage')}
          type="url"
          inputMode="url"
          placeholder="https://example.com/image.jpg"
          hint="An http(s) address of an image, or the path of an uploaded image (/api/uploads/...)."
          required
        />
        <ImageUpload onUploaded={set('featuredImage')} disabled={submitting} />
        <ImagePreview url={values.featuredImage} />
      </div>
      <div>
        <TextField
          label="Category"
          {...bind('category')}
          list={categoriesId}
          maxLength={ARTICLE_LIMITS.category}
          placeholder={DEFAULT_ARTICLE_CATEGORY}
          hint={`Pick one or type your own (empty: ${DEFAULT_ARTICLE_CATEGORY}). Shown on the article's badge.`}
        />
        <datalist id={categoriesId}>
          {ARTICLE_CATEGORY_SUGGESTIONS.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
      </div>
      <TextAreaField
        label="Excerpt"
        {...bind('excerpt')}
        dir="auto"
        rows={3}
        maxLength={ARTICLE_LIMITS.excerpt}
        hint="A sentence or two for the article cards and link previews. Empty: the opening of the text."
      />
      <MarkdownEditor
        value={values.markdown}
        onChange={set('markdown')}
        error={errors.markdown}
        disabled={submitting}
      />
      <div>
        <TextField
          label="Tags"
          {...bind('tags')}
          dir="auto"
          placeholder="hajj, day of arafah"
          hint={`Separated by commas: at most ${ARTICLE_LIMITS.tags}, each up to ${ARTICLE_LIMITS.tag} characters. Each links to its tag page.`}
        />
        {tagsOfInput(values.tags).length > 0 && (
          <ul aria-label="Tags as saved" className="mt-2 flex flex-wrap gap-2">
            {tagsOfInput(values.tags).map((tag) => (
              <li key={tag} dir="auto" className="rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-700">
                #{tag}
              </li>
            ))}
          </ul>
        )}
      </div>
      <fieldset className="space-y-4 rounded-md border border-stone-200 p-4">
        <legend className="px-1 text-sm font-medium text-stone-700">Publishing</legend>
        <CheckboxField
          label={mode === 'create' ? 'Publish' : 'Published'}
          name="isPublished"
          checked={values.isPublished}
          onChange={(event) => set('isPublished')(event.target.checked)}
        />
        <TextField
          label="Publish at (India time)"
          {...bind('publishAt')}
          type="datetime-local"
          step={1}
          disabled={!values.isPublished}
          hint="Empty: at once. A later time schedules the article: readers see it from then, by itself."
        />
      </fieldset>
      <FormMessage message={formError} />
      <div className="flex flex-wrap gap-3 border-t border-stone-200 pt-6">
        <Button type="submit" disabled={submitting} aria-busy={submitting}>
          {mode === 'create' ? 'Create Article' : 'Save Changes'}
        </Button>
        <Button variant="secondary" onClick={() => navigate(paths.adminArticles)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function FormLayout({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <BackLink to={paths.adminArticles}>Back to Article Management</BackLink>
      <h1 className="mt-4 mb-6 font-serif text-3xl font-bold text-brand-800">{title}</h1>
      {children}
    </div>
  );
}

/** /admin/articles/create. */
export function ArticleCreatePage() {
  useDocumentTitle('Create Article');
  const navigate = useNavigate();
  const create = useCreateArticle();
  return (
    <FormLayout title="Create Article">
      <ArticleForm
        mode="create"
        initial={EMPTY}
        failedMessage={ARTICLE_MESSAGES.createFailed}
        onSubmit={async (body, saved) => {
          await create.mutateAsync(body);
          saved();
          toast.success(ARTICLE_MESSAGES.created);
          void navigate(paths.adminArticles);
        }}
      />
    </FormLayout>
  );
}

const valuesOf = (article: Article): FormValues => ({
  title: article.title,
  author: article.author,
  featuredImage: article.featuredImage,
  category: article.category,
  excerpt: article.excerpt,
  markdown: editorMarkdownOf(article),
  tags: inputOfTags(article.tags),
  isPublished: article.isPublished,
  publishAt: article.publishedAt && isScheduled(article) ? indiaTimeInputOf(article.publishedAt) : '',
  language: article.language,
  translationOf: article.translationOf ?? '',
});

/** /admin/articles/edit/{id}: 'Loading article...' first; a failure goes back to the list. */
export function ArticleEditPage() {
  useDocumentTitle('Edit Article');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: article, error } = useAdminArticle(id);
  const update = useUpdateArticle();

  useEffect(() => {
    if (!error) return;
    toast.error(ARTICLE_MESSAGES.loadFailed);
    void navigate(paths.adminArticles, { replace: true });
  }, [error, navigate]);

  if (!article) {
    return (
      <p role="status" className="mx-auto max-w-3xl px-4 py-20 text-center text-stone-600">
        Loading article...
      </p>
    );
  }
  return (
    <FormLayout title="Edit Article">
      <ArticleForm
        key={article._id}
        mode="edit"
        initial={valuesOf(article)}
        failedMessage={ARTICLE_MESSAGES.updateFailed}
        onSubmit={async (body, saved) => {
          await update.mutateAsync({ id: article._id, body, wasPublished: article.isPublished });
          saved();
          toast.success(ARTICLE_MESSAGES.updated);
          void navigate(paths.adminArticles);
        }}
      />
    </FormLayout>
  );
}
