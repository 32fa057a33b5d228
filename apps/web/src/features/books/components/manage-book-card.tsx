import {
  BOOK_LANGUAGE_NAMES,
  BOOK_MESSAGES,
  formatMoney,
  updateBookBodySchema,
  type Book,
} from '@scholar/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { EditActions } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useDeleteBook } from '../api/delete-book';
import { useUpdateBook } from '../api/update-book';
import { useUpdateBookImages } from '../api/update-book-images';
import { BookCover } from './book-cover';
import { BookEditor, useBookEditor } from './book-editor';
import { editionsOf } from '../lib/editions';
import {
  bookFormSchema,
  bookRefusal,
  editionDrafts,
  sameEditions,
  type BookDraft,
  type BookTextKey,
} from './book-fields';
import { pickedFromPaths, type PickedImage } from './image-picker';

const draftOf = (book: Book): BookDraft => ({
  name: book.name,
  description: book.description,
  author: book.author,
  price: book.price.toFixed(2),
  editions: editionDrafts(book),
});

const TEXT_KEYS: readonly BookTextKey[] = ['name', 'description', 'author', 'price'];

const schema = bookFormSchema(updateBookBodySchema, BOOK_MESSAGES.imagesRequired);

/** Whether the list differs from the book's images: one added, removed or moved. */
const imagesChanged = (book: Book, images: PickedImage[]) =>
  images.length !== book.images.length ||
  images.some((image, i) => image.file !== undefined || image.path !== book.images[i]);

/**
 * The book's edit form: its fields, its editions (which replace the book's), and its images (add, remove, move; the
 * first the cover). Saving sends the fields with the editions, then the images when they changed. Each wrong field
 * is marked with its message beside it.
 */
function EditForm({ book, onDone }: { book: Book; onDone: () => void }) {
  const editor = useBookEditor(
    () => draftOf(book),
    () => pickedFromPaths(book.images),
  );
  const { draft, images, setImages, formRef, check, refused } = editor;
  const [busy, setBusy] = useState(false);
  const update = useUpdateBook();
  const updateImages = useUpdateBookImages();
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
      onDone();
    } catch (failure) {
      refused(bookRefusal(failure), 'Failed to update book');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={`Edit ${book.name}`}
      className="flex flex-col gap-3 p-4"
    >
      <BookEditor editor={editor} disabled={busy} descriptionRows={4} />
      <EditActions busy={busy} onCancel={onDone} />
    </form>
  );
}

/** A book on /manage-books: its details with Edit and Delete, or the inline edit form. */
export function ManageBookCard({ book }: { book: Book }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteBook();

  const onDelete = () => {
    if (!window.confirm(`Are you sure you want to delete "${book.name}"?`)) return;
    remove.mutate(book._id, {
      onSuccess: () => {
        toast.success('Book deleted successfully');
      },
      onError: (failure) => {
        toast.error(errorMessage(failure, 'Failed to delete book'));
      },
    });
  };

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
      <BookCover book={book} shape="landscape" />
      {editing ? (
        <EditForm book={book} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-1 flex-col gap-1 p-4">
          <h2 className="font-serif text-lg font-semibold">{book.name}</h2>
          <p className="text-sm text-stone-600">{book.author}</p>
          <p className="font-semibold text-brand-700">{formatMoney(book.price)}</p>
          <ul aria-label={`Editions of ${book.name}`} className="text-sm text-stone-600">
            {editionsOf(book).map((edition) => (
              <li key={edition.language}>
                <span className="font-medium text-stone-800">{BOOK_LANGUAGE_NAMES[edition.language]}</span>
                {': '}
                {edition.stock === null ? 'stock not tracked' : `${edition.stock} in stock`}
                {edition.ownPrice && ` · ${formatMoney(edition.price)}`}
              </li>
            ))}
          </ul>
          <p className="mt-1 line-clamp-3 text-sm text-stone-700">{book.description}</p>
          <div className="mt-auto flex gap-2 pt-4">
            <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit ${book.name}`}>
              <Pencil aria-hidden="true" className="size-4" /> Edit
            </Button>
            <Button
              variant="danger"
              onClick={onDelete}
              disabled={remove.isPending}
              aria-label={`Delete ${book.name}`}
            >
              <Trash2 aria-hidden="true" className="size-4" /> {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </div>
      )}
    </article>
  );
}
