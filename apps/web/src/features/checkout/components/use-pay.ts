import { STORAGE_KEYS, type GuestInfo } from '@scholar/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import type { CartItem } from '../../../lib/guest-cart';
import { storage } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { createPaymentOrder } from '../api/payments';
import { openRazorpayCheckout, verificationPath } from '../lib/razorpay';

/** Steps 1 to 3 of the payment flow: price on the server, open the payment window, go to verification. */
export function usePay() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const pay = async (input: {
    lines: CartItem[];
    contact: { name: string; email: string; phone: string };
    selectedAddress?: { _id: string };
    guestInfo?: GuestInfo;
    /** Only the guest checkout handles the window's failure event (spec §4). */
    onFailure?: () => void;
  }) => {
    setBusy(true);
    try {
      if (input.selectedAddress) storage.set(STORAGE_KEYS.selectedAddress, input.selectedAddress);
      if (input.guestInfo) storage.set(STORAGE_KEYS.guestInfo, input.guestInfo);
      const order = await createPaymentOrder(input);
      await openRazorpayCheckout({
        key: order.key,
        orderId: order.orderId,
        amount: order.amount,
        currency: order.currency,
        prefill: { name: input.contact.name, email: input.contact.email, contact: input.contact.phone },
        onSuccess: (response) => navigate(verificationPath(response)),
        onFailure: input.onFailure,
        onDismiss: () => setBusy(false),
      });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to initiate payment'));
      setBusy(false);
    }
  };

  return { pay, busy };
}
