import { formatMoney, formatOrderDateTime, STORAGE_KEYS, TIMINGS, type Order } from '@scholar/shared';
import { CheckCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { storage } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** 'Payment Successful!' from the stored successOrder; without one, back to the cart after 3 s. */
export function PaymentSuccessPage() {
  useDocumentTitle('Payment Successful!');
  const navigate = useNavigate();
  const [order] = useState(() => storage.get<Order>(STORAGE_KEYS.successOrder));

  useEffect(() => {
    if (order) return;
    const timer = window.setTimeout(() => navigate(paths.cart, { replace: true }), TIMINGS.paymentRedirectMs);
    return () => window.clearTimeout(timer);
  }, [order, navigate]);

  if (!order) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center" role="status">
        <h1 className="font-serif text-2xl font-bold text-brand-800">Payment System Updated</h1>
        <p className="mt-2 text-stone-600">Taking you back to your cart...</p>
      </div>
    );
  }

  const a = order.shippingAddress;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <div className="text-center">
        <CheckCircle aria-hidden="true" className="mx-auto h-14 w-14 text-brand-600" />
        <h1 className="mt-4 font-serif text-3xl font-bold text-brand-800">Payment Successful!</h1>
        <p className="mt-2 text-stone-600">
          Thank you for your order. A confirmation has been sent to {order.contactDetails.email}.
        </p>
      </div>
      <section aria-label="Order" className="mt-8 rounded-xl border border-stone-200 bg-white p-6">
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-stone-500">Order number</dt>
            <dd className="font-semibold">{order.orderNumber}</dd>
          </div>
          <div>
            <dt className="text-stone-500">Date</dt>
            <dd>{formatOrderDateTime(order.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-stone-500">Amount</dt>
            <dd className="font-semibold">{formatMoney(order.amount)}</dd>
          </div>
        </dl>
        <table className="mt-6 w-full text-sm">
          <caption className="sr-only">Items</caption>
          <thead>
            <tr className="border-b border-stone-200 text-left text-stone-500">
              <th scope="col" className="py-2">
                Item
              </th>
              <th scope="col" className="py-2 text-right">
                Qty
              </th>
              <th scope="col" className="py-2 text-right">
                Price
              </th>
              <th scope="col" className="py-2 text-right">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item._id} className="border-b border-stone-100">
                <td className="py-2">
                  {item.book.name}
                  <span className="block text-xs text-stone-500">{item.author}</span>
                </td>
                <td className="py-2 text-right">{item.quantity}</td>
                <td className="py-2 text-right">{formatMoney(item.book.price)}</td>
                <td className="py-2 text-right">{formatMoney(item.book.price * item.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="ml-auto mt-4 max-w-xs space-y-1 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatMoney(order.subtotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Delivery Charges</dt>
            <dd>{formatMoney(order.shipping)}</dd>
          </div>
          <div className="flex justify-between border-t border-stone-200 pt-1 text-base font-semibold">
            <dt>Total</dt>
            <dd>{formatMoney(order.amount)}</dd>
          </div>
        </dl>
        <div className="mt-6 grid gap-4 border-t border-stone-200 pt-4 text-sm sm:grid-cols-2">
          <div>
            <h2 className="font-semibold">Contact Details</h2>
            <p>{order.contactDetails.name}</p>
            <p>{order.contactDetails.email}</p>
            <p>{order.contactDetails.phone}</p>
          </div>
          <div>
            <h2 className="font-semibold">Delivery Address</h2>
            <address className="not-italic">
              {a.addressLine1}
              {a.addressLine2 && <>, {a.addressLine2}</>}
              <br />
              {a.city}, {a.state} {a.pincode}
            </address>
          </div>
        </div>
      </section>
      <div className="mt-8 text-center">
        <Button
          onClick={() => {
            storage.remove(STORAGE_KEYS.successOrder);
            navigate(paths.home);
          }}
        >
          Continue Shopping
        </Button>
      </div>
    </div>
  );
}
