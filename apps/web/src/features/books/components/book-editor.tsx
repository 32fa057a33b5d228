import { useState } from 'react';
import { FormMessage } from '../../../components/ui/field';
import { useFormErrors } from '../../../lib/form-errors';
import { BOOK_FORM_FIELDS, BookFields, imagesError, type BookDraft } from './book-fields';
import { ImagePicker, type PickedImage } from './image-picker';

/**
 * A book form's state, for adding a book and for editing one: its fields' draft, its images and its errors. A
 * change clears the changed field's message (the images' under either name the server may give them).
 */
export function useBookEditor(initialDraft: () => BookDraft, initialImages: () => PickedImage[]) {
  const [draft, setDraft] = useState(initialDraft);
  const [images, setImages] = useState(initialImages);
  const form = useFormErrors(BOOK_FORM_FIELDS);
  const { clearField } = form;
  const changeField = (key: keyof BookDraft, value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    clearField(key);
  };
  const changeImages = (next: PickedImage[]) => {
    setImages(next);
    clearField('images');
    clearField('order');
  };
  return { ...form, draft, images, setImages, changeField, changeImages };
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
      />
      <ImagePicker
        images={editor.images}
        onChange={editor.changeImages}
        disabled={disabled}
        error={imagesError(editor.errors)}
      />
      <FormMessage message={editor.formError} />
    </>
  );
}
