import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useT, type MessageId } from '../../../lib/i18n';
import { resendEmailProof, useEmailProofState } from '../api/email-proof';

/**
 * While the customer has not confirmed their email (docs/decisions/054): the orders they placed as a guest are not
 * theirs yet; a new link can be sent (a few an hour).
 */
export function EmailProofBanner({ userId }: { userId: string }) {
  const t = useT();
  const state = useEmailProofState(userId);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ id: MessageId; ok: boolean } | null>(null);
  if (!state.data || state.data.verified) return null;
  const email = state.data.email;

  const resend = async () => {
    setBusy(true);
    setSaid(null);
    try {
      await resendEmailProof();
      setSaid({ id: 'verify.banner.sent', ok: true });
    } catch (error) {
      setSaid({
        id:
          error instanceof ApiError && error.status === 429
            ? 'verify.banner.tooMany'
            : 'verify.banner.failed',
        ok: false,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="email-proof-heading"
      className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-stone-800"
    >
      <h2 id="email-proof-heading" className="font-semibold">
        {t('verify.banner.title')}
      </h2>
      <p className="mt-1 text-sm">{t('verify.banner.text', { email })}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={resend} disabled={busy}>
          {busy ? t('verify.banner.sending') : t('verify.banner.resend')}
        </Button>
        <p role="status" aria-live="polite" className={`text-sm ${said?.ok === false ? 'text-red-800' : ''}`}>
          {said ? t(said.id, { email }) : ''}
        </p>
      </div>
    </section>
  );
}
