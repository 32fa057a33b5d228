import { paths } from '@scholar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { useT, type MessageId } from '../../../lib/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { confirmEmail } from '../api/email-proof';

type State =
  | { step: 'ask' }
  | { step: 'working' }
  | { step: 'done'; attachedOrders: number }
  | { step: 'refused'; message: MessageId };

/** The server's refusal as the reader's message: used, expired, or not a link of ours. */
function refusal(error: unknown): MessageId {
  if (!(error instanceof ApiError)) return 'verify.failed';
  if (error.code === 'EMAIL_PROOF_USED') return 'verify.used';
  if (error.code === 'EMAIL_PROOF_EXPIRED') return 'verify.expired';
  if (error.code === 'EMAIL_PROOF_INVALID' || error.status === 400) return 'verify.invalid';
  return 'verify.failed';
}

/**
 * The email proof's mailed link (/verify-email?token=…, docs/decisions/054): the token is read once and taken out
 * of the address; the email is confirmed when the reader presses "Confirm my email", not on opening, since mail
 * scanners open links. Then the orders placed as a guest with that email are the account's.
 */
export function VerifyEmailPage() {
  const t = useT();
  useDocumentTitle(t('verify.title'));
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [token] = useState(() => new URLSearchParams(location.search).get('token') ?? '');
  const [state, setState] = useState<State>(
    token ? { step: 'ask' } : { step: 'refused', message: 'verify.noToken' },
  );

  useEffect(() => {
    if (location.search) void navigate(location.pathname, { replace: true });
  }, [location.pathname, location.search, navigate]);

  const confirm = () => {
    setState({ step: 'working' });
    confirmEmail(token).then(
      ({ attachedOrders }) => {
        setState({ step: 'done', attachedOrders });
        void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.emailProof.all });
      },
      (error: unknown) => setState({ step: 'refused', message: refusal(error) }),
    );
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className={`${card} p-6 text-center shadow-sm`} role="status" aria-live="polite">
        <h1 className="font-serif text-2xl font-bold text-brand-800">{t('verify.title')}</h1>
        {state.step === 'ask' && (
          <>
            <p className="mt-4 text-stone-600">{t('verify.intro')}</p>
            <Button className="mt-4" onClick={confirm}>
              {t('verify.confirm')}
            </Button>
          </>
        )}
        {state.step === 'working' && <p className="mt-4 text-stone-600">{t('verify.confirming')}</p>}
        {state.step === 'done' && (
          <>
            <CheckCircle aria-hidden="true" className="mx-auto mt-4 size-10 text-brand-600" />
            <p className="mt-2 font-semibold text-stone-800">{t('verify.done')}</p>
            {state.attachedOrders > 0 && (
              <p className="mt-2 text-stone-600">{t('verify.attached', { count: state.attachedOrders })}</p>
            )}
            <Link
              to={user ? `${paths.dashboard}?tab=orders` : paths.login}
              className={buttonClass('primary', 'mt-6')}
            >
              {t(user ? 'verify.myOrders' : 'verify.signIn')}
            </Link>
          </>
        )}
        {state.step === 'refused' && <p className="mt-4 text-stone-700">{t(state.message)}</p>}
      </div>
    </div>
  );
}
