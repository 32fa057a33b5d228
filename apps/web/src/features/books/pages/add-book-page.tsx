import { BOOK_MESSAGES, createBookFieldsSchema, roundRupees } from '@scholar/shared';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { site } from '../../../content/site';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateBook } from '../api/create-book';
import { inputClass, labelClass, primaryButton, secondaryButton } from '../components/form-styles';
import { ImagePicker, type PickedImage } from '../components/image-picker';

/** /add-book (admin): the fields, one or more images with previews, and the upload's progress. */
export function AddBookPage() {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateBook();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [author, setAuthor] = useState('');
  const [price, setPrice] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    document.title = `Add Book | ${site.name}`;
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The price is a number rounded to 2 decimals (spec §5, Add book).
    const parsed = createBookFieldsSchema.safeParse({
      name,
      description,
      author,
      price: price.trim() === '' ? undefined : roundRupees(Number(price)),
    });
    if (!parsed.success || images.length === 0) {
      setError(parsed.success ? BOOK_MESSAGES.createRequired : (parsed.error.issues[0]?.message ?? null));
      return;
    }
    setError(null);
    setProgress(0);
    create.mutate(
      { fields: parsed.data, images: images.map((image) => image.file), onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success('Book added successfully');
          void navigate(paths.manageBooks);
        },
        onError: (failure) => {
          setProgress(null);
          toast.error(errorMessage(failure, 'Failed to add book'));
        },
      },
    );
  };

  const busy = create.isPending;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link
        to={paths.manageBooks}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Manage Books
      </Link>
      <h1 className="mt-4 font-serif text-3xl font-bold text-brand-800">Add New Book</h1>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="New book"
        className="mt-6 flex flex-col gap-5 rounded-lg border border-stone-200 bg-white p-6 shadow-sm"
      >
        <div>
          <label htmlFor={`${id}-name`} className={labelClass}>
            Name
          </label>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            disabled={busy}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-author`} className={labelClass}>
            Author
          </label>
          <input
            id={`${id}-author`}
            value={author}
            onChange={(e) => setAuthor(e.target.value)}
            required
            disabled={busy}
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
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            required
            disabled={busy}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-description`} className={labelClass}>
            Description
          </label>
          <textarea
            id={`${id}-description`}
            rows={5}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            required
            disabled={busy}
            className={inputClass}
          />
        </div>
        <ImagePicker images={images} onChange={setImages} disabled={busy} />
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
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
        <div className="flex gap-3">
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? 'Adding...' : 'Add Book'}
          </button>
          <Link to={paths.manageBooks} className={secondaryButton}>
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}
