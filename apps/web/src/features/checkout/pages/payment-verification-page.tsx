import { paths, STORAGE_KEYS, type GuestInfo } from '@scholar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { announceCartChange } from '../../../lib/guest-cart';
import { useT } from '../../../lib/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { verifyPayment } from '../api/verify-payment';
import { guestDraft } from '../lib/guest-form';
import { successOrderOf } from '../lib/success-order';

const PARAMS = ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'] as const;

/** Why the payment could not be confirmed: the server's sentence, or the page's own. */
function failureMessage(error: unknown, t: ReturnType<typeof useT>): string {
  if (error instanceof ApiError) {
    if (error.code === 'CHECKOUT_NOT_FOUND') return t('shop.verify.sessionExpired');
    return error.message;
  }
  return t('shop.verify.somethingWrong');
}

/**
 * Step 4: runs once, after the session has loaded. The server checks the payment and creates the order (it is
 * idempotent, so a webhook that came first does no harm). On success the order is kept as successOrder (a guest's
 * receipt with the details they typed, which the server does not send back).
 */
export function PaymentVerificationPage() {
  const t = useT();
  useDocumentTitle(t('shop.verify.title'));
  const [params] = useSearchParams();
  const { status } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (status === 'loading' || started.current) return;
    started.current = true;
    const ids = Object.fromEntries(PARAMS.map((key) => [key, params.get(key) ?? ''])) as Record<
      (typeof PARAMS)[number],
      string
    >;
    if (PARAMS.some((key) => !ids[key])) {
      toast.error(t('shop.verify.invalidParameters'));
      setFailure(t('shop.verify.invalidParameters'));
      return;
    }
    // The guest's details stay in the browser, for the success page: the server sends a guest only the receipt.
    const guestInfo = storage.get<GuestInfo>(STORAGE_KEYS.guestInfo);
    verifyPayment(ids)
      .then(async (order) => {
        storage.set(STORAGE_KEYS.successOrder, successOrderOf(order, guestInfo));
        // `selectedAddress` is no longer written; one an earlier version of the page kept is cleared with the rest.
        storage.remove(STORAGE_KEYS.selectedAddress, STORAGE_KEYS.localCart, STORAGE_KEYS.guestInfo);
        guestDraft.clear();
        announceCartChange();
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.cart.all }),
          queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        ]);
        toast.success(t('shop.verify.success'));
        void navigate(paths.paymentSuccess, { replace: true });
      })
      .catch((error: unknown) => {
        const message = failureMessage(error, t);
        toast.error(message);
        setFailure(message);
      });
  }, [status, params, navigate, queryClient, t]);

  if (failure) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <XCircle aria-hidden="true" className="mx-auto h-14 w-14 text-red-600" />
        <h1 className="mt-4 font-serif text-2xl font-bold text-red-800">{t('shop.verify.failed')}</h1>
        <p className="mt-2 text-stone-700">{failure}</p>
        <Link
          to={paths.cart}
          className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white"
        >
          {t('shop.verify.returnToCart')}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-serif text-2xl font-bold text-brand-800">{t('shop.verify.title')}</h1>
      <p className="mt-2 text-stone-600">{t('shop.verify.wait')}</p>
      <Spinner label={t('shop.verify.busy')} />
    </div>
  );
}
