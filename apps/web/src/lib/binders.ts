import type { FieldErrors } from './form-errors';

/*
 * Kept apart from use-form.ts: a form of the first screen (the subscribe form) binds its fields with these, and
 * use-form's chunk carries the schemas' code, which the home page does not load.
 */

/** The names of a form's values that a text control (input, textarea, select) edits. */
export type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
/** The names of a form's values that a checkbox ticks. */
export type CheckKey<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

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
