import { roundRupees } from '@scholar/shared';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import type { FieldErrors, FormSchema } from '../../../lib/form-errors';
import type { PickedImage } from './image-picker';

/**
 * The fields of the add and edit forms, named as the shared schemas and the server's refusals name them
 * (`body.price`; `body.images` and `body.order` are the images).
 */
export const BOOK_FORM_FIELDS = [
  'name',
  'author',
  'price',
  'stock',
  'description',
  'images',
  'order',
] as const;
export type BookFormField = (typeof BOOK_FORM_FIELDS)[number];

/** What the form's text controls hold. */
export interface BookDraft {
  name: string;
  author: string;
  price: string;
  /** Copies in stock; empty when not tracked. */
  stock: string;
  description: string;
}
type DraftKey = keyof BookDraft;

interface Parsed<T> {
  fields: T;
  images: PickedImage[];
}

/**
 * The form's check: the draft through the shared schema of the request (`fieldsSchema`, the server's own), the
 * price first rounded to 2 decimals (spec §5), and at least one image (`imagesMessage` beside the images).
 */
export function bookFormSchema<T>(fieldsSchema: FormSchema<T>, imagesMessage: string): FormSchema<Parsed<T>> {
  return {
    safeParse(values) {
      const { images, ...draft } = values as BookDraft & { images: PickedImage[] };
      const price = draft.price.trim() === '' ? undefined : roundRupees(Number(draft.price));
      const parsed = fieldsSchema.safeParse({ ...draft, price });
      const issues = parsed.success ? [] : [...parsed.error.issues];
      if (images.length === 0) issues.push({ path: ['images'], message: imagesMessage });
      if (parsed.success && issues.length === 0)
        return { success: true, data: { fields: parsed.data, images } };
      return { success: false, error: { issues } };
    },
  };
}

/**
 * An upload refused for its images (type, damage, size, count) names no field; its sentence belongs beside the
 * images all the same.
 */
export function withImageField(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.details?.length || !/IMAGE/.test(error.code)) return error;
  return new ApiError(error.message, error.status, error.code, [
    { path: 'body.images', message: error.message },
  ]);
}

/** The images' message, whichever name the refusal gave them. */
export const imagesError = (errors: FieldErrors<BookFormField>) => errors.images ?? errors.order;

/** The draft's stock of a book: its copies, or empty when not tracked. */
export const stockDraft = (stock: number | null | undefined) =>
  stock === null || stock === undefined ? '' : String(stock);

/** Name, author, price, stock and description, each with its message beside it. */
export function BookFields({
  draft,
  errors,
  onChange,
  disabled,
  descriptionRows = 5,
}: {
  draft: BookDraft;
  errors: FieldErrors<BookFormField>;
  onChange: (key: DraftKey, value: string) => void;
  disabled?: boolean;
  descriptionRows?: number;
}) {
  const bind = (key: DraftKey) => ({
    name: key,
    value: draft[key],
    error: errors[key],
    disabled,
    required: true,
    onChange: (event: { target: { value: string } }) => onChange(key, event.target.value),
  });
  return (
    <>
      <TextField label="Name" {...bind('name')} />
      <TextField label="Author" {...bind('author')} />
      <TextField label="Price (₹)" type="number" min={0} step={0.01} inputMode="decimal" {...bind('price')} />
      <TextField
        label="Stock (copies)"
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        hint="Leave empty when the stock is not tracked."
        {...bind('stock')}
        required={false}
      />
      <TextAreaField label="Description" rows={descriptionRows} {...bind('description')} />
    </>
  );
}
