import { checkoutMoneyOf, fromPaise, toPaise, type CouponPreview, type PaymentMethod } from '@scholar/shared';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { CheckoutDelivery } from '../../../components/delivery/checkout-delivery';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import type { CartItem } from '../../../lib/guest-cart';
import { useFormat, useT } from '../../../lib/i18n';
import { useSiteSettings } from '../../../lib/site-settings';
import { checkCoupon } from '../api/coupons';

/**
 * The checkout's coupon and way of paying (docs/decisions/051): a code checked by the server (its discount is the
 * server's), and "Pay online" or "Cash on delivery (+fee)" when the owner offers it, the total within the limit
 * and the delivery zone taking cash. `total` is what the customer pays, sent as the expected total.
 */
export function usePaymentOptions(delivery: CheckoutDelivery, lines: CartItem[]) {
  const settings = useSiteSettings();
  const [coupon, setCoupon] = useState<CouponPreview | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const totals = delivery.cart.totals;
  // A coupon checked for other lines no longer holds: it is checked again (the subtotal is its key).
  const stale = coupon !== null && coupon.subtotal !== totals.subtotal;
  const discount = coupon && !stale ? coupon.discount : 0;
  const beforeFee = fromPaise(toPaise(totals.total) - toPaise(discount));
  const zoneTakesCash = delivery.quote?.serviceable
    ? delivery.quote.codAvailable
    : delivery.quote === undefined;
  const codOffered = settings?.codEnabled === true;
  const withinLimit = settings !== undefined && beforeFee <= settings.codMaxOrder;
  const codAllowed = codOffered && withinLimit && zoneTakesCash;
  const chosen: PaymentMethod = method === 'cod' && codAllowed ? 'cod' : 'card';
  const codFee = chosen === 'cod' ? (settings?.codFee ?? 0) : 0;
  // The same summary the order will carry: subtotal, delivery, discount, fee, total.
  const money = checkoutMoneyOf({
    paymentMethod: chosen,
    subtotal: totals.subtotal,
    delivery: totals.shipping,
    couponCode: stale ? null : coupon?.code,
    discount,
    codFee,
  });
  return {
    money,
    lines,
    coupon: stale ? null : coupon,
    stale,
    staleCode: stale ? coupon.code : undefined,
    setCoupon,
    discount,
    method: chosen,
    setMethod,
    codOffered,
    codAllowed,
    withinLimit,
    zoneTakesCash,
    codFee,
    settingsFee: settings?.codFee ?? 0,
    codMaxOrder: settings?.codMaxOrder ?? 0,
    total: money.total,
    couponCode: stale ? undefined : coupon?.code,
  };
}

export type PaymentOptions = ReturnType<typeof usePaymentOptions>;

/** The coupon field with its Apply, the discount and fee lines, the total to pay and the choice of payment. */
export function CheckoutPaymentOptions({ options }: { options: PaymentOptions }) {
  const t = useT();
  const { money, inText } = useFormat();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const groupId = useId();
  const { setCoupon, staleCode, lines } = options;

  const apply = async (typed: string) => {
    const trimmed = typed.trim();
    if (!trimmed) return;
    setChecking(true);
    setError(null);
    try {
      setCoupon(await checkCoupon(trimmed, lines));
    } catch (failure) {
      setCoupon(null);
      setError(errorMessage(failure, t('coupons.checkFailed')));
    } finally {
      setChecking(false);
    }
  };

  // The cart changed under an applied coupon: checked again for the new lines.
  useEffect(() => {
    // An emptied cart (the order just placed) has nothing to check.
    if (staleCode && lines.length > 0) void apply(staleCode);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [staleCode]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void apply(code);
    }
  };

  return (
    <div className="mt-4 space-y-4 border-t border-stone-200 pt-4">
      {options.coupon ? (
        <div className="flex items-center justify-between gap-3 text-sm">
          <p role="status" className="text-brand-800">
            {t('coupons.applied', { code: options.coupon.code })}
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              setCoupon(null);
              setCode('');
            }}
          >
            {t('coupons.remove')}
          </Button>
        </div>
      ) : (
        <div>
          <div className="flex items-end gap-2">
            <TextField
              label={t('coupons.field')}
              className="min-w-0 flex-1"
              value={code}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              onChange={(event) => setCode(event.target.value)}
              onKeyDown={onKeyDown}
              error={error ?? undefined}
            />
            <Button variant="secondary" disabled={checking || !code.trim()} onClick={() => void apply(code)}>
              {checking ? t('coupons.applying') : t('coupons.apply')}
            </Button>
          </div>
        </div>
      )}

      {options.codOffered && (
        <fieldset aria-describedby={`${groupId}-note`}>
          <legend className="text-sm font-semibold">{t('coupons.paymentHeading')}</legend>
          <div className="mt-2 space-y-2 text-sm">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={`${groupId}-method`}
                value="card"
                checked={options.method === 'card'}
                onChange={() => options.setMethod('card')}
              />
              {t('coupons.payOnline')}
            </label>
            <label className={`flex items-center gap-2 ${options.codAllowed ? '' : 'text-stone-500'}`}>
              <input
                type="radio"
                name={`${groupId}-method`}
                value="cod"
                disabled={!options.codAllowed}
                checked={options.method === 'cod'}
                onChange={() => options.setMethod('cod')}
              />
              {t('coupons.payCod', { fee: inText(`+${money(options.settingsFee)}`) })}
            </label>
          </div>
          <p id={`${groupId}-note`} className="mt-1 text-xs text-stone-600">
            {!options.zoneTakesCash
              ? t('coupons.codNotHere')
              : !options.withinLimit
                ? t('coupons.codOverLimit', { limit: inText(money(options.codMaxOrder)) })
                : ''}
          </p>
        </fieldset>
      )}
    </div>
  );
}
