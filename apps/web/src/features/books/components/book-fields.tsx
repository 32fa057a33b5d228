import {
  BOOK_BINDING_NAMES,
  BOOK_BINDINGS,
  BOOK_LANGUAGE_NAMES,
  BOOK_LANGUAGES,
  CONTENT_LANGUAGE_INFO,
  MAX_BOOK_EDITIONS,
  roundRupees,
  type Book,
  type BookLanguage,
  type BookTextInLanguage,
  type BookTranslationLanguage,
  type BookTranslations,
} from '@scholar/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { labelClass, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import type { FieldErrors, FormSchema } from '../../../lib/form-errors';
import { editionsOf } from '../lib/editions';
import type { PickedImage } from './image-picker';

/** The controls of an edition's row. */
const EDITION_PARTS = ['language', 'stock', 'price'] as const;
type EditionPart = (typeof EDITION_PARTS)[number];

/** The number columns of an edition's row: its copies in stock and its own price, both may stay empty. */
const NUMBER_PARTS = [
  {
    part: 'stock',
    label: 'Stock (copies)',
    step: 1,
    inputMode: 'numeric',
    hint: 'Leave empty when the stock is not tracked.',
  },
  {
    part: 'price',
    label: 'Own price (₹)',
    step: 0.01,
    inputMode: 'decimal',
    hint: "Leave empty for the book's price.",
  },
] as const;
/** The name of a control of the n-th edition's row (from 0), as the form's errors name it: `edition-1-stock`. */
export type EditionField = `edition-${number}-${EditionPart}`;
export const editionField = (index: number, part: EditionPart): EditionField => `edition-${index}-${part}`;

/**
 * The fields of the add and edit forms, named as the shared schemas and the server's refusals name them
 * (`body.price`; `body.images` and `body.order` are the images; `body.editions` the list of editions). A control of
 * an edition's row is `edition-<n>-<part>`, for `editions.<n>.<part>`.
 */
export const BOOK_FORM_FIELDS: readonly BookFormField[] = [
  'name',
  'author',
  'price',
  'editions',
  ...Array.from({ length: MAX_BOOK_EDITIONS }, (_, index) =>
    EDITION_PARTS.map((part) => editionField(index, part)),
  ).flat(),
  'pages',
  'binding',
  'isbn',
  'publisher',
  'description',
  'urName',
  'urAuthor',
  'urDescription',
  'bnName',
  'bnAuthor',
  'bnDescription',
  'images',
  'order',
];
/** The product details' controls (each optional). */
export const DETAIL_KEYS = ['pages', 'binding', 'isbn', 'publisher'] as const;
export type DetailKey = (typeof DETAIL_KEYS)[number];
export type BookFormField =
  | 'name'
  | 'author'
  | 'price'
  | 'editions'
  | EditionField
  | DetailKey
  | 'description'
  | TranslationKey
  | 'images'
  | 'order';

/** An edition's row as the form holds it: its language, its stock and its own price as typed. */
export interface EditionDraft {
  /** Tells the rows apart while they are added and removed. */
  key: string;
  language: BookLanguage;
  /** Copies in stock; empty when not tracked. */
  stock: string;
  /** The edition's own price; empty when it follows the book's. */
  price: string;
}

/** What the form's controls hold. */
export interface BookDraft {
  name: string;
  author: string;
  price: string;
  description: string;
  /** At least one, each language once. */
  editions: EditionDraft[];
  /** Product details as typed; empty: not given. */
  pages: string;
  binding: string;
  isbn: string;
  publisher: string;
  /** Its words in Urdu and Bengali (docs/decisions/078); empty: the English ones are shown. */
  urName: string;
  urAuthor: string;
  urDescription: string;
  bnName: string;
  bnAuthor: string;
  bnDescription: string;
}

/** The draft's fields of the book's words in each of the site's other languages. */
export const TRANSLATION_FIELDS = {
  ur: { name: 'urName', author: 'urAuthor', description: 'urDescription' },
  bn: { name: 'bnName', author: 'bnAuthor', description: 'bnDescription' },
} as const satisfies Record<BookTranslationLanguage, Record<keyof BookTextInLanguage, keyof BookDraft>>;
export const TRANSLATION_KEYS = [
  ...Object.values(TRANSLATION_FIELDS.ur),
  ...Object.values(TRANSLATION_FIELDS.bn),
] as const;
type TranslationKey = (typeof TRANSLATION_KEYS)[number];

