import { LOCALES } from '@scholar/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBook } from '../../test/support/factories';
import { checkouts, fatwahs, orders, users } from '../db/schema';
import { mimePart, type ReceivedMail } from '../../test/support/smtp';
import { signInAdmin, useTestApp } from '../../test/support/use-test-app';
import { en } from './catalogues/en';
import { bn } from './catalogues/bn';
import { ur } from './catalogues/ur';
import { mailLanguage } from './i18n';

const { ctx, smtp } = useTestApp({ smtp: true });

/** Each request from an address of its own: the per-address limits have their own tests. */
let caller = 0;
const nextAddress = () => {
  caller += 1;
  return `10.43.${caller >> 8}.${caller & 255}`;
};

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextAddress() });

const buyer = (email: string) => ({
  name: 'Zainab Siddiqui',
  email,
  phone: '9831122334',
  address: { addressLine1: '5 Zakaria Street', city: 'Kolkata', state: 'West Bengal', pincode: '700073' },
});

/**
 * A guest's order through the whole payment path: the checkout from a page in `locale` (the header as the web app
 * sends it), then the sandbox payment and its verification, which `verifyLocale` says come from another page.
 */
async function buyFrom(
  locale: string | undefined,
  email: string,
  verifyLocale = 'en',
  edition?: 'bengali' | 'urdu',
) {
  const book = await createBook(ctx.database.db, {
    name: 'Sahih al-Bukhari (set)',
    price: 50_000,
    ...(edition ? { editions: [{ language: 'english' }, { language: edition }] } : {}),
  });
  const created = await post(
    '/api/payments/create-razorpay-order',
    {
      guestInfo: buyer(email),
      cartItems: [{ book: book.id, quantity: 2, ...(edition ? { selectedLanguage: edition } : {}) }],
    },
    locale === undefined ? {} : { 'x-site-locale': locale },
  );
  expect(created.statusCode, created.body).toBe(200);
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/orders/${created.json().orderId as string}/pay`,
    payload: { outcome: 'success', webhook: false },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const verified = await post('/api/payments/verify-razorpay-payment', paid.json(), {
    'x-site-locale': verifyLocale,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().order as { _id: string; orderNumber: string };
}

const parts = (mail: ReceivedMail) => ({
  text: mimePart(mail.raw, 'text/plain') ?? '',
  html: mimePart(mail.raw, 'text/html') ?? '',
});

describe('the edition of each item', () => {
  it('is named in the language of the mail', async () => {
    for (const [locale, expected] of [
      ['en', '2 × Sahih al-Bukhari (set), Bengali edition ('],
      ['bn', '২ × Sahih al-Bukhari (set), বাংলা সংস্করণ ('],
      ['ur', '2 × Sahih al-Bukhari (set)، بنگلہ ایڈیشن ('],
    ] as const) {
      const email = `edition-${locale}@example.com`;
      await buyFrom(locale, email, locale, 'bengali');
      const { text, html } = parts(await smtp.waitFor(email));
      expect(text, locale).toContain(expected);
      expect(html, locale).toContain(expected.split(', ')[1]?.split('،')[0]?.replace(' (', '') ?? '');
    }
  });
});

describe('an order placed from an Urdu page', () => {
  it('is confirmed in Urdu, right to left, with Indian grouping and links to the Urdu pages', async () => {
    const order = await buyFrom('ur', 'zainab@example.com');
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.locale).toBe('ur');

    const mail = await smtp.waitFor('zainab@example.com');
    expect(mail.subject).toBe(`آپ کا آرڈر ${order.orderNumber}`);
    const { text, html } = parts(mail);
    for (const line of [
      'السلام علیکم Zainab Siddiqui،',
      'ہمیں آپ کی ادائیگی موصول ہو گئی ہے۔',
      // Two copies at ₹50,000: ₹1,00,000.00, with 0–9 digits, isolated left to right in the right-to-left text.
      '2 × Sahih al-Bukhari (set)',
      '\u2066₹1,00,000.00\u2069',
      'ذیلی کل: \u2066₹1,00,000.00\u2069',
      'کل: \u2066₹1,00,050.00\u2069',
      `${ctx.config.publicUrl}/ur${ctx.app.orderLinks.trackPath(order)}`,
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('Assalamu alaikum');
    expect(html).toMatch(/<html lang="ur" dir="rtl">/);
    expect(html).toContain('<bdi dir="ltr">₹1,00,000.00</bdi>');
    expect(html).toContain('<td><strong>کل</strong></td>');
    expect(html).toContain(`<strong><bdi dir="ltr">${order.orderNumber}</bdi></strong>`);
    expect(html).not.toContain('Thank you');
  });

  it('keeps its language through the payment: its later mails are Urdu too, whatever page they follow', async () => {
    const order = await buyFrom('ur', 'later@example.com', 'bn');
    await smtp.waitFor('later@example.com');
    const admin = await signInAdmin(ctx);
    const shipped = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/admin/${order._id}/fulfillment`,
      headers: { ...admin, 'x-site-locale': 'en' },
      payload: { status: 'shipped', trackingNumber: 'BD123456789IN', estimatedDelivery: '2026-11-30' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const mail = await smtp.waitFor('later@example.com', (m) => m.subject.includes('روانہ'));
    expect(mail.subject).toBe(`آپ کا آرڈر ${order.orderNumber} روانہ ہو گیا ہے`);
    const { text, html } = parts(mail);
    expect(text).toContain('ٹریکنگ نمبر: \u2066BD123456789IN\u2069');
    expect(text).toContain('متوقع ترسیل: 30 نومبر، 2026');
    expect(html).toMatch(/<html lang="ur" dir="rtl">/);
  });
});

