// @database: totals kept by the database
import {
  cartTotals,
  checkoutMoneyOf,
  editionOf,
  formatMoney,
  formatMoneyIn,
  fromPaise,
  SITE_LOCALE_HEADER,
  toPaise,
  type BookLanguage,
  type Locale,
  type OrderMoney,
  type PaymentMethod,
} from '@scholar/shared';
import { parse } from 'csv-parse/sync';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeader } from '../../../test/support/app';
import { truncateAll } from '../../../test/support/database';
import { createBook, createUser } from '../../../test/support/factories';
import { payInSandbox } from '../../../test/support/purchase';
import { mimePart } from '../../../test/support/smtp';
import { useTestApp } from '../../../test/support/use-test-app';
import { coupons } from '../../db/schema';
import { bn } from '../../mail/catalogues/bn';
import { en } from '../../mail/catalogues/en';
import { ur } from '../../mail/catalogues/ur';
import { CSV_COLUMNS } from './orders-csv';

/**
 * One order, one truth (docs/decisions/058): an order placed through the API for every combination of buyer
 * (guest, customer), way of paying (card, cash on delivery), coupon (none, percent, fixed), edition (English,
 * Bengali, Urdu, each at its own price) and page language (en, ur, bn) is read back on every surface that shows
 * it — the checkout's preview as the page computes it from the server's answers, the payment's answer, the
 * customer's order, tracking, the desk's order and list, the CSV row, the bill's text and the confirmation mail —
 * and every one of them must say the same money, worked out here from the prices alone.
 */
const { ctx, smtp } = useTestApp({ smtp: true, truncate: false, env: { LOG_LEVEL: 'error' } });

const CATALOGUES = { en, ur, bn };
const QUANTITY = 2;
/** Each edition at a price of its own, so that a card priced in one and an order of another cannot agree. */
const PRICES: Record<BookLanguage & ('english' | 'bengali' | 'urdu'), number> = {
  english: 270,
  bengali: 247.5,
  urdu: 255,
};
const COUPONS = {
  none: undefined,
  percent: { code: 'EID15', kind: 'percent' as const, value: 15 },
  fixed: { code: 'FLAT40', kind: 'fixed' as const, value: 40 },
};
const COD_FEE = 30;
const PINCODE = '700073';
const address = { addressLine1: '5 Zakaria Street', city: 'Kolkata', state: 'West Bengal', pincode: PINCODE };

let bookId = '';
let admin: Record<string, string> = {};
let clients = 0;
/** Each call from an address of its own: the per-address limits have their own tests. */
const from = () => {
  clients += 1;
  return `10.58.${(clients >> 8) & 255}.${clients & 255}`;
};

beforeAll(async () => {
  await truncateAll(ctx.database);
  const db = ctx.database.db;
  const book = await createBook(db, {
    name: 'Fortress of the Muslim',
    price: PRICES.english,
    editions: (Object.keys(PRICES) as (keyof typeof PRICES)[]).map((language) => ({
      language,
      stock: 10_000,
      price: PRICES[language],
    })),
  });
  bookId = book.id;
  await db.insert(coupons).values(
    Object.values(COUPONS)
      .filter((coupon) => coupon !== undefined)
      .map(({ code, kind, value }) => ({ code, kind, value: kind === 'fixed' ? toPaise(value) : value })),
  );
  const settings = await ctx.app.siteSettings.get();
  await ctx.app.siteSettings.save({ ...settings, codEnabled: true, codMaxOrder: 5000, codFee: COD_FEE });
  admin = await authHeader(ctx, await createUser(db, { role: 'admin' }));
});

interface Case {
  buyer: 'guest' | 'customer';
  method: PaymentMethod;
  coupon: keyof typeof COUPONS;
  edition: keyof typeof PRICES;
  page: Locale;
}

const cases: Case[] = [];
for (const buyer of ['guest', 'customer'] as const)
  for (const method of ['card', 'cod'] as const)
    for (const coupon of ['none', 'percent', 'fixed'] as const)
      for (const edition of ['english', 'bengali', 'urdu'] as const)
        for (const page of ['en', 'ur', 'bn'] as const) cases.push({ buyer, method, coupon, edition, page });

/** The money of the case, worked out from the prices alone (paise), nothing read from the server. */
function expectedMoney({ method, coupon, edition }: Case, delivery: number): OrderMoney {
  const subtotal = toPaise(PRICES[edition]) * QUANTITY;
  const rule = COUPONS[coupon];
  const discount = !rule
    ? 0
    : rule.kind === 'percent'
      ? Math.round((subtotal * rule.value) / 100)
      : toPaise(rule.value);
  const fee = method === 'cod' ? toPaise(COD_FEE) : 0;
  const total = subtotal + toPaise(delivery) - discount + fee;
  return {
    method,
    subtotal: fromPaise(subtotal),
    delivery,
    couponCode: rule?.code ?? null,
    discount: fromPaise(discount),
    codFee: fromPaise(fee),
    total: fromPaise(total),
    paid: method === 'card' ? fromPaise(total) : 0,
    refunded: 0,
    net: method === 'card' ? fromPaise(total) : 0,
    due: method === 'cod' ? fromPaise(total) : 0,
    state: method === 'card' ? 'paid' : 'cod_due',
  };
}

