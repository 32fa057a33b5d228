import { describe, expect, it } from 'vitest';
import { orderLinks } from '../lib/order-links';
import { mailLanguage } from './i18n';
import { returnApprovedMail, returnDeclinedMail, returnReceivedMail, returnRefundedMail } from './returns';

const links = orderLinks('a-secret-of-at-least-32-characters-long');
const ordered = {
  _id: '0190b0a0-0000-7000-8000-0000000000c1',
  orderNumber: 'ORD-20261127-ABC123',
  contactDetails: { name: 'Zainab', email: 'zainab@example.com' },
};
const order = { ...ordered, trackPath: links.trackPath(ordered) };
const url = 'https://darulilm.example';

describe('the return mails, in the order language', () => {
  it('asks the customer to send the approved books back, and names no amount: nothing is refunded yet', () => {
    const en = returnApprovedMail(order, mailLanguage('en', url));
    expect(en.subject).toBe('Your return for order ORD-20261127-ABC123 is approved');
    expect(en.text).toContain('Please send the books back to us');
    expect(en.text).toContain('We will refund you as soon as the books reach us');
    expect(en.text).not.toContain('₹');
    const ur = returnApprovedMail(order, mailLanguage('ur', url));
    expect(ur.subject).toContain('واپسی منظور');
    expect(ur.text).toContain('واپس بھیج دیں');
    expect(ur.html).toContain('dir="rtl"');
    const bn = returnApprovedMail(order, mailLanguage('bn', url));
    expect(bn.text).toContain('ফেরত পাঠান');
  });

  it("tells an Urdu reader of the refund right to left, with the amount and the days, and links to the order's signed Urdu page", () => {
    const mail = returnRefundedMail(order, { amount: 275, byHand: false }, mailLanguage('ur', url));
    expect(mail.subject).toContain('رقم لوٹا دی گئی');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('5 سے 7 کاروباری دنوں');
    expect(mail.text).toContain('₹275.00');
    // The signed tracking page: a guest has no account page to open.
    expect(mail.text).toContain(`${url}/ur${links.trackPath(order)}`);
    expect(mail.text).not.toContain('/order-details/');
  });

  it('writes Bengali with Bengali digits, and the reason as the customer gave it', () => {
    const lang = mailLanguage('bn', url);
    const received = returnReceivedMail(
      order,
      { kind: 'return', reason: '<b>ছেঁড়া</b>', items: [{ name: 'Sahih Muslim', quantity: 2 }] },
      lang,
    );
    expect(received.text).toContain('২ × Sahih Muslim');
    expect(received.html).toContain('&lt;b&gt;ছেঁড়া&lt;/b&gt;');
    const declined = returnDeclinedMail(order, 'বইটি ব্যবহৃত', lang);
    expect(declined.text).toContain('আমাদের কারণ: বইটি ব্যবহৃত');
  });

  it('writes the Bengali refund with Bengali digits', () => {
    const mail = returnRefundedMail(order, { amount: 300, byHand: false }, mailLanguage('bn', url));
    expect(mail.text).toContain('৩০০');
    expect(mail.text).toContain('৫ থেকে ৭ কার্যদিবসের');
  });

  it('says a cash-on-delivery refund is paid back by hand', () => {
    const mail = returnRefundedMail(order, { amount: 300, byHand: true }, mailLanguage('en', url));
    expect(mail.subject).toBe('Your return for order ORD-20261127-ABC123 is refunded');
    expect(mail.text).toContain(
      'You paid in cash, so we will pay ₹300.00 back to you directly within 5–7 business days',
    );
  });
});