/** A book's words in Urdu and Bengali as the form holds them (empty for a new book). */
export const translationDrafts = (book?: Pick<Book, 'translations'>): Pick<BookDraft, TranslationKey> => ({
  urName: book?.translations?.ur?.name ?? '',
  urAuthor: book?.translations?.ur?.author ?? '',
  urDescription: book?.translations?.ur?.description ?? '',
  bnName: book?.translations?.bn?.name ?? '',
  bnAuthor: book?.translations?.bn?.author ?? '',
  bnDescription: book?.translations?.bn?.description ?? '',
});

/** The draft's words in Urdu and Bengali as the request sends them. */
const translationsOf = (draft: Pick<BookDraft, TranslationKey>): BookTranslations => {
  const inLanguage = (language: BookTranslationLanguage) => {
    const fields = TRANSLATION_FIELDS[language];
    return { name: draft[fields.name], author: draft[fields.author], description: draft[fields.description] };
  };
  return { ur: inLanguage('ur'), bn: inLanguage('bn') };
};

/** A book's product details as the form holds them. */
export const detailDrafts = (book: Partial<Pick<Book, DetailKey>>): Pick<BookDraft, DetailKey> => ({
  pages: book.pages === null || book.pages === undefined ? '' : String(book.pages),
  binding: book.binding ?? '',
  isbn: book.isbn ?? '',
  publisher: book.publisher ?? '',
});
/** The draft's text fields. */
export type BookTextKey = Exclude<keyof BookDraft, 'editions'>;

let rows = 0;
/** A new row of the editions, in `language`, its stock not tracked and its price the book's. */
export const newEdition = (language: BookLanguage): EditionDraft => ({
  key: `new:${(rows += 1)}`,
  language,
  stock: '',
  price: '',
});

/** The draft's stock of an edition: its copies, or empty when not tracked. */
export const stockDraft = (stock: number | null | undefined) =>
  stock === null || stock === undefined ? '' : String(stock);

/** A book's editions as rows: each with its stock, and its price when it has one of its own. */
export const editionDrafts = (book: Book): EditionDraft[] =>
  editionsOf(book).map((edition) => ({
    key: `stored:${edition.language}`,
    language: edition.language,
    stock: stockDraft(edition.stock),
    price: edition.ownPrice ? edition.price.toFixed(2) : '',
  }));

/** Whether two lists of rows say the same (their keys aside). */
export const sameEditions = (a: readonly EditionDraft[], b: readonly EditionDraft[]) =>
  a.length === b.length &&
  a.every(
    (edition, i) =>
      edition.language === b[i]?.language && edition.stock === b[i]?.stock && edition.price === b[i]?.price,
  );

/** A price as the form sends it: rounded to 2 decimals (docs/product.md, "Validation"), or left empty. */
const typedPrice = (text: string) => (text.trim() === '' ? undefined : roundRupees(Number(text)));

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** An issue of an edition's control (`['editions', 1, 'stock']`) named as the form names it (`edition-1-stock`). */
function placeEditionIssue(issue: {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}): Issue {
  const [list, index, part] = issue.path;
  if (list === 'editions' && typeof index === 'number' && EDITION_PARTS.includes(part as EditionPart)) {
    return { path: [editionField(index, part as EditionPart)], message: issue.message };
  }
  // A word of a translation (`translations.ur.name`) is its own control (`urName`).
  if (list === 'translations' && (index === 'ur' || index === 'bn') && typeof part === 'string') {
    const field = TRANSLATION_FIELDS[index][part as keyof BookTextInLanguage] as string | undefined;
    if (field) return { path: [field], message: issue.message };
  }
  return { path: [...issue.path], message: issue.message };
}

interface Parsed<T> {
  fields: T;
  images: PickedImage[];
}

/**
 * The form's check: the draft through the shared schema of the request (`fieldsSchema`, the server's own), the
 * prices first rounded to 2 decimals (docs/product.md, "Validation"), the editions as the list the server takes,
 * and at least one image (`imagesMessage` beside the images).
 */
