import { formatMoney, roundRupees, updateBookBodySchema, type Book } from '@scholar/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { BookImage } from '../../../components/book-image';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteBook } from '../api/delete-book';
import { useUpdateBook } from '../api/update-book';
import { BOOK_GRID_SIZES } from './book-card';
import { dangerButton, inputClass, labelClass, primaryButton, secondaryButton } from './form-styles';

interface Draft {
  name: string;
  description: string;
  author: string;
  price: string;
}

const draftOf = (book: Book): Draft => ({
  name: book.name,
  description: book.description,
  author: book.author,
  price: book.price.toFixed(2),
});

function EditForm({ book, onDone }: { book: Book; onDone: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(book));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateBook();
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The price is rounded to 2 decimals before it is checked and sent (spec §5, Edit book).
    const price = draft.price.trim() === '' ? null : roundRupees(Number(draft.price));
    const parsed = updateBookBodySchema.safeParse({ ...draft, price });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Failed to update book');
      return;
    }
    setError(null);
    update.mutate(
      { id: book._id, body: parsed.data },
      {
        onSuccess: () => {
          toast.success('Book updated successfully');
          onDone();
        },
        onError: (failure) => {
          toast.error(errorMessage(failure, 'Failed to update book'));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Edit ${book.name}`} className="flex flex-col gap-3 p-4">
      <div>
        <label htmlFor={`${id}-name`} className={labelClass}>
          Name
        </label>
        <input id={`${id}-name`} value={draft.name} onChange={set('name')} required className={inputClass} />
      </div>
      <div>
        <label htmlFor={`${id}-author`} className={labelClass}>
          Author
        </label>
        <input
          id={`${id}-author`}
          value={draft.author}
          onChange={set('author')}
          required
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-price`} className={labelClass}>
          Price (₹)
        </label>
        <input
          id={`${id}-price`}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          value={draft.price}
          onChange={set('price')}
          required
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className={labelClass}>
          Description
        </label>
        <textarea
          id={`${id}-description`}
          rows={4}
          value={draft.description}
          onChange={set('description')}
          required
          className={inputClass}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={update.isPending} className={primaryButton}>
          {update.isPending ? 'Saving...' : 'Save'}
        </button>
        <button type="button" onClick={onDone} disabled={update.isPending} className={secondaryButton}>
          Cancel
        </button>
      </div>
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
      <Link to={paths.book(book._id)} className="block aspect-[4/3] overflow-hidden bg-stone-100">
        <BookImage
          path={book.images[0]}
          alt={`Cover of ${book.name}`}
          sizes={BOOK_GRID_SIZES}
          loading="lazy"
          width={800}
          height={600}
          className="h-full w-full object-cover"
        />
      </Link>
      {editing ? (
        <EditForm book={book} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-1 flex-col gap-1 p-4">
          <h2 className="font-serif text-lg font-semibold">{book.name}</h2>
          <p className="text-sm text-stone-600">{book.author}</p>
          <p className="font-semibold text-brand-700">{formatMoney(book.price)}</p>
          <p className="mt-1 line-clamp-3 text-sm text-stone-700">{book.description}</p>
          <div className="mt-auto flex gap-2 pt-4">
            <button
              type="button"
              onClick={() => setEditing(true)}
              aria-label={`Edit ${book.name}`}
              className={secondaryButton}
            >
              <Pencil aria-hidden="true" className="size-4" /> Edit
            </button>
            <button
              type="button"
              onClick={onDelete}
              disabled={remove.isPending}
              aria-label={`Delete ${book.name}`}
              className={dangerButton}
            >
              <Trash2 aria-hidden="true" className="size-4" /> {remove.isPending ? 'Deleting...' : 'Delete'}
            </button>
          </div>
        </div>
      )}
    </article>
  );
}