async function call(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  options: { headers?: object; payload?: object } = {},
) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
    remoteAddress: from(),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

/**
 * The checkout's preview as the page computes it (apps/web: `usePaymentOptions`): the lines at the server's current
 * prices (the guest's from `/cart/prices`, the customer's server cart), the delivery zone's charge, the coupon's
 * discount from `/coupons/check` and the site's fee, put together by `checkoutMoneyOf`.
 */
async function checkoutPreview(c: Case, headers: object, userId: string | undefined) {
  const line = { book: bookId, quantity: QUANTITY, selectedLanguage: c.edition };
  let price: number;
  if (userId) {
    await call('POST', '/api/cart/add', {
      headers,
      payload: { bookId, quantity: QUANTITY, userId, selectedLanguage: c.edition },
    });
    const cart = (await call('GET', '/api/cart', { headers })).json().data.cart as {
      price: number;
      selectedLanguage: string;
    }[];
    expect(cart).toHaveLength(1);
    price = cart[0]!.price;
  } else {
    const books = (await call('POST', '/api/cart/prices', { payload: { bookIds: [bookId] } })).json().data
      .books as { editions: { language: string; price: number }[] }[];
    price = editionOf(books[0]!.editions, c.edition)!.price;
  }
  const totals = cartTotals([{ price, quantity: QUANTITY }]);
  const quote = (await call('GET', `/api/delivery/${PINCODE}?quantity=${totals.itemCount}`)).json().data;
  const code = COUPONS[c.coupon]?.code;
  const discount = code
    ? (await call('POST', '/api/coupons/check', { headers, payload: { code, cartItems: [line] } })).json()
        .data.discount
    : 0;
  const settings = (await call('GET', '/api/settings')).json().data;
  return {
    line,
    quote,
    money: checkoutMoneyOf({
      paymentMethod: c.method,
      subtotal: totals.subtotal,
      delivery: quote.shipping,
      couponCode: code,
      discount,
      codFee: settings.codFee,
    }),
  };
}

/** The money figures of the order's row in the CSV export, by column. */
async function csvMoney(orderNumber: string) {
  const res = await call('GET', `/api/orders/admin/export-csv?search=${orderNumber}`, { headers: admin });
  const rows: string[][] = parse(res.body.replace(/^\uFEFF/, ''));
  expect(rows).toHaveLength(2);
  const cell = (name: (typeof CSV_COLUMNS)[number]) => rows[1]![CSV_COLUMNS.indexOf(name)]!;
  return {
    subtotal: cell('Subtotal'),
    shipping: cell('Shipping'),
    discount: cell('Discount'),
    codFee: cell('COD Fee'),
    total: cell('Total'),
    paid: cell('Paid'),
    refunded: cell('Refunded'),
    net: cell('Net Total'),
    due: cell('Due'),
    method: cell('Payment Method'),
    coupon: cell('Coupon Code'),
    state: cell('Payment State'),
  };
}

const fixed = (amount: number) => amount.toFixed(2);

