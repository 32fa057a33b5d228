import { REFUND_DAYS_TEXT } from '@scholar/shared';

/**
 * The mails' messages in English, the catalogue the others translate (docs/decisions/043): ICU messages, one id
 * each, values in braces. A value is text already written for the language (a price, a date, a link), so that no
 * message formats a number itself. Each catalogue is a module, checked by the compiler to hold every id.
 */
export const en = {
  'greeting.named': 'Assalamu alaikum {name},',
  'greeting.plain': 'Assalamu alaikum,',
  'label.value': '{label}: {value}',

  'order.confirmation.subject': 'Your order {orderNumber}',
  'order.confirmation.thanks':
    'Thank you for your order {orderNumber} of {date}. We have received your payment.',
  'order.confirmation.thanksCod':
    'Thank you for your order {orderNumber} of {date}. You pay in cash when it is delivered.',
  'order.confirmation.item': '{quantity} × {name} ({author}) — {price}',
  'order.confirmation.itemInEdition': '{quantity} × {name}, {edition} ({author}) — {price}',
  'order.confirmation.edition': '{language} edition',
  'book.language.english': 'English',
  'book.language.urdu': 'Urdu',
  'book.language.bengali': 'Bengali',
  'book.language.arabic': 'Arabic',
  'book.language.hindi': 'Hindi',
  'order.confirmation.subtotal': 'Subtotal',
  'order.confirmation.delivery': 'Delivery charges',
  'order.confirmation.total': 'Total',
  'order.confirmation.address': 'Delivery address:',
  'order.confirmation.landmark': 'Landmark: {landmark}',
  'order.confirmation.discount': 'Coupon {code}',
  'order.confirmation.codFee': 'Cash-on-delivery fee',
  'order.confirmation.payCod': 'Pay {amount} in cash on delivery.',
  'order.confirmation.expected': 'Expected delivery by {date}.',
  'order.confirmation.next': 'We will write again when your books are on their way.',
  'order.yourOrders': 'Your orders: {link}',

  'order.delivered.subject': 'Your order {orderNumber} has been delivered',
  'order.delivered.body': 'Your order {orderNumber} has been delivered. We hope the books bring you benefit.',
  'order.shipped.subject': 'Your order {orderNumber} is on its way',
  'order.shipped.body': 'Your order {orderNumber} has been shipped.',
  'order.shipped.provider': 'Shipping provider: {provider}',
  'order.shipped.trackingNumber': 'Tracking number: {trackingNumber}',
  'order.shipped.trackingUrl': 'Track it here: {url}',
  'order.shipped.trackLink': 'Track your parcel',
  'order.shipped.estimated': 'Estimated delivery: {date}',

  'refund.days': REFUND_DAYS_TEXT,
  'refund.started.subject': 'Refund of {amount} for your order {orderNumber}',
  'refund.started.body':
    'We have refunded {amount} of your order {orderNumber} to the card or account you paid with. It reaches you in {days}, depending on your bank.',
  'refund.cancelled.subject': 'Your order {orderNumber} has been cancelled',
  'refund.cancelled.body': 'Your order {orderNumber} has been cancelled.',
  'refund.cancelled.reason': 'Reason: {reason}',
  'refund.cancelled.refunded':
    'We have refunded {amount} to the card or account you paid with. It reaches you in {days}, depending on your bank.',
  'refund.cancelled.later': 'We will write again when your refund has been made.',
  'refund.yourOrder': 'Your order: {link}',
  'refund.seeOrder': 'See your order',
  'return.received.subject': 'We have your request for order {orderNumber}',
  'return.received.return': 'We have received your request to return books from your order {orderNumber}:',
  'return.received.cancel': 'We have received your request to cancel your order {orderNumber}.',
  'return.item': '{quantity} × {name}',
  'return.reason': 'Your reason: {reason}',
  'return.received.next': 'We will look at it and write to you again by email.',
  'return.approved.subject': 'Your return for order {orderNumber} is approved',
  'return.approved.sendBack':
    'We have approved your return for order {orderNumber}. Please send the books back to us, well packed, with your order number on the parcel.',
  'return.approved.refundLater':
    'We will refund you as soon as the books reach us, and write to you when we do.',
  'return.refunded.subject': 'Your return for order {orderNumber} is refunded',
  'return.refunded.body':
    'The books of your return for order {orderNumber} have reached us, and we have refunded {amount} to the card or account you paid with. It reaches you in {days}, depending on your bank.',
  'return.refunded.byHand':
    'The books of your return for order {orderNumber} have reached us. You paid in cash, so we will pay {amount} back to you directly within {days}; we will contact you about it.',
  'return.declined.subject': 'Your request for order {orderNumber}',
  'return.declined.body': 'We are sorry: we cannot accept your request for order {orderNumber}.',
  'return.declined.reason': 'Our reason: {reason}',

  'fatwah.answered.subject': 'Your question {reference} has been answered',
  'fatwah.answered.body': 'Our scholars have answered your question {reference}:',
  'fatwah.answered.quote': '"{question}"',
  'fatwah.answered.readHere': 'Read the answer here: {link}',
  'fatwah.answered.read': 'Read the answer',
  'fatwah.answered.why': 'You receive this mail once, because you gave your email with the question.',

  'password.reset.subject': 'Reset your password',
  'password.reset.intro':
    'Someone (hopefully you) asked to reset the password of your account. Open this link to choose a new one:',
  'password.reset.link': 'Reset your password',
  'password.reset.terms':
    'The link works once and expires in one hour. If you did not ask for this, you can ignore this mail.',
  'password.changed.subject': 'Your password was changed',
  'password.changed.intro':
    'The password of your Darul Ilm account was changed, and every other device signed in to it was signed out.',
  'password.changed.warning':
    'If you did not make this change, reset your password at once with "Forgot password?" on the login page, and contact us (our email and phone number are at the foot of every page of the site).',

  'email.changed.subject': 'Your email address was changed',
  'email.changed.intro':
    'The email address of your Darul Ilm account was changed from {oldEmail} to {newEmail}.',
  'email.changed.warning':
    'If you did not make this change, someone else may know your password: contact us at once (our email and phone number are at the foot of every page of the site), so that we can give the account back to you.',

  // Subscriptions by email to new answers and articles (docs/decisions/048).
  'subscription.confirm.subject': 'Please confirm your subscription to Darul Ilm',
  'subscription.confirm.body': 'You asked to receive {topics} from Darul Ilm, {frequency}, at this address.',
  'subscription.confirm.here': 'Confirm your subscription here: {link}',
  'subscription.confirm.action': 'Confirm my subscription',
  'subscription.confirm.ignore':
    'If you did not ask for this, ignore this mail: nothing more will be sent to you.',
  'subscription.topics.both': 'new answers (fatwahs) and new articles',
  'subscription.topics.fatwahs': 'new answers (fatwahs)',
  'subscription.topics.articles': 'new articles',
  'subscription.frequency.immediate': 'a mail for each one as it is published',
  'subscription.frequency.weekly': 'in a weekly digest',
  'subscription.fatwah.subject': 'New answer: {title}',
  'subscription.article.subject': 'New article: {title}',
  'subscription.fatwah.intro': 'Our scholars have published a new answer:',
  'subscription.article.intro': 'A new article has been published:',
  'subscription.item.readHere': 'Read it here: {link}',
  'subscription.item.read': 'Read it',
  'subscription.digest.subject': 'This week at Darul Ilm: {count} new',
  'subscription.digest.intro': 'Published in the week beginning {date}:',
  'subscription.digest.fatwahs': 'New answers',
  'subscription.digest.articles': 'New articles',
  'subscription.footer.why': 'You receive this mail because you subscribed to Darul Ilm by email.',
  'subscription.footer.unsubscribeHere': 'Unsubscribe: {link}',
  'subscription.footer.unsubscribe': 'Unsubscribe',
  'backInStock.subject': '{title} is back in stock',
  'backInStock.edition': '{name} ({language} edition)',
  'backInStock.body': 'Good news: {title}, which you asked us about, is back in stock.',
  'backInStock.orderHere': 'Order it here: {link}',
  'backInStock.order': 'Order it now',
  'backInStock.once':
    'We send this mail once, because you asked to be told when the book is back. Copies may run out again.',
  'order.track': 'See your order and where it is: {link}',
  'order.trackLink': 'See your order',
  'emailProof.subject': 'Confirm your email',
  'emailProof.intro':
    'Please confirm that this is your email address. Orders you placed as a guest with this email will then appear in your account.',
  'emailProof.confirmHere': 'Confirm your email: {link}',
  'emailProof.confirm': 'Confirm my email',
  'emailProof.terms':
    'The link works once, within 48 hours. If you did not make an account with us, you can ignore this mail.',
  'invite.subject.admin': 'You are invited to be an admin of Darul Ilm',
  'invite.subject.staff': 'You are invited to the staff of Darul Ilm',
  'invite.work.admin': 'as an admin',
  'invite.work.scholar': 'as a scholar (the fatwahs and articles)',
  'invite.work.shop': 'for the shop (the books and orders)',
  'invite.intro': '{inviter} has invited you to help manage the Darul Ilm website {work}.',
  'invite.how': 'Open this link to choose your name and password:',
  'invite.accept': 'Accept the invitation',
  'invite.terms':
    'The link works once and expires in {days} days. If you did not expect this, you can ignore this mail.',
} as const satisfies Record<string, string>;

export type MailMessageId = keyof typeof en;
export type MailCatalogue = Record<MailMessageId, string>;
