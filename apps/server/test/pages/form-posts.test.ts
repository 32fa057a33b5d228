import { localizePath, paths } from '@scholar/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fatwahs, subscriptions } from '../../src/db/schema';
import { messages } from '../../../../e2e/fixtures/messages';
import { readerAddress } from './support/raw-page';
import { useRenderedSite } from './support/site';
import {
  allByRole,
  allByTestId,
  attr,
  byRole,
  check,
  fill,
  formOf,
  open,
  submit,
  textOf,
  valueOf,
} from './support/without-script';

/**
 * The public forms sent as a browser without script sends them (docs/decisions/063): to the page's own address,
 * answered with the page showing what came of it. The same in the browser: e2e/without-script.spec.ts.
 */

const site = useRenderedSite();
const app = (): FastifyInstance => site.ctx.app;
const db = () => site.ctx.database.db;

describe('the question form without script', () => {
  it('asks the question once, however often the answer is sent again, and shows its reference', async () => {
    const t = messages('en');
    const page = await open(app(), paths.askFatwah);
    const question = byRole(page.document, 'textbox', { name: t('fatwahs.ask.question') });
    const form = formOf(question);
    expect(attr(form, 'method')).toBe('post');
    expect(attr(form, 'action')).toBe(paths.askFatwah);
    const text = `Is a question sent without a script ${Date.now().toString(36)} asked?`;
    fill(question, text);
    check(byRole(form, 'checkbox', { name: 'Zakat' }));
    fill(byRole(form, 'textbox', { name: t('fatwahs.ask.email') }), 'asker@example.com');

    const answered = await submit(app(), page, form);
    expect(answered.status).toBe(200);
    expect(textOf(byRole(answered.document, 'heading', { name: t('fatwahs.ask.sent.title') }))).toBe(
      t('fatwahs.ask.sent.title'),
    );
    const [reference] = allByTestId(answered.document, 'fatwah-reference').map(textOf);
    const [asked] = await db().select().from(fatwahs).where(eq(fatwahs.question, text));
    expect(reference).toBe(asked?.reference);
    expect([...(asked?.categories ?? [])].sort()).toEqual(['Other', 'Zakat']);
    expect(asked?.askerEmail).toBe('asker@example.com');

    // The reader reloads the answer: the browser sends the same form again, and nothing more is asked.
    const again = await submit(app(), page, form);
    expect(allByTestId(again.document, 'fatwah-reference').map(textOf)).toEqual([reference]);
    expect(await db().select().from(fatwahs).where(eq(fatwahs.question, text))).toHaveLength(1);
  });

  it("comes back refused in the page's language, each message beside its field and what was typed kept", async () => {
    const t = messages('ur');
    const page = await open(app(), localizePath('ur', paths.askFatwah));
    const form = formOf(byRole(page.document, 'textbox', { name: t('fatwahs.ask.question') }));
    fill(byRole(form, 'textbox', { name: t('fatwahs.ask.name') }), 'Khadija');
    fill(byRole(form, 'textbox', { name: t('fatwahs.ask.email') }), 'not-an-address');

    const refused = await submit(app(), page, form);
    expect(refused.status).toBe(400);
    const again = formOf(byRole(refused.document, 'textbox', { name: t('fatwahs.ask.question') }));
    expect(valueOf(byRole(again, 'textbox', { name: t('fatwahs.ask.name') }))).toBe('Khadija');
    const email = byRole(again, 'textbox', { name: t('fatwahs.ask.email') });
    expect(valueOf(email)).toBe('not-an-address');
    expect(attr(email, 'aria-invalid')).toBe('true');
    expect(attr(byRole(again, 'textbox', { name: t('fatwahs.ask.question') }), 'aria-invalid')).toBe('true');
    // The messages are Urdu, and the form still starts from the category the reader left ticked.
    const alerts = allByRole(refused.document, 'alert').map(textOf).join(' ');
    expect(alerts).toMatch(/[\u0600-\u06ff]/);
    expect(alerts).not.toMatch(/Please enter/);
    expect(attr(byRole(again, 'checkbox', { name: 'دیگر' }), 'checked')).toBeDefined();
  });
});

describe('the subscribe form without script', () => {
  it("subscribes the address in the page's language and says where the confirmation went", async () => {
    const t = messages('bn');
    const page = await open(app(), localizePath('bn', paths.home));
    const form = byRole(page.document, 'form', { name: t('subscriptions.form.label') });
    expect(attr(form, 'method')).toBe('post');
    const email = `no-script-${Date.now().toString(36)}@example.com`;
    fill(byRole(form, 'textbox', { name: t('subscriptions.form.email') }), email);

    const answered = await submit(app(), page, form);
    expect(answered.status).toBe(200);
    expect(allByTestId(answered.document, 'subscribe-sent').map(textOf).join(' ')).toContain(email);
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.email, email));
    expect(row?.locale).toBe('bn');
  });

  it("is sent from every page that shows it, an article tag's too", async () => {
    for (const [locale, path] of [
      ['en', paths.articles],
      ['en', paths.articleTag('hajj')],
      ['ur', localizePath('ur', paths.fatwahs)],
    ] as const) {
      const page = await open(app(), path);
      const [form] = allByRole(page.document, 'form').filter(
        (each) => attr(each, 'method') === 'post' && attr(each, 'action') === path,
      );
      expect(form, `${path}: a subscribe form sent to the page itself`).toBeDefined();
      const email = `page-${locale}-${path.length}-${Date.now().toString(36)}@example.com`;
      fill(byRole(form!, 'textbox', { name: messages(locale)('subscriptions.form.email') }), email);
      const answered = await submit(app(), page, form!);
      expect(answered.status, path).toBe(200);
      expect(allByTestId(answered.document, 'subscribe-sent').map(textOf).join(' '), path).toContain(email);
    }
  });

  it("is refused with 403 from another site's page, and 400 or 415 for what is not one of its forms", async () => {
    const email = `elsewhere-${Date.now().toString(36)}@example.com`;
    const body = new URLSearchParams({ _form: 'subscribe', email, fatwahs: 'on' }).toString();
    const post = (headers: Record<string, string>, payload = body) =>
      app().inject({
        method: 'POST',
        url: paths.home,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload,
        remoteAddress: readerAddress(),
      });
    expect((await post({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await post({ origin: 'https://elsewhere.example' })).statusCode).toBe(403);
    expect((await post({ origin: 'null', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.email, email))).toEqual([]);

    expect((await post({}, new URLSearchParams({ email }).toString())).statusCode).toBe(400);
    expect((await post({}, new URLSearchParams({ _form: 'order', email }).toString())).statusCode).toBe(400);
    const json = await app().inject({
      method: 'POST',
      url: paths.home,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ _form: 'subscribe', email }),
      remoteAddress: readerAddress(),
    });
    expect(json.statusCode).toBe(415);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.email, email))).toEqual([]);
  });
});
