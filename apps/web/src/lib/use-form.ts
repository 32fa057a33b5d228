import { useState } from 'react';
import { useFormErrors, type FieldErrors } from './form-errors';

/** The names of a form's values that a text control (input, textarea, select) edits. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
/** The names of a form's values that a checkbox ticks. */
type CheckKey<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

/**
 * A form's values with its errors (see `useFormErrors`). `bind(name)` gives a text control its name, value, error
 * and change handler, so that each field of a form is one line; a change clears the field's message.
 */
export function useForm<V extends object, F extends string>(initial: V | (() => V), fields: readonly F[]) {
  const [values, setValues] = useState(initial);
  const form = useFormErrors(fields);
  const { clearField } = form;

  const change = <K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if ((fields as readonly string[]).includes(field)) clearField(field as string as F);
  };

  const bind = textBinder(values, change, form.errors as FieldErrors<string>);

  const bindCheck = checkBinder(values, (field, checked) => change(field, checked as V[typeof field]));

  return { ...form, values, setValues, change, bind, bindCheck };
}

/** `textBinder`'s twin for a checkbox: its name, whether it is ticked, and its change handler. */
export function checkBinder<V extends object>(
  values: V,
  tick: (field: CheckKey<V>, checked: boolean) => void,
) {
  return (field: CheckKey<V>) => ({
    name: field,
    checked: values[field] as boolean,
    onChange: (event: { target: { checked: boolean } }) => tick(field, event.target.checked),
  });
}

/**
 * The `bind` of a form that keeps its own values (and errors): a text control's name, value, error and change
 * handler, so that each of its text fields is one line too.
 */
export function textBinder<V extends object>(
  values: V,
  change: <K extends keyof V & string>(field: K, value: V[K]) => void,
  errors: FieldErrors<string> = {},
) {
  return <K extends TextKey<V>>(field: K) => ({
    name: field,
    value: values[field] as string,
    error: errors[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value as V[K]),
  });
}

/** What `bind` gives a control: its name, value, error and change handler. */
export type Bound = ReturnType<ReturnType<typeof useForm<Record<string, string>, string>>['bind']>;
