import { paths, type SubscriptionConfirmed } from '@scholar/shared';
import { CheckCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { useT } from '../../../lib/i18n';
import { confirmSubscription } from '../../../lib/subscriptions';
import { useDocumentTitle } from '../../../lib/use-document-title';

type State =
  | { step: 'ask' }
  | { step: 'working' }
  | { step: 'done'; choices: SubscriptionConfirmed }
  | { step: 'invalid' };

/**
 * The mailed confirmation link's page (/subscriptions/confirm?token=…): the token is read once and taken out of the
 * address; it is sent when the reader presses Confirm, not on opening, since mail scanners open links (and some run
 * their scripts) without the reader. The page then says what the reader will receive, or that the link is used or
 * too old.
 */
export function ConfirmSubscriptionPage() {
  const t = useT();
  useDocumentTitle(t('subscriptions.confirm.title'));
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(location.search).get('token') ?? '');
  const [state, setState] = useState<State>(token ? { step: 'ask' } : { step: 'invalid' });

  useEffect(() => {
    if (location.search) void navigate(location.pathname, { replace: true });
  }, [location.pathname, location.search, navigate]);

  const confirm = () => {
    setState({ step: 'working' });
    confirmSubscription(token).then(
      ({ data }) => setState({ step: 'done', choices: data }),
      () => setState({ step: 'invalid' }),
    );
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className={`${card} p-6 text-center shadow-sm`} role="status" aria-live="polite">
        <h1 className="font-serif text-2xl font-bold text-brand-800">{t('subscriptions.confirm.title')}</h1>
        {state.step === 'ask' && (
          <>
            <p className="mt-4 text-stone-600">{t('subscriptions.confirm.ask')}</p>
            <button type="button" className={buttonClass('primary', 'mt-4')} onClick={confirm}>
              {t('subscriptions.confirm.button')}
            </button>
          </>
        )}
        {state.step === 'working' && (
          <p className="mt-4 text-stone-600">{t('subscriptions.confirm.working')}</p>
        )}
        {state.step === 'done' && (
          <>
            <CheckCircle aria-hidden="true" className="mx-auto mt-4 size-10 text-brand-600" />
            <p className="mt-2 font-semibold text-stone-800">{t('subscriptions.confirm.done')}</p>
            <p className="mt-2 text-stone-600">
              {t('subscriptions.confirm.what', {
                topics: t(
                  state.choices.fatwahs && state.choices.articles
                    ? 'subscriptions.topics.both'
                    : state.choices.fatwahs
                      ? 'subscriptions.topics.fatwahs'
                      : 'subscriptions.topics.articles',
                ),
                frequency: t(`subscriptions.frequency.${state.choices.frequency}`),
              })}
            </p>
          </>
        )}
        {state.step === 'invalid' && (
          <p className="mt-4 text-stone-600">{t('subscriptions.confirm.invalid')}</p>
        )}
        <Link to={paths.home} className={buttonClass('primary', 'mt-6')}>
          {t('subscriptions.home')}
        </Link>
      </div>
    </div>
  );
}
