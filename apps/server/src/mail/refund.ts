import { formatMoney, fromPaise, REFUND_DAYS_TEXT, type Order, type OrderRefund } from '@scholar/shared';
import { escapeHtml, type Mail } from './mailer';

const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');

function mail(order: Order, subject: string, lines: string[], publicUrl: string): Mail {
  const link = `${publicUrl}/order-details/${order._id}`;
  const all = [`Assalamu alaikum ${order.contactDetails.name},`, ...lines];
  return {
    to: order.contactDetails.email,
    subject,
    text: [...all.flatMap((line) => [line, '']), `Your order: ${link}`].join('\n'),
    html: `${paragraphs(all)}\n<p><a href="${escapeHtml(link)}">See your order</a></p>`,
  };
}

/**
 * "We have refunded ₹X of your order": sent once Razorpay has taken the refund. The reason is the desk's note and
 * stays on the desk (the order page does not show it either).
 */
export function refundStartedMail(order: Order, refund: OrderRefund, publicUrl: string): Mail {
  return mail(
    order,
    `Refund of ${formatMoney(refund.amount)} for your order ${order.orderNumber}`,
    [
      `We have refunded ${formatMoney(refund.amount)} of your order ${order.orderNumber} to the card or account you paid with. It reaches you in ${REFUND_DAYS_TEXT}, depending on your bank.`,
    ],
    publicUrl,
  );
}

/** "Your order is cancelled", with the refund when Razorpay took it. */
export function orderCancelledMail(order: Order, refundedPaise: number | undefined, publicUrl: string): Mail {
  return mail(
    order,
    `Your order ${order.orderNumber} has been cancelled`,
    [
      `Your order ${order.orderNumber} has been cancelled.`,
      `Reason: ${order.cancellation?.reason ?? ''}`,
      refundedPaise
        ? `We have refunded ${formatMoney(fromPaise(refundedPaise))} to the card or account you paid with. It reaches you in ${REFUND_DAYS_TEXT}, depending on your bank.`
        : 'We will write again when your refund has been made.',
    ],
    publicUrl,
  );
}
