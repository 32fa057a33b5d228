import { paths, STORAGE_KEYS, type GuestInfo, type PaymentMethod } from '@scholar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import type { CartItem } from '../../../lib/guest-cart';
import { queryKeys } from '../../../lib/query-keys';
import { storage } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { announceCartChange } from '../../../lib/guest-cart';
import { placeCodOrder } from '../api/coupons';
import { createPaymentOrder, releaseCheckout } from '../api/create-payment-order';
import { guestDraft } from '../lib/guest-form';
import { successOrderOf } from '../lib/success-order';
import { openRazorpayCheckout, verificationPath } from '../lib/razorpay';

/** Steps 1 to 3 of the payment flow: price on the server, open the payment window, go to verification. */
export function usePay() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useT();
  const [busy, setBusy] = useState(false);
  /** A cash-on-delivery order was placed: the page stays while the success page loads, though the cart is empty. */
  const [placed, setPlaced] = useState(false);

  const pay = async (input: {
    lines: CartItem[];
    /** The total the page shows: the server opens no payment for any other amount (409 PRICE_CHANGED). */
    expectedTotal: number;
    contact: { name: string; email: string; phone: string };
    selectedAddress?: { _id: string };
    guestInfo?: GuestInfo;
    /** A coupon the server checked (docs/decisions/051); its discount is in `expectedTotal`. */
    couponCode?: string | undefined;
    /** Cash on delivery places the order at once, without the payment window. */
    paymentMethod?: PaymentMethod;
    /** Only the guest checkout handles the window's failure event (docs/product.md, "Payments"). */
    onFailure?: () => void;
    /** The order refused (a field the server did not accept): the page says it, else a notification does. */
    onError?: (error: unknown) => void;
  }) => {
    setBusy(true);
    try {
      // Kept for the success page, which shows a guest the details they typed.
      if (input.guestInfo) storage.set(STORAGE_KEYS.guestInfo, input.guestInfo);
      if (input.paymentMethod === 'cod') {
        // The order is placed now: the success page shows it, as after a card payment's verification.
        const order = await placeCodOrder(input);
        setPlaced(true);
        storage.set(STORAGE_KEYS.successOrder, successOrderOf(order, input.guestInfo ?? null));
        // To the success page first (its screen loads lazily): this page, seeing the cart empty, would go to the cart.
        await navigate(paths.paymentSuccess, { replace: true });
        storage.remove(STORAGE_KEYS.selectedAddress, STORAGE_KEYS.localCart, STORAGE_KEYS.guestInfo);
        guestDraft.clear();
        announceCartChange();
        void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
        return;
      }
      const order = await createPaymentOrder(input);
      await openRazorpayCheckout({
        key: order.key,
        orderId: order.orderId,
        amount: order.amount,
        currency: order.currency,
        prefill: { name: input.contact.name, email: input.contact.email, contact: input.contact.phone },
        label: { name: t('site.name'), description: t('shop.checkout.paymentFor') },
        onSuccess: (response) => void navigate(verificationPath(response)),
        // A failed payment or a closed window gives the checkout's coupon use back at once.
        onFailure: () => {
          releaseCheckout(order.orderId);
          input.onFailure?.();
        },
        onDismiss: () => {
          releaseCheckout(order.orderId);
          setBusy(false);
        },
      });
    } catch (error) {
      // A price changed since the page read it: the cart is read again, so that the new total is shown.
      if (error instanceof ApiError && error.code === 'PRICE_CHANGED') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      }
      if (input.onError) input.onError(error);
      else toast.error(errorMessage(error, t('shop.checkout.payFailed')));
      setBusy(false);
    }
  };

  return { pay, busy, placed };
}