describe('an order the webhook reports', () => {
  it("is in the checkout's language: no request from the buyer's page made it", async () => {
    const book = await createBook(ctx.database.db, { price: 300 });
    const created = await post(
      '/api/payments/create-razorpay-order',
      { guestInfo: buyer('webhook@example.com'), cartItems: [{ book: book.id, quantity: 1 }] },
      { 'x-site-locale': 'ur' },
    );
    expect(created.statusCode, created.body).toBe(200);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/orders/${created.json().orderId as string}/pay`,
      payload: { outcome: 'success', webhook: true },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const mail = await smtp.waitFor('webhook@example.com');
    expect(mail.subject).toMatch(/^آپ کا آرڈر /);
    expect(parts(mail).html).toMatch(/<html lang="ur" dir="rtl">/);
  });
});

describe('a fatwah asked from a Bengali page', () => {
  it('is answered in a Bengali mail, linking to the Bengali page of the answer', async () => {
    const asked = await post(
      '/api/fatwahs/submit',
      {
        question: 'Is zakat due on gold kept for a daughter’s wedding?',
        categories: ['Zakat'],
        askerName: 'Rahim',
        askerEmail: 'rahim@example.com',
      },
      { 'x-site-locale': 'bn' },
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const { _id: id, reference } = asked.json().data as { _id: string; reference: string };
    const [row] = await ctx.database.db.select().from(fatwahs).where(eq(fatwahs.id, id));
    expect(row?.askerLocale).toBe('bn');

    // The desk answers from an English page: the mail is in the asker's language.
    const admin = await signInAdmin(ctx);
    const published = await ctx.app.inject({
      method: 'PUT',
      url: `/api/fatwahs/${id}`,
      headers: { ...admin, 'x-site-locale': 'en' },
      payload: {
        question: 'Is zakat due on gold kept for a daughter’s wedding?',
        answer: 'Yes, once it reaches the nisab and a lunar year passes.',
        categories: ['Zakat'],
        status: 'published',
      },
    });
    expect(published.statusCode, published.body).toBe(200);

    const mail = await smtp.waitFor('rahim@example.com');
    expect(mail.subject).toBe(`আপনার প্রশ্ন ${reference}-এর উত্তর দেওয়া হয়েছে`);
    const { text, html } = parts(mail);
    const link = `${ctx.config.publicUrl}/bn/fatwah/${id}`;
    expect(text).toContain('আসসালামু আলাইকুম Rahim,');
    expect(text).toContain(`উত্তরটি এখানে পড়ুন: ${link}`);
    expect(text).toContain('“Is zakat due on gold kept for a daughter’s wedding?”');
    expect(html).toMatch(/<html lang="bn" dir="ltr">/);
    expect(html).toContain(`<a href="${link}">উত্তরটি পড়ুন</a>`);
    expect(text).not.toContain('Read the answer');
  });
});

describe('an order placed from a Bengali page', () => {
  it('hears of its refund and its cancellation in Bengali, money in Bengali digits', async () => {
    const order = await buyFrom('bn', 'karim@example.com');
    await smtp.waitFor('karim@example.com');
    const admin = await signInAdmin(ctx);
    const refunded = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${order._id}/refunds`,
      headers: admin,
      payload: { amount: 550, reason: 'A damaged copy' },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const refund = await smtp.waitFor('karim@example.com', (m) => m.subject.includes('ফেরত'));
    expect(refund.subject).toBe(`আপনার অর্ডার ${order.orderNumber}-এর ₹৫৫০.০০ ফেরত`);
    expect(parts(refund).text).toContain('৫ থেকে ৭ কার্যদিবসের মধ্যে');
    expect(parts(refund).text).toContain(
      `আপনার অর্ডার: ${ctx.config.publicUrl}/bn${ctx.app.orderLinks.trackPath(order)}`,
    );

    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${order._id}/cancel`,
      headers: admin,
      payload: { reason: 'The customer asked' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const notice = await smtp.waitFor('karim@example.com', (m) => m.subject.includes('বাতিল'));
    expect(notice.subject).toBe(`আপনার অর্ডার ${order.orderNumber} বাতিল করা হয়েছে`);
    // What was left of ₹1,00,050.00 after ₹550.00: ₹৯৯,৫০০.০০.
    expect(parts(notice).text).toContain('₹৯৯,৫০০.০০');
    expect(parts(notice).html).toMatch(/<html lang="bn" dir="ltr">/);
  });
});

describe('a language the site does not have', () => {
  it('is English: the order, its checkout and its mail', async () => {
    for (const [index, value] of ['fr', 'UR', '../ur', ''].entries()) {
      const email = `fallback-${index}@example.com`;
      const order = await buyFrom(value, email);
      const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
      expect(row?.locale, value).toBe('en');
      const [checkout] = await ctx.database.db
        .select()
        .from(checkouts)
        .where(eq(checkouts.id, row!.checkoutId!));
      expect(checkout?.locale).toBe('en');
      const mail = await smtp.waitFor(email);
      expect(mail.subject).toBe(`Your order ${order.orderNumber}`);
      const { text, html } = parts(mail);
      expect(text).toContain('Assalamu alaikum Zainab Siddiqui,');
      expect(text).toContain('Subtotal: ₹1,00,000.00');
      expect(text).toContain(
        `See your order and where it is: ${ctx.config.publicUrl}${ctx.app.orderLinks.trackPath(order)}`,
      );
      expect(html).toMatch(/<html lang="en-IN" dir="ltr">/);
    }
  });

  it('without the header (a call from another client) is English too', async () => {
    const order = await buyFrom(undefined, 'noheader@example.com');
    expect((await smtp.waitFor('noheader@example.com')).subject).toBe(`Your order ${order.orderNumber}`);
  });
});

describe('an account made on an Urdu page', () => {
  it('gets its password reset in Urdu, asked from any page, with the link to the Urdu page', async () => {
    const registered = await post(
      '/api/auth/register',
      { name: 'Ayesha', email: 'ayesha@example.com', phone: '9831122335', password: 'secret-pass-1' },
      { 'x-site-locale': 'ur' },
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, 'ayesha@example.com'));
    expect(user?.locale).toBe('ur');

    const asked = await post('/api/password/forgot-password', { email: 'ayesha@example.com' });
    expect(asked.statusCode).toBe(200);
    const mail = await smtp.waitFor(
      'ayesha@example.com',
      (m) => m.subject === 'اپنا پاس ورڈ دوبارہ ترتیب دیں',
    );
    expect(mail.subject).toBe('اپنا پاس ورڈ دوبارہ ترتیب دیں');
    const { text, html } = parts(mail);
    expect(text).toContain('السلام علیکم Ayesha،');
    expect(text).toMatch(new RegExp(`${ctx.config.publicUrl}/ur/reset-password/[A-Za-z0-9_-]+`));
    expect(html).toMatch(/<html lang="ur" dir="rtl">/);
  });

  it('is English when registered with an unknown language', async () => {
    const registered = await post(
      '/api/auth/register',
      { name: 'Bilal', email: 'bilal@example.com', phone: '9831122336', password: 'secret-pass-1' },
      { 'x-site-locale': 'de' },
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, 'bilal@example.com'));
    expect(user?.locale).toBe('en');
  });
});

describe('the catalogues', () => {
  const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('give every message the values the English one takes', () => {
    for (const catalogue of [ur, bn]) {
      for (const [id, message] of Object.entries(en)) {
        expect(placeholders(catalogue[id as keyof typeof en]), id).toEqual(placeholders(message));
      }
    }
  });

  it("write money and dates in each language's digits, and put what a reader typed in as text", () => {
    const at = new Date('2026-11-24T06:00:00Z');
    const written = LOCALES.map((locale) => {
      const lang = mailLanguage(locale, 'https://darulilm.example');
      return [lang.money(100_000).text, lang.date(at), lang.url('/dashboard'), lang.home];
    });
    expect(written).toEqual([
      ['₹1,00,000.00', '24 Nov 2026', 'https://darulilm.example/dashboard', 'https://darulilm.example'],
      [
        '\u2066₹1,00,000.00\u2069',
        '24 نومبر، 2026',
        'https://darulilm.example/ur/dashboard',
        'https://darulilm.example/ur',
      ],
      [
        '₹১,০০,০০০.০০',
        '২৪ নভেঃ, ২০২৬',
        'https://darulilm.example/bn/dashboard',
        'https://darulilm.example/bn',
      ],
    ]);
    const urdu = mailLanguage('ur', 'https://darulilm.example');
    const name = '{name} <b>\\u0041';
    expect(urdu.text('greeting.named', { name })).toBe(`السلام علیکم ${name}،`);
    expect(urdu.html('greeting.named', { name })).toBe('السلام علیکم {name} &lt;b&gt;\\u0041،');
  });
});