/** The sums of a bill, in the order they are printed: label and amount. */
async function billSums(orderId: string) {
  const res = await ctx.app.inject({ url: `/api/bills/admin/orders/${orderId}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('Subtotal '));
  const end = lines.findIndex((line) => line.startsWith('Total '));
  expect(start, text).toBeGreaterThan(0);
  return lines.slice(start, end + 1);
}

/**
 * Where each figure stands in the mail's text: each found after the one before it, so that the order is checked
 * with the figures (subtotal, delivery, discount, fee, total, then what to pay in cash).
 */
function figuresInOrder(text: string, figures: string[]): number[] {
  let at = 0;
  return figures.map((figure) => {
    const found = text.indexOf(figure, at);
    at = found < 0 ? at : found + figure.length;
    return found;
  });
}

describe('one order, one truth: every surface shows the same money', () => {
  it.each(cases)(
    '$buyer pays by $method, coupon $coupon, $edition edition, page $page',
    async (c) => {
      const db = ctx.database.db;
      const email = `buyer-${cases.indexOf(c)}-${Date.now()}@example.com`;
      const user = c.buyer === 'customer' ? await createUser(db, { email }) : undefined;
      const headers = { ...(user ? await authHeader(ctx, user) : {}), [SITE_LOCALE_HEADER]: c.page };

      // The checkout's preview.
      const preview = await checkoutPreview(c, headers, user?.id);
      const expected = expectedMoney(c, preview.quote.shipping);
      expect(preview.money).toEqual({ ...expected, paid: 0, net: 0 });

      // The order, through the payment path of its method; the page's total sent as the total expected.
      const body = {
        cartItems: [preview.line],
        expectedTotal: preview.money.total,
        ...(COUPONS[c.coupon] ? { couponCode: COUPONS[c.coupon]!.code } : {}),
        ...(user
          ? { selectedAddress: address }
          : { guestInfo: { name: 'Amina Khatun', email, phone: '9831122334', address } }),
      };
      let answer: { _id: string; orderNumber: string; money: OrderMoney };
      if (c.method === 'cod') {
        answer = (await call('POST', '/api/payments/cod-order', { headers, payload: body })).json().order;
      } else {
        const opened = await call('POST', '/api/payments/create-razorpay-order', { headers, payload: body });
        const proof = await payInSandbox(ctx, opened.json().orderId);
        answer = (
          await call('POST', '/api/payments/verify-razorpay-payment', { headers, payload: proof })
        ).json().order;
      }
      expect(answer.money, 'the payment answer').toEqual(expected);
      const { _id: orderId, orderNumber } = answer;

      if (user) {
        const own = await call('GET', `/api/orders/${user.id}/${orderId}`, { headers });
        expect(own.json().data.order.money, "the customer's order").toEqual(expected);
      }
      const tracked = await call('POST', '/api/order-tracking', { payload: { orderNumber, contact: email } });
      expect(tracked.json().data.money, 'tracking').toEqual(expected);
      const desk = await call('GET', `/api/orders/admin/${orderId}`, { headers: admin });
      expect(desk.json().data.order.money, "the desk's order").toEqual(expected);
      const list = await call('GET', `/api/orders/admin/all?search=${orderNumber}`, { headers: admin });
      expect(
        list.json().data.orders.map((o: { money: OrderMoney }) => o.money),
        "the desk's list",
      ).toEqual([expected]);

      expect(await csvMoney(orderNumber), 'the CSV row').toEqual({
        subtotal: fixed(expected.subtotal),
        shipping: fixed(expected.delivery),
        discount: fixed(expected.discount),
        codFee: fixed(expected.codFee),
        total: fixed(expected.total),
        paid: fixed(expected.paid),
        refunded: '0.00',
        net: fixed(expected.net),
        due: fixed(expected.due),
        method: c.method === 'cod' ? 'Cash on delivery' : 'Card',
        coupon: expected.couponCode ?? '',
        state: c.method === 'cod' ? 'COD due, not collected' : 'Paid',
      });

      // The confirmation mail, in the page's language and digits: the sums in the screens' order, total last,
      // and for cash on delivery what to hand the courier.
      const mail = await smtp.waitFor(email);
      const money = (amount: number) => formatMoneyIn(c.page, amount);
      const figures = [
        money(expected.subtotal),
        money(expected.delivery),
        ...(expected.discount > 0 ? [`−${money(expected.discount)}`] : []),
        ...(expected.codFee > 0 ? [money(expected.codFee)] : []),
        money(expected.total),
        ...(c.method === 'cod' ? [money(expected.due)] : []),
      ];
      const mailText = mimePart(mail.raw, 'text/plain') ?? '';
      // Right-to-left mails isolate each figure (U+2066…U+2069); the figures are read without those marks.
      const plain = mailText.slice(mailText.indexOf(orderNumber)).replace(/[\u2066-\u2069]/g, '');
      expect(figuresInOrder(plain, figures), `the mail: ${plain}`).not.toContain(-1);
      // A cash-on-delivery mail thanks for the order, not for a payment nobody has made.
      const received = CATALOGUES[c.page]['order.confirmation.thanks'].split(/\{\w+\}/).at(-1)!;
      const unpaid = CATALOGUES[c.page]['order.confirmation.thanksCod'].split(/\{\w+\}/).at(-1)!;
      expect(plain).toContain(c.method === 'cod' ? unpaid : received);
      expect(plain).not.toContain(c.method === 'cod' ? received : unpaid);

      // The bill: a card order's at once; a cash-on-delivery order's when its cash is collected, which the
      // money then says everywhere.
      if (c.method === 'cod') {
        await call('PATCH', `/api/orders/admin/${orderId}/status`, {
          headers: admin,
          payload: { status: 'shipped' },
        });
        await call('POST', `/api/orders/admin/${orderId}/cod-collected`, { headers: admin });
        const collected: OrderMoney = {
          ...expected,
          paid: expected.total,
          net: expected.total,
          due: 0,
          state: 'cod_collected',
        };
        const after = await call('GET', `/api/orders/admin/${orderId}`, { headers: admin });
        expect(after.json().data.order.money, 'the desk, once collected').toEqual(collected);
        const trackedAfter = await call('POST', '/api/order-tracking', {
          payload: { orderNumber, contact: email },
        });
        expect(trackedAfter.json().data.money, 'tracking, once collected').toEqual(collected);
      }
      expect(await billSums(orderId), 'the bill').toEqual([
        `Subtotal ${formatMoney(expected.subtotal)}`,
        `Delivery charge ${formatMoney(expected.delivery)}`,
        ...(expected.discount > 0
          ? [`Coupon discount (${expected.couponCode}) −${formatMoney(expected.discount)}`]
          : []),
        ...(expected.codFee > 0 ? [`Cash on delivery fee ${formatMoney(expected.codFee)}`] : []),
        `Total ${formatMoney(expected.total)}`,
      ]);
    },
    30_000,
  );
});
