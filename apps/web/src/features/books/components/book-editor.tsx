import { paths } from '@scholar/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/field';
import { useFormErrors } from '../../../lib/form-errors';
import {
  BOOK_FORM_FIELDS,
  BookFields,
  editionField,
  imagesError,
  type BookDraft,
  type BookTextKey,
  type EditionDraft,
} from './book-fields';
import { ImagePicker, type PickedImage } from './image-picker';

/**
 * A book form's state, for adding a book and for editing one: its fields' draft, its editions, its images and its
 * errors. A change clears the changed field's message (the images' under either name the server may give them; the
 * editions' all at once, since a row added or removed moves the others).
 */
export function useBookEditor(initialDraft: () => BookDraft, initialImages: () => PickedImage[]) {
  const [draft, setDraft] = useState(initialDraft);
  const [images, setImages] = useState(initialImages);
  const form = useFormErrors(BOOK_FORM_FIELDS);
  const { clearField } = form;
  const changeField = (key: BookTextKey, value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    clearField(key);
  };
  const changeEditions = (editions: EditionDraft[]) => {
    setDraft((current) => ({ ...current, editions }));
    clearField('editions');
    draft.editions.forEach((_, index) => {
      for (const part of ['language', 'stock', 'price'] as const) clearField(editionField(index, part));
    });
  };
  const changeImages = (next: PickedImage[]) => {
    setImages(next);
    clearField('images');
    clearField('order');
  };
  return { ...form, draft, images, setImages, changeField, changeEditions, changeImages };
}

/** The body of a book form: its fields, its images, and its failure that belongs to no field. */
export function BookEditor({
  editor,
  disabled,
  descriptionRows,
}: {
  editor: ReturnType<typeof useBookEditor>;
  disabled: boolean;
  descriptionRows?: number;
}) {
  return (
    <>
      <BookFields
        draft={editor.draft}
        errors={editor.errors}
        disabled={disabled}
        {...(descriptionRows ? { descriptionRows } : {})}
        onChange={editor.changeField}
        onEditionsChange={editor.changeEditions}
      />
      <ImagePicker
        images={editor.images}
        onChange={editor.changeImages}
        bookName={editor.draft.name}
        disabled={disabled}
        error={imagesError(editor.errors)}
      />
      <FormMessage message={editor.formError} />
    </>
  );
}

/** A book form's submit (its busy words while it saves) and Cancel, back to the books; `children` add more. */
export function BookFormActions({
  busy,
  label,
  busyLabel,
  children,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
      <Link to={paths.manageBooks} className={buttonClass('secondary')}>
        Cancel
      </Link>
      {children}
    </div>
  );
}
