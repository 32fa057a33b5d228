import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { FormMessage, TextAreaField } from '../../../components/ui/field';
import { toast } from '../../../lib/toast';
import type { Bound } from '../../../lib/use-form';

/** The reason an admin gives for cancelling or refunding an order (up to 500 characters, as the server allows). */
export function ReasonField({ hint, ...bound }: Bound & { hint: string }) {
  return <TextAreaField label="Reason" rows={3} required maxLength={500} hint={hint} {...bound} />;
}

/**
 * The submit of an order dialog: `check` gives the body (undefined when a field is wrong, marked already), `act`
 * sends it; then the dialog says so in a toast and closes. A refusal shows in the dialog, `failure` when the server
 * gave no sentence: a toast would sit behind it, unseen.
 */
export function dialogSubmit<B>(
  check: () => B | undefined,
  act: (body: B) => Promise<unknown>,
  then: {
    success: string;
    failure: string;
    onClose: () => void;
    refused: (error: unknown, fallback: string) => void;
  },
) {
  return async (event: FormEvent) => {
    event.preventDefault();
    const body = check();
    if (!body) return;
    try {
      await act(body);
      toast.success(then.success);
      then.onClose();
    } catch (error) {
      then.refused(error, then.failure);
    }
  };
}

/**
 * The buttons of each order dialog: the words of closing it, of its action and of the action while it runs, and
 * the action's look (dangerous, but for recording a parcel, which moves neither money nor stock by itself).
 */
const ACTIONS = {
  cancel: { close: 'Keep order', action: 'Cancel order', busy: 'Cancelling...', variant: 'danger' },
  cancelMany: { close: 'Keep orders', action: 'Cancel orders', busy: 'Cancelling...', variant: 'danger' },
  refund: { close: 'Close', action: 'Refund', busy: 'Refunding...', variant: 'danger' },
  approve: { close: 'Close', action: 'Approve', busy: 'Approving...', variant: 'danger' },
  decline: { close: 'Close', action: 'Decline', busy: 'Declining...', variant: 'danger' },
  receive: { close: 'Close', action: 'Record parcel received', busy: 'Recording...', variant: 'primary' },
} as const;

/**
 * The dialog's failure, then its close button and its action, busy while the action runs (a step that only leads
 * to the confirming one is never busy).
 */
export function DialogActions({
  kind,
  formError,
  busy = false,
  onClose,
}: {
  kind: keyof typeof ACTIONS;
  formError: string | undefined;
  busy?: boolean;
  onClose: () => void;
}) {
  const words = ACTIONS[kind];
  return (
    <>
      <FormMessage message={formError} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {words.close}
        </Button>
        <Button type="submit" variant={words.variant} disabled={busy} aria-busy={busy}>
          {busy ? words.busy : words.action}
        </Button>
      </div>
    </>
  );
}

/**
 * The step before money moves: the question ("Refund ₹X to the customer's card?"), what it is about, Back, and the
 * (dangerous) yes, which takes the focus so that Enter answers and Escape closes the dialog.
 */
export function ConfirmStep({
  question,
  children,
  yes,
  busyLabel,
  busy,
  onBack,
  onYes,
}: {
  question: string;
  children?: ReactNode;
  yes: string;
  busyLabel: string;
  busy: boolean;
  onBack: () => void;
  onYes: () => void;
}) {
  const yesRef = useRef<HTMLButtonElement>(null);
  useEffect(() => yesRef.current?.focus(), []);
  return (
    <div className="space-y-4">
      <p className="text-base font-medium text-stone-900">{question}</p>
      {children}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <button
          ref={yesRef}
          type="button"
          className={buttonClass('danger')}
          onClick={onYes}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? busyLabel : yes}
        </button>
      </div>
    </div>
  );
}
