import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, errorMessage } from './api-client';
import { useErrorText } from './i18n';
import { toast } from './toast';

/** A message per field, for the fields that have one. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** What a zod schema of `@scholar/shared` answers to `safeParse` (the web app needs no zod of its own). */
type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
export interface FormSchema<T> {
  safeParse(values: unknown): Parsed<T>;
}

/**
 * Sorts issues by field: the first message of each field of `fields`, and the messages of the issues that name none
 * (in order). An issue belongs to the last segment of its path that is a field: `['address', 'pincode']` and the
 * server's `body.guestInfo.address.pincode` to `pincode`, `['categories', 0]` to `categories`.
 */
export function sortIssues<F extends string>(
  fields: readonly F[],
  issues: readonly Issue[],
): { errors: FieldErrors<F>; unplaced: string[] } {
  const errors: FieldErrors<F> = {};
  const unplaced: string[] = [];
  for (const issue of issues) {
    const field = issue.path.findLast((segment): segment is F => fields.includes(segment as F));
    if (field === undefined) unplaced.push(issue.message);
    else errors[field] ??= issue.message;
  }
  return { errors, unplaced };
}

/** The field errors a refused call carries: the server's `details` (`{path: 'body.address.pincode', message}`). */
export function serverIssues(error: unknown): Issue[] {
  if (!(error instanceof ApiError)) return [];
  return (error.details ?? []).map((detail) => ({ path: detail.path.split('.'), message: detail.message }));
}

/** A refusal as the API words it: its sentence, and its field details (`{path: 'body.email', message}`). */
export interface Refusal {
  message: string | undefined;
  details: readonly { path: string; message: string }[];
}

/**
 * A refusal's messages where `refused` puts them: each field's beside it, the rest (or the sentence, when no field
 * is named) as the form's message; each in the page's language.
 */
function placeRefusal<F extends string>(
  fields: readonly F[],
  refusal: Refusal,
  errorText: (text: string) => string,
): { errors: FieldErrors<F>; formError: string | undefined } {
  const { errors, unplaced } = sortIssues(
    fields,
    refusal.details.map((detail) => ({ path: detail.path.split('.'), message: detail.message })),
  );
  const placed = Object.keys(errors).length > 0;
  const message = placed ? unplaced[0] : refusal.message;
  return {
    errors: Object.fromEntries(
      Object.entries(errors).map(([field, text]) => [field, errorText(text as string)]),
    ) as FieldErrors<F>,
    formError: message === undefined ? undefined : errorText(message),
  };
}

/**
 * Moves to the first marked field of the form, in the order of the page: focused, and scrolled to the middle of
 * the screen so that neither the sticky header nor a phone's keyboard hides it. A marked group (the categories'
 * fieldset) gives the focus to its first control.
 */
function focusFirstInvalid(form: HTMLFormElement): void {
  const marked = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!marked) return;
  const target =
    marked instanceof HTMLFieldSetElement
      ? (marked.querySelector<HTMLElement>('input, select, textarea, button') ?? marked)
      : marked;
  target.focus({ preventScroll: true });
  // jsdom has no layout, hence no scrollIntoView.
  if (typeof marked.scrollIntoView === 'function') marked.scrollIntoView({ block: 'center' });
}

/**
 * The errors of one form, said where they are: each field's message beside it (every invalid field at once), the
 * focus on the first, and a message for the form as a whole (put near its submit button) when a failure belongs to
 * no field. The form is checked with the same `@scholar/shared` schema as the server checks the request with, and
 * a refusal's field `details` go to their fields too. A failure is also told in a notification, which the next
 * attempt takes away.
 *
 * `fields` are the names of the form's fields, as the schema's paths (and the server's) name them.
 */
export function useFormErrors<F extends string>(fields: readonly F[], initial?: Refusal) {
  const formRef = useRef<HTMLFormElement>(null);
  const toastId = useId();
  const errorText = useErrorText();
  // A refusal the page was rendered with (a form sent before the app ran, lib/form-post.tsx), said as `refused`
  // says one. The focus stays where the reader has it: the page arrived with the messages beside their fields.
  const [first] = useState(() => (initial ? placeRefusal(fields, initial, errorText) : undefined));
  const [errors, setErrors] = useState<FieldErrors<F>>(first?.errors ?? {});
  const [formError, setFormError] = useState<string | undefined>(first?.formError);
  // A new object at each failure, so that the focus moves again even when the same fields fail again.
  const [failure, setFailure] = useState<object>();

  useEffect(() => {
    if (failure && formRef.current) focusFirstInvalid(formRef.current);
  }, [failure]);

  const show = (found: FieldErrors<F>, message: string | undefined, notification: string) => {
    // Each sentence in the page's language (the notification is put in it by lib/toast).
    setErrors(
      Object.fromEntries(
        Object.entries(found).map(([field, text]) => [
          field,
          typeof text === 'string' ? errorText(text) : text,
        ]),
      ) as FieldErrors<F>,
    );
    setFormError(message === undefined ? undefined : errorText(message));
    setFailure({});
    toast.error(notification, { id: toastId });
  };

  return {
    /** For the `<form>`: where the first invalid field is looked for. */
    formRef,
    errors,
    /** The failure that belongs to no field, for a `role="alert"` message near the submit button. */
    formError,

    /** Clears a field's message once it is changed. */
    clearField: (field: F) => {
      setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
    },

    /**
     * A new attempt: takes away the last failure's notification and the form's message, then checks `values` with
     * `schema`. Answers the parsed values, or undefined after marking every invalid field.
     */
    check: <T>(schema: FormSchema<T>, values: unknown): T | undefined => {
      toast.dismiss(toastId);
      setFormError(undefined);
      const parsed = schema.safeParse(values);
      if (parsed.success) {
        setErrors({});
        return parsed.data;
      }
      const { errors: found, unplaced } = sortIssues(fields, parsed.error.issues);
      const first = parsed.error.issues[0]?.message ?? '';
      show(found, unplaced[0], first);
      return undefined;
    },

    /**
     * A refused call: the server's field errors beside their fields, anything else as the form's message. The
     * notification says `message(error's sentence)` (the sentence itself by default; `fallback` when the server
     * gave none).
     */
    refused: (
      error: unknown,
      fallback: string,
      message: (sentence: string) => string = (sentence) => sentence,
    ) => {
      const sentence = message(errorMessage(error, fallback));
      const { errors: found, unplaced } = sortIssues(fields, serverIssues(error));
      const placed = Object.keys(found).length > 0;
      show(found, placed ? unplaced[0] : sentence, sentence);
    },

    /** Forgets every message, the notification too (a form opened again). */
    reset: () => {
      toast.dismiss(toastId);
      setErrors({});
      setFormError(undefined);
    },

    /** A failure of the whole form found by the page itself ('Please use the admin login page'). */
    fail: (sentence: string) => {
      show({}, sentence, sentence);
    },
  };
}
