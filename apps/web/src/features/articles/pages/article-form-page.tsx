import {
  ARTICLE_MESSAGES,
  articleBodySchema,
  DEFAULT_ARTICLE_AUTHOR,
  isArticleImageUrl,
  type Article,
  type ArticleBody,
} from '@scholar/shared';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FormMessage, TextAreaField, TextField } from '../../../components/ui/field';
import { useFormErrors } from '../../../lib/form-errors';
import { imageSrc } from '../../../lib/images';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateArticle } from '../api/create-article';
import { useAdminArticle } from '../api/get-admin-article';
import { useUpdateArticle } from '../api/update-article';
import { editorTextOf } from '../lib/content';

interface FormValues {
  title: string;
  author: string;
  featuredImage: string;
  content: string;
  isPublished: boolean;
}
/** The fields, named as the article schema (and the server's refusals) name them. */
const FIELDS = ['title', 'author', 'featuredImage', 'content', 'isPublished'] as const;
type FieldName = (typeof FIELDS)[number];

const EMPTY: FormValues = {
  title: '',
  author: DEFAULT_ARTICLE_AUTHOR,
  featuredImage: '',
  content: '',
  isPublished: false,
};

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
  onSubmit: (body: ArticleBody) => Promise<void>;
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [submitting, setSubmitting] = useState(false);
  const { formRef, errors, formError, clearField, check, refused } = useFormErrors(FIELDS);
  const set =
    <K extends FieldName>(name: K) =>
    (value: FormValues[K]) => {
      setValues((current) => ({ ...current, [name]: value }));
      clearField(name);
    };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: ArticleBody = {
      title: values.title,
      author: values.author,
      featuredImage: values.featuredImage,
      content: values.content,
      isPublished: values.isPublished,
    };
    // The server's own rules, checked here first for a quick answer; the body goes as it was typed.
    if (!check(articleBodySchema, body)) return;
    setSubmitting(true);
    try {
      await onSubmit(body);
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
      <TextField
        label="Article Title *"
        name="title"
        value={values.title}
        onChange={(event) => set('title')(event.target.value)}
        error={errors.title}
        maxLength={200}
        required
      />
      <TextField
        label="Author"
        name="author"
        value={values.author}
        onChange={(event) => set('author')(event.target.value)}
        error={errors.author}
        maxLength={100}
      />
      <div>
        <TextField
          label="Featured Image URL *"
          name="featuredImage"
          type="url"
          inputMode="url"
          placeholder="https://example.com/image.jpg"
          value={values.featuredImage}
          onChange={(event) => set('featuredImage')(event.target.value)}
          error={errors.featuredImage}
          hint="An http(s) address of an image, or the path of an uploaded image (/api/uploads/...)."
          required
        />
        <ImagePreview url={values.featuredImage} />
      </div>
      <TextAreaField
        label="Article Content *"
        name="content"
        rows={12}
        value={values.content}
        onChange={(event) => set('content')(event.target.value)}
        error={errors.content}
        hint="Each new line displays as a paragraph."
        required
      />
      <CheckboxField
        label={mode === 'create' ? 'Publish immediately' : 'Published'}
        name="isPublished"
        checked={values.isPublished}
        onChange={(event) => set('isPublished')(event.target.checked)}
      />
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
      <Link
        to={paths.adminArticles}
        className="inline-flex items-center gap-2 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Article Management
      </Link>
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
        onSubmit={async (body) => {
          await create.mutateAsync(body);
          toast.success(ARTICLE_MESSAGES.created);
          navigate(paths.adminArticles);
        }}
      />
    </FormLayout>
  );
}

const valuesOf = (article: Article): FormValues => ({
  title: article.title,
  author: article.author,
  featuredImage: article.featuredImage,
  content: editorTextOf(article.content),
  isPublished: article.isPublished,
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
    navigate(paths.adminArticles, { replace: true });
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
        onSubmit={async (body) => {
          await update.mutateAsync({ id: article._id, body, wasPublished: article.isPublished });
          toast.success(ARTICLE_MESSAGES.updated);
          navigate(paths.adminArticles);
        }}
      />
    </FormLayout>
  );
}
