import type { BookLanguage } from '@scholar/shared';
import { BellRing } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useNotifyBackInStock } from '../api/notify-back-in-stock';
import { NOTIFY_ANCHOR } from '../lib/editions';

/** Enough of an address to send; the server checks it with the shared schema. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "Notify me when it is back", under an edition that is out of stock: an email (a signed-in reader's own, to
 * change if they like) and one button. The shop mails once when the edition is back (docs/decisions/056); asking
 * twice is the same ask.
 */
export function NotifyMe({
  bookId,
  language,
  className = '',
}: {
  bookId: string;
  language: BookLanguage;
  className?: string;
}) {
  const t = useT();
  const id = useId();
  const { user } = useSession();
  const [email, setEmail] = useState(user?.email ?? '');
  const [error, setError] = useState<string | undefined>();
  const [savedFor, setSavedFor] = useState<string | null>(null);
  const notify = useNotifyBackInStock();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!LOOKS_LIKE_EMAIL.test(address)) {
      setError(t('notify.invalidEmail'));
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setError(undefined);
    notify.mutate(
      { bookId, email: address, language },
      {
        onSuccess: () => setSavedFor(address),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 429) setError(t('notify.rateLimited'));
          else if (failure instanceof ApiError && failure.details?.some((d) => d.path === 'body.email'))
            setError(t('notify.invalidEmail'));
          else if (failure instanceof ApiError && failure.code === 'IN_STOCK') setError(t('notify.inStock'));
          else setError(t('notify.failed'));
        },
      },
    );
  };

  return (
    <section
      id={NOTIFY_ANCHOR}
      aria-labelledby={`${id}-heading`}
      className={`scroll-mt-24 rounded-lg border border-stone-200 bg-stone-50 p-4 ${className}`}
    >
      <h2 id={`${id}-heading`} className="flex items-center gap-2 font-semibold text-stone-900">
        <BellRing aria-hidden="true" className="size-5 text-brand-700" />
        {t('notify.heading')}
      </h2>
      {savedFor ? (
        <p role="status" className="mt-2 text-sm text-stone-700">
          {t('notify.saved', { email: savedFor })}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`} className="mt-2">
          <p className="text-sm text-stone-600">{t('notify.text')}</p>
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <TextField
              id={`${id}-email`}
              label={t('notify.email')}
              name="email"
              type="email"
              dir="ltr"
              autoComplete="email"
              required
              value={email}
              error={error}
              className="min-w-0 flex-1"
              onChange={(event) => {
                setEmail(event.target.value);
                setError(undefined);
              }}
            />
            <button
              type="submit"
              disabled={notify.isPending}
              className="inline-flex h-10 items-center rounded-md bg-brand-700 px-4 font-medium text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-500 disabled:bg-stone-400"
            >
              {notify.isPending ? t('notify.sending') : t('notify.submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
