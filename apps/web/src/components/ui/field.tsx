import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

const control =
  'mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-600 read-only:bg-stone-100';

interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled input with its error (announced) and hint. */
export function TextField({
  label,
  error,
  hint,
  id,
  className = '',
  ...props
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const described = [error ? `${inputId}-error` : '', hint ? `${inputId}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        id={inputId}
        className={control}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...props}
      />
      {hint && (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled textarea with its error (announced) and hint. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className = '',
  ...props
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const autoId = useId();
  const areaId = id ?? autoId;
  const described = [error ? `${areaId}-error` : '', hint ? `${areaId}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={areaId} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <textarea
        id={areaId}
        className={control}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...props}
      />
      {hint && (
        <p id={`${areaId}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${areaId}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
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

export function SelectField({
  label,
  error,
  id,
  className = '',
  children,
  ...props
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <select
        id={selectId}
        className={control}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        {...props}
      >
        {children}
      </select>
      {error && (
        <p id={`${selectId}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
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
