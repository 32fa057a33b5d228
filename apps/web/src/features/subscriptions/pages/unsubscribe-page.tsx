import { paths } from '@scholar/shared';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { useT } from '../../../lib/i18n';
import { unsubscribe } from '../../../lib/subscriptions';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Step = 'asking' | 'working' | 'done' | 'invalid';

/**
 * The page of a mail's visible unsubscribe link (/subscriptions/unsubscribe?token=…): it asks, and a press
 * unsubscribes and says so. (A mail client's one-click unsubscribe posts to the API directly, RFC 8058.) The token
 * is read once and taken out of the address.
 */
export function UnsubscribePage() {
  const t = useT();
  useDocumentTitle(t('subscriptions.unsubscribe.title'));
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(location.search).get('token') ?? '');
  const [step, setStep] = useState<Step>(token ? 'asking' : 'invalid');

  useEffect(() => {
    if (location.search) void navigate(location.pathname, { replace: true });
  }, [location.pathname, location.search, navigate]);

  const confirm = async () => {
    setStep('working');
    try {
      await unsubscribe(token);
      setStep('done');
    } catch {
      setStep('invalid');
    }
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className={`${card} p-6 text-center shadow-sm`}>
        <h1 className="font-serif text-2xl font-bold text-brand-800">
          {t('subscriptions.unsubscribe.title')}
        </h1>
        <div role="status" aria-live="polite">
          {(step === 'asking' || step === 'working') && (
            <p className="mt-4 text-stone-600">{t('subscriptions.unsubscribe.question')}</p>
          )}
          {step === 'done' && (
            <p className="mt-4 font-semibold text-stone-800">{t('subscriptions.unsubscribe.done')}</p>
          )}
          {step === 'invalid' && (
            <p className="mt-4 text-stone-600">{t('subscriptions.unsubscribe.invalid')}</p>
          )}
        </div>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {(step === 'asking' || step === 'working') && (
            <Button onClick={() => void confirm()} disabled={step === 'working'}>
              {step === 'working'
                ? t('subscriptions.unsubscribe.working')
                : t('subscriptions.unsubscribe.button')}
            </Button>
          )}
          <Link to={paths.home} className={buttonClass('secondary')}>
            {t('subscriptions.home')}
          </Link>
        </div>
      </div>
    </div>
  );
}
