import { useRef, useState, type ComponentProps, type FormEvent, type ReactNode, type RefObject } from 'react';
import { ApiError } from '../lib/api-client';
import { useT, type MessageId } from '../lib/i18n';
import { Button } from './ui/button';
import { card } from './ui/card';
import { TextField } from './ui/field';

/** What a lookup says when the form is incomplete, nothing matches, the visitor asked too often, or it failed. */
export interface LookupMessages {
  missing: MessageId;
  notFound: MessageId;
  tooMany: MessageId;
  failed: MessageId;
}

/** What a failed lookup says: nothing matches (404), asked too often (429), or it failed. */
export function lookupProblem(error: unknown, messages: Omit<LookupMessages, 'missing'>): MessageId {
  const status = error instanceof ApiError ? error.status : 0;
  return status === 404 ? messages.notFound : status === 429 ? messages.tooMany : messages.failed;
}

/**
 * A public lookup by two things the visitor knows (an order number and a phone, a reference and an email): the
 * form's submit, whether it is busy, the answer or the problem, and where the answer is shown. Once it has answered,
 * the answer is focused (read out) and scrolled to where the eye is, on a phone too.
 */
export function useLookup<Answer>(messages: LookupMessages, block: ScrollLogicalPosition = 'start') {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<MessageId | null>(null);
  const answer = useRef<HTMLDivElement>(null);

  /** Sends `ask` when the form is complete (`complete`), else says what is missing. */
  const submit = async (event: FormEvent, complete: boolean, ask: () => Promise<Answer>) => {
    event.preventDefault();
    setResult(null);
    if (!complete) {
      setProblem(messages.missing);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      setResult(await ask());
    } catch (error) {
      setProblem(lookupProblem(error, messages));
    } finally {
      setBusy(false);
      requestAnimationFrame(() => {
        answer.current?.focus();
        answer.current?.scrollIntoView?.({ block });
      });
    }
  };
  return { busy, result, problem, answer, submit };
}

type LookupField = Omit<ComponentProps<typeof TextField>, 'dir' | 'autoComplete'>;

/**
 * A lookup's form: what names the thing looked up (a reference, an order number: typed as written, never filled in
 * by the browser), the visitor's email (or phone), both read left to right in every language, and the submit, busy
 * while the lookup asks.
 */
export function LookupForm({
  label,
  onSubmit,
  known,
  contact,
  busy,
  submitLabel,
  busyLabel,
}: {
  label: string;
  onSubmit: (event: FormEvent) => void;
  known: LookupField;
  contact: LookupField;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className={`${card} mt-6 space-y-4 p-6`}>
      <TextField dir="ltr" autoComplete="off" {...known} />
      <TextField dir="ltr" autoComplete="email" {...contact} />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}

/** Where a lookup answers: a live region with its problem as an alert, or the answer. */
export function LookupAnswer({
  answer,
  problem,
  children,
}: {
  answer: RefObject<HTMLDivElement | null>;
  problem: MessageId | null;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div ref={answer} tabIndex={-1} aria-live="polite" className="mt-6 outline-none">
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-red-800">
          {t(problem)}
        </p>
      )}
      {children}
    </div>
  );
}