export function bookFormSchema<T>(fieldsSchema: FormSchema<T>, imagesMessage: string): FormSchema<Parsed<T>> {
  return {
    safeParse(values) {
      const { images, editions, ...all } = values as BookDraft & { images: PickedImage[] };
      const translations = translationsOf(all);
      const draft: Partial<Record<keyof typeof all, string>> = { ...all };
      for (const key of TRANSLATION_KEYS) delete draft[key];
      const parsed = fieldsSchema.safeParse({
        ...draft,
        translations,
        price: typedPrice(all.price),
        editions: editions.map((edition) => ({
          language: edition.language,
          stock: edition.stock,
          price: typedPrice(edition.price) ?? '',
        })),
      });
      const issues = parsed.success ? [] : parsed.error.issues.map(placeEditionIssue);
      if (images.length === 0) issues.push({ path: ['images'], message: imagesMessage });
      if (parsed.success && issues.length === 0)
        return { success: true, data: { fields: parsed.data, images } };
      return { success: false, error: { issues } };
    },
  };
}

/**
 * A refusal of the server, its messages placed where the form shows them: an upload refused for its images (type,
 * damage, size, count) names no field but belongs beside the images; an edition's control (`body.editions.1.stock`)
 * is its row's.
 */
export function bookRefusal(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  if (!error.details?.length) {
    if (!/IMAGE/.test(error.code)) return error;
    return new ApiError(error.message, error.status, error.code, [
      { path: 'body.images', message: error.message },
    ]);
  }
  const details = error.details.map((detail) => {
    const word = /^(.*\.)?translations\.(ur|bn)\.(name|author|description)$/.exec(detail.path);
    if (word) {
      const language = word[2] as BookTranslationLanguage;
      return {
        ...detail,
        path: `${word[1] ?? ''}${TRANSLATION_FIELDS[language][word[3] as keyof BookTextInLanguage]}`,
      };
    }
    const found = /^(.*\.)?editions\.(\d+)\.(language|stock|price)$/.exec(detail.path);
    if (!found) return detail;
    return {
      ...detail,
      path: `${found[1] ?? ''}${editionField(Number(found[2]), found[3] as EditionPart)}`,
    };
  });
  return new ApiError(error.message, error.status, error.code, details);
}

/** The images' message, whichever name the refusal gave them. */
export const imagesError = (errors: FieldErrors<BookFormField>) => errors.images ?? errors.order;

/**
 * The book's editions: a row per language with its stock (empty: not tracked) and its own price (empty: the book's
 * price). Rows are added (each language once, at most one per language) and removed (at least one stays).
 */
function EditionRows({
  editions,
  errors,
  onChange,
  disabled,
}: {
  editions: EditionDraft[];
  errors: FieldErrors<BookFormField>;
  onChange: (editions: EditionDraft[]) => void;
  disabled?: boolean | undefined;
}) {
  const id = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  // After a row is added its language takes the focus; after one is removed, "Add edition" does.
  const [focus, setFocus] = useState<{ key: string } | 'add' | null>(null);
  useEffect(() => {
    if (focus === 'add') addButton.current?.focus();
    else if (focus) document.getElementById(`${id}-${focus.key}-language`)?.focus();
  }, [focus, id]);

  const unused = BOOK_LANGUAGES.filter(
    (language) => !editions.some((edition) => edition.language === language),
  );
  const change = (index: number, part: EditionPart, value: string) =>
    onChange(editions.map((edition, i) => (i === index ? { ...edition, [part]: value } : edition)));
  const add = () => {
    const [language] = unused;
    if (!language) return;
    const row = newEdition(language);
    onChange([...editions, row]);
    setFocus({ key: row.key });
  };
  const remove = (index: number) => {
    onChange(editions.filter((_, i) => i !== index));
    setFocus('add');
  };
  const listError = errors.editions;
  /** A control of one edition's row: named as the server names its errors, and disabled while the form sends. */
  const bindEdition = (index: number, part: EditionPart) => ({
    name: editionField(index, part),
    value: editions[index]![part],
    error: errors[editionField(index, part)],
    disabled,
    onChange: (event: { target: { value: string } }) => change(index, part, event.target.value),
  });

  return (
    <fieldset
      aria-invalid={listError ? true : undefined}
      aria-describedby={[`${id}-hint`, listError ? `${id}-error` : ''].filter(Boolean).join(' ')}
    >
      <legend className={labelClass}>Editions</legend>
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
        Each language the book is sold in, with its copies in stock and, if it differs, its own price.
      </p>
      <div className="mt-2 space-y-3">
        {editions.map((edition, index) => {
          const name = BOOK_LANGUAGE_NAMES[edition.language];
          return (
            <div
              key={edition.key}
              role="group"
              aria-label={`${name} edition`}
              className="grid gap-3 rounded-md border border-stone-200 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
            >
              <SelectField
                id={`${id}-${edition.key}-language`}
                label="Language"
                required
                {...bindEdition(index, 'language')}
              >
                {BOOK_LANGUAGES.map((language) => (
                  <option
                    key={language}
                    value={language}
                    disabled={language !== edition.language && !unused.includes(language)}
                  >
                    {BOOK_LANGUAGE_NAMES[language]}
                  </option>
                ))}
              </SelectField>
              {NUMBER_PARTS.map(({ part, ...field }) => (
                <TextField key={part} type="number" min={0} {...field} {...bindEdition(index, part)} />
              ))}
              <Button
                variant="secondary"
                className="sm:mt-6"
                aria-label={`Remove ${name} edition`}
                disabled={disabled || editions.length === 1}
                onClick={() => remove(index)}
              >
                <Trash2 aria-hidden="true" className="size-4" /> Remove
              </Button>
            </div>
          );
        })}
      </div>
      <button
        ref={addButton}
        type="button"
        className={buttonClass('secondary', 'mt-3')}
        disabled={disabled || unused.length === 0}
        onClick={add}
      >
        <Plus aria-hidden="true" className="size-4" /> Add edition
      </button>
      {listError && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {listError}
        </p>
      )}
    </fieldset>
  );
}

