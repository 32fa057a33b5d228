import type { FormHTMLAttributes, Ref } from 'react';

/**
 * A form the app checks itself, with the shared schemas and their messages beside the fields, so the browser's own
 * bubbles stay off (`noValidate`); `label` names the form for assistive technology.
 */
export function Form({
  label,
  ...props
}: { label: string; ref?: Ref<HTMLFormElement> } & Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'aria-label' | 'noValidate'
>) {
  return <form {...props} noValidate aria-label={label} />;
}
