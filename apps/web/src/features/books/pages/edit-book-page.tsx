import { BOOK_MESSAGES, paths, updateBookBodySchema, type Book } from '@scholar/shared';
import { Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/ui/back-link';
import { Button } from '../../../components/ui/button';
import { site } from '../../../content/site';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useDeleteBook } from '../api/delete-book';
import { isMissingBook, useBook } from '../api/get-book';
import { useUpdateBook } from '../api/update-book';
import { useUpdateBookImages } from '../api/update-book-images';
import { BookEditor, BookFormActions, useBookEditor } from '../components/book-editor';
import {
  bookFormSchema,
  bookRefusal,
  DETAIL_KEYS,
  detailDrafts,
  translationDrafts,
  TRANSLATION_KEYS,
  editionDrafts,
  sameEditions,
  type BookDraft,
  type BookTextKey,
} from '../components/book-fields';
import { pickedFromPaths, type PickedImage } from '../components/image-picker';

const draftOf = (book: Book): BookDraft => ({
  name: book.name,
  description: book.description,
  author: book.author,
  price: book.price.toFixed(2),
  editions: editionDrafts(book),
  ...detailDrafts(book),
  ...translationDrafts(book),
});

const TEXT_KEYS: readonly BookTextKey[] = [
  'name',
  'description',
  'author',
  'price',
  ...DETAIL_KEYS,
  ...TRANSLATION_KEYS,
];

const schema = bookFormSchema(updateBookBodySchema, BOOK_MESSAGES.imagesRequired);

/** Whether the list differs from the book's images: one added, removed or moved. */
const imagesChanged = (book: Book, images: PickedImage[]) =>
  images.length !== book.images.length ||
  images.some((image, i) => image.file !== undefined || image.path !== book.images[i]);

/**
 * The edit form of one book: its fields, its editions with their stock and price (which replace the book's), its
 * product details, and its images as thumbnails with their place and alt text (add, remove, move; the first the
 * cover). Saving sends the fields with the editions, then the images when they changed, and goes back to the table.
 */
function EditBookForm({ book }: { book: Book }) {
  const navigate = useNavigate();
  const editor = useBookEditor(
    () => draftOf(book),
    () => pickedFromPaths(book.images),
  );
  const { draft, images, setImages, formRef, check, refused } = editor;
  const [busy, setBusy] = useState(false);
  const update = useUpdateBook();
  const updateImages = useUpdateBookImages();
  const remove = useDeleteBook();
  const initial = draftOf(book);
  // Leaving the page with an edit not saved asks first.
  const { release } = useUnsavedChanges(
    imagesChanged(book, images) ||
      TEXT_KEYS.some((key) => draft[key] !== initial[key]) ||
      !sameEditions(draft.editions, initial.editions),
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = check(schema, { ...draft, images });
    if (!parsed) return;
    setBusy(true);
    try {
      const saved = await update.mutateAsync({ id: book._id, body: parsed.fields });
      if (imagesChanged(saved, parsed.images)) {
        const list = parsed.images.map((image) => image.file ?? image.path);
        const withImages = await updateImages.mutateAsync({ id: book._id, images: list });
        setImages(pickedFromPaths(withImages.images));
      }
      release();
      toast.success('Book updated successfully');
      void navigate(paths.manageBooks);
    } catch (failure) {
      refused(bookRefusal(failure), 'Failed to update book');
    } finally {
      setBusy(false);
    }
  };

  const onDelete = () => {
    if (!window.confirm(`Are you sure you want to delete "${book.name}"?`)) return;
    remove.mutate(book._id, {
      onSuccess: () => {
        release();
        toast.success('Book deleted successfully');
        void navigate(paths.manageBooks);
      },
      onError: (failure) => {
        toast.error(errorMessage(failure, 'Failed to delete book'));
      },
    });
  };

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={`Edit ${book.name}`}
      className="mt-6 flex flex-col gap-5 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <BookEditor editor={editor} disabled={busy} />
      <BookFormActions busy={busy} label="Save" busyLabel="Saving...">
        <Button
          variant="danger"
          className="ms-auto"
          onClick={onDelete}
          disabled={busy || remove.isPending}
          aria-label={`Delete ${book.name}`}
        >
          <Trash2 aria-hidden="true" className="size-4" /> {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </BookFormActions>
    </form>
  );
}

/** /admin/books/{id} (books desk): the full-page editor of one book. */
export function EditBookPage() {
  const { id = '' } = useParams();
  const { data: book, isPending, isError, error, refetch } = useBook(id);
  useEffect(() => {
    document.title = `${book ? `Edit ${book.name}` : 'Edit Book'} | ${site.name}`;
  }, [book]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <BackLink to={paths.manageBooks}>Manage Books</BackLink>
      <h1 className="mt-4 font-serif text-2xl font-bold text-brand-800 sm:text-3xl">
        {book ? `Edit ${book.name}` : 'Edit Book'}
      </h1>
      {isPending ? (
        <p role="status" className="mt-6 text-stone-600">
          Loading the book...
        </p>
      ) : isError ? (
        <div role="alert" className="mt-6">
          <p className="text-red-700">
            {isMissingBook(error) ? 'This book does not exist.' : 'Cannot get the book.'}
          </p>
          {!isMissingBook(error) && (
            <button type="button" onClick={() => void refetch()} className="mt-3 text-brand-700 underline">
              Try again
            </button>
          )}
        </div>
      ) : (
        // A new form when another book is opened, so that its draft starts from that book.
        <EditBookForm key={book._id} book={book} />
      )}
    </div>
  );
}
