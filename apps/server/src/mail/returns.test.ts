import { beforeAll, describe, expect, it } from 'vitest';
import { orderTrackPath, setOrderLinkSecret } from '../lib/order-links';
import { mailLanguage } from './i18n';
import { returnApprovedMail, returnDeclinedMail, returnReceivedMail } from './returns';

const order = {
  _id: '0190b0a0-0000-7000-8000-0000000000c1',
  orderNumber: 'ORD-20261127-ABC123',
  contactDetails: { name: 'Zainab', email: 'zainab@example.com' },
};
const url = 'https://darulilm.example';

beforeAll(() => setOrderLinkSecret('a-secret-of-at-least-32-characters-long'));

describe('the return mails, in the order language', () => {
  it("tells an Urdu reader right to left, with the amount and the days, and links to the order's signed Urdu page", () => {
    const mail = returnApprovedMail(order, { amount: 275, byHand: false }, mailLanguage('ur', url));
    expect(mail.subject).toContain('واپسی منظور');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('5 سے 7 کاروباری دنوں');
    expect(mail.text).toContain('₹275.00');
    // The signed tracking page: a guest has no account page to open.
    expect(mail.text).toContain(`${url}/ur${orderTrackPath(order)}`);
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

  it('says a cash-on-delivery refund is paid back by hand', () => {
    const mail = returnApprovedMail(order, { amount: 300, byHand: true }, mailLanguage('en', url));
    expect(mail.text).toContain(
      'You paid in cash, so we will pay ₹300.00 back to you directly within 5–7 business days',
    );
  });
});
