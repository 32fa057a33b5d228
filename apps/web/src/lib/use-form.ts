import { useState } from 'react';
import { checkBinder, textBinder } from './binders';
import { useFormErrors, type FieldErrors, type Refusal } from './form-errors';

/**
 * A form's values with its errors (see `useFormErrors`). `bind(name)` gives a text control its name, value, error
 * and change handler, so that each field of a form is one line; a change clears the field's message.
 */
export function useForm<V extends object, F extends string>(
  initial: V | (() => V),
  fields: readonly F[],
  /** A refusal the page was rendered with (a form sent before the app ran): its messages, shown at once. */
  refusal?: Refusal,
) {
  const [values, setValues] = useState(initial);
  const form = useFormErrors(fields, refusal);
  const { clearField } = form;

  const change = <K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if ((fields as readonly string[]).includes(field)) clearField(field as string as F);
  };

  const bind = textBinder(values, change, form.errors as FieldErrors<string>);

  const bindCheck = checkBinder(values, (field, checked) => change(field, checked as V[typeof field]));

  return { ...form, values, setValues, change, bind, bindCheck };
}

/** What `bind` gives a control: its name, value, error and change handler. */
export type Bound = ReturnType<ReturnType<typeof useForm<Record<string, string>, string>>['bind']>;
