import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useT } from '../../lib/i18n';
import { Button } from './button';

const control =
  'mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-600 read-only:bg-stone-100';

/** The label of a field, for a control that builds its own (the book images' picker). */
export const labelClass = 'block text-sm font-medium text-stone-700';

interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/** What a control of a field carries: its id, and its error state and descriptions for assistive technology. */
interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The label, the control, the hint and the error (announced) of one field, tied together by ids. */
function FieldFrame({
  label,
  error,
  hint,
  id,
  className,
  control: render,
}: FieldProps & { id: string | undefined; className: string; control: (props: ControlProps) => ReactNode }) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const described = [error ? `${controlId}-error` : '', hint ? `${controlId}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelClass}>
        {label}
      </label>
      {render({
        id: controlId,
        className: control,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {hint && (
        <p id={`${controlId}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${controlId}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The props of a field's frame, and the rest for its control. */
function splitField<P extends FieldProps & { id?: string | undefined; className?: string | undefined }>({
  label,
  error,
  hint,
  id,
  className = '',
  ...control
}: P) {
  return [{ label, error, hint, id, className }, control] as const;
}

/** A labelled input with its error (announced) and hint. */
export function TextField(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const [frame, input] = splitField(props);
  return <FieldFrame {...frame} control={(control) => <input {...control} {...input} />} />;
}

/** A required password input; `purpose` tells password managers to offer a new password or fill the saved one. */
export function PasswordField({
  purpose,
  ...props
}: { purpose: 'new' | 'current' } & FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return <TextField type="password" autoComplete={`${purpose}-password`} required {...props} />;
}

/** A labelled textarea with its error (announced) and hint. */
export function TextAreaField(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [frame, textarea] = splitField(props);
  return <FieldFrame {...frame} control={(control) => <textarea {...control} {...textarea} />} />;
}

/** A form's failure that belongs to no field ('Invalid credentials'), announced, put near the submit button. */
export function FormMessage({
  message,
  className = '',
}: {
  message: string | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={`rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`}
    >
      {message}
    </p>
  );
}

/** The end of a one-column form: its failure that belongs to no field, then its full-width submit button. */
export function FormSubmit({
  formError,
  busy,
  label,
  busyLabel,
}: {
  formError: string | undefined;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      <FormMessage message={formError} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}

/** The end of an inline editor: Save (busy while saving) and Cancel, which leaves the editor unsaved. */
export function EditActions({
  busy,
  onCancel,
  className = '',
}: {
  busy: boolean;
  onCancel: () => void;
  className?: string;
}) {
  const t = useT();
  return (
    <div className={`flex gap-3 ${className}`}>
      <Button type="submit" disabled={busy}>
        {busy ? t('ui.saving') : t('ui.save')}
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {t('ui.cancel')}
      </Button>
    </div>
  );
}

/** A labelled select with its error (announced) and hint. */
export function SelectField(props: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const [frame, { children, ...select }] = splitField(props);
  return (
    <FieldFrame
      {...frame}
      control={(control) => (
        <select {...control} {...select}>
          {children}
        </select>
      )}
    />
  );
}

export function CheckboxField({
  label,
  id,
  ...props
}: { label: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId();
  const boxId = id ?? autoId;
  return (
    <div className="flex items-center gap-2">
      <input
        id={boxId}
        type="checkbox"
        className="h-4 w-4 rounded border-stone-300 accent-brand-700"
        {...props}
      />
      <label htmlFor={boxId} className="text-sm text-stone-700">
        {label}
      </label>
    </div>
  );
}
