import { BOOK_MESSAGES, createBookFieldsSchema, paths } from '@scholar/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { BackLink } from '../../../components/ui/back-link';
import { site } from '../../../content/site';
import { toast } from '../../../lib/toast';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useCreateBook } from '../api/create-book';
import { BookEditor, BookFormActions, useBookEditor } from '../components/book-editor';
import {
  bookFormSchema,
  bookRefusal,
  newEdition,
  sameEditions,
  translationDrafts,
} from '../components/book-fields';

const schema = bookFormSchema(createBookFieldsSchema, BOOK_MESSAGES.createRequired);

/** A new book starts with one English edition, its stock not tracked, at the book's price. */
const firstEditions = [newEdition('english')];

/**
 * /add-book (admin): the fields, the editions (a language each, with its stock and its own price), one or more images with previews (the first the cover, each movable), and the
 * upload's progress. Each wrong field is marked with its message beside it and the first takes the focus; the
 * server's refusals land beside their fields too.
 */
export function AddBookPage() {
  const navigate = useNavigate();
  const create = useCreateBook();
  const editor = useBookEditor(
    () => ({
      name: '',
      author: '',
      price: '',
      description: '',
      editions: firstEditions,
      pages: '',
      binding: '',
      isbn: '',
      publisher: '',
      ...translationDrafts(),
    }),
    () => [],
  );
  const { draft, images, formRef, check, refused } = editor;
  const [progress, setProgress] = useState<number | null>(null);
  // Leaving with something typed or chosen asks first.
  const { editions, ...texts } = draft;
  const { release } = useUnsavedChanges(
    images.length > 0 ||
      Object.values(texts).some((value) => value.trim() !== '') ||
      !sameEditions(editions, firstEditions),
  );

  useEffect(() => {
    document.title = `Add Book | ${site.name}`;
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = check(schema, { ...draft, images });
    if (!parsed) return;
    setProgress(0);
    create.mutate(
      {
        fields: parsed.fields,
        images: parsed.images.flatMap((image) => (image.file ? [image.file] : [])),
        onProgress: setProgress,
      },
      {
        onSuccess: () => {
          release();
          toast.success('Book added successfully');
          void navigate(paths.manageBooks);
        },
        onError: (failure) => {
          setProgress(null);
          refused(bookRefusal(failure), 'Failed to add book');
        },
      },
    );
  };

  const busy = create.isPending;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <BackLink to={paths.manageBooks}>Manage Books</BackLink>
      <h1 className="mt-4 font-serif text-3xl font-bold text-brand-800">Add New Book</h1>
      <form
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        aria-label="New book"
        className="mt-6 flex flex-col gap-5 rounded-lg border border-stone-200 bg-white p-6 shadow-sm"
      >
        <BookEditor editor={editor} disabled={busy} />
        {progress !== null && (
          <div>
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 overflow-hidden rounded-full bg-stone-200"
            >
              <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <p className="mt-1 text-xs text-stone-600">
              {percent < 100 ? `Uploading... ${percent}%` : 'Processing images...'}
            </p>
          </div>
        )}
        <BookFormActions busy={busy} label="Add Book" busyLabel="Adding..." />
      </form>
    </div>
  );
}