/** Pages, binding, ISBN and publisher, each optional, shown on the book page as its product details. */
function ProductDetailsFields({
  draft,
  errors,
  onChange,
  disabled,
}: {
  draft: BookDraft;
  errors: FieldErrors<BookFormField>;
  onChange: (key: BookTextKey, value: string) => void;
  disabled?: boolean | undefined;
}) {
  const bind = (key: DetailKey) => ({
    name: key,
    value: draft[key],
    error: errors[key],
    disabled,
    onChange: (event: { target: { value: string } }) => onChange(key, event.target.value),
  });
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className={labelClass}>Product details</legend>
      <TextField label="Pages" type="number" min={1} step={1} inputMode="numeric" {...bind('pages')} />
      <SelectField label="Binding" {...bind('binding')}>
        <option value="">Not given</option>
        {BOOK_BINDINGS.map((binding) => (
          <option key={binding} value={binding}>
            {BOOK_BINDING_NAMES[binding]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="ISBN"
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        hint="ISBN-10 or ISBN-13; hyphens are fine. Its check digit is verified."
        {...bind('isbn')}
      />
      <TextField label="Publisher" {...bind('publisher')} />
    </fieldset>
  );
}

/** Name, author, price, the editions and the description, each with its message beside it. */
export function BookFields({
  draft,
  errors,
  onChange,
  onEditionsChange,
  disabled,
  descriptionRows = 5,
}: {
  draft: BookDraft;
  errors: FieldErrors<BookFormField>;
  onChange: (key: BookTextKey, value: string) => void;
  onEditionsChange: (editions: EditionDraft[]) => void;
  disabled?: boolean;
  descriptionRows?: number;
}) {
  const bind = (key: BookTextKey) => ({
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
      <EditionRows
        editions={draft.editions}
        errors={errors}
        onChange={onEditionsChange}
        disabled={disabled}
      />
      <ProductDetailsFields draft={draft} errors={errors} onChange={onChange} disabled={disabled} />
      <TextAreaField label="Description" rows={descriptionRows} {...bind('description')} />
      {(['ur', 'bn'] as const).map((language) => {
        const fields = TRANSLATION_FIELDS[language];
        const { name, dir } = CONTENT_LANGUAGE_INFO[language];
        const english = CONTENT_LANGUAGE_INFO[language].englishName;
        const own = (key: TranslationKey) => ({ ...bind(key), required: false, lang: language, dir });
        return (
          <fieldset key={language} className="space-y-4 rounded-lg border border-stone-200 p-4">
            <legend className="px-1 font-semibold text-stone-800">
              In {english} (<span lang={language}>{name}</span>)
            </legend>
            <p className="text-sm text-stone-600">
              Shown on the {english} pages. Left empty, a field shows the English one, marked as English.
            </p>
            <TextField label={`Name in ${english}`} {...own(fields.name)} />
            <TextField label={`Author in ${english}`} {...own(fields.author)} />
            <TextAreaField
              label={`Description in ${english}`}
              rows={descriptionRows}
              {...own(fields.description)}
            />
          </fieldset>
        );
      })}
    </>
  );
}
