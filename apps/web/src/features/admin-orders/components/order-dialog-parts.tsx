import { Button } from '../../../components/ui/button';
import { FormMessage, TextAreaField } from '../../../components/ui/field';
import type { Bound } from '../../../lib/use-form';

/** The reason an admin gives for cancelling or refunding an order (up to 500 characters, as the server allows). */
export function ReasonField({ hint, ...bound }: Bound & { hint: string }) {
  return <TextAreaField label="Reason" rows={3} required maxLength={500} hint={hint} {...bound} />;
}

/** The dialog's failure, then its close button and its (dangerous) action, busy while the action runs. */
export function DialogActions({
  formError,
  closeLabel,
  actionLabel,
  busyLabel,
  busy,
  onClose,
}: {
  formError: string | undefined;
  closeLabel: string;
  actionLabel: string;
  busyLabel: string;
  busy: boolean;
  onClose: () => void;
}) {
  return (
    <>
      <FormMessage message={formError} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {closeLabel}
        </Button>
        <Button type="submit" variant="danger" disabled={busy} aria-busy={busy}>
          {busy ? busyLabel : actionLabel}
        </Button>
      </div>
    </>
  );
}
