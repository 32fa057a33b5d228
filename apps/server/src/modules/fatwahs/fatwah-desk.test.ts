import { FATWAH_MESSAGES } from '@scholar/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fatwahs } from '../../db/schema';
import { authHeader } from '../../../test/support/app';
import { createFatwah, createUser } from '../../../test/support/factories';
import { STATUS_CHECKS_PER_IP } from './fatwahs.routes';
import { useTestApp } from '../../../test/support/use-test-app';

/**
 * The answering desk (docs/decisions/049): queues and their counts, the Markdown answer stored rendered and
 * sanitised, the preview, similar and related fatwahs, the reference, the asker's status page and spelling variants.
 */
const { ctx, smtp } = useTestApp({ smtp: true });

let ipCounter = 0;
const nextIp = () => `10.49.${Math.floor(ipCounter / 250)}.${(ipCounter += 1) % 250}`;

async function scholar(role: 'admin' | 'scholar' = 'admin') {
  const user = await createUser(ctx.database.db, { role, name: 'Mufti Yusuf' });
  return { user, headers: await authHeader(ctx, user) };
}

const ask = (question: string, askerEmail?: string, ip = nextIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/fatwahs/submit',
    payload: { question, categories: ['Purification'], ...(askerEmail ? { askerEmail } : {}) },
    remoteAddress: ip,
  });

const checkStatus = (payload: object, ip = nextIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/fatwahs/status', payload, remoteAddress: ip });

describe('the desk queues', () => {
  it('lists unanswered, answered-not-published and published apart, with the count of each', async () => {
    const { headers } = await scholar();
    const db = ctx.database.db;
    await createFatwah(db, { status: 'pending', answer: null, question: 'Unanswered one' });
    await createFatwah(db, { status: 'draft', answer: null, question: 'Unanswered two' });
    await createFatwah(db, { status: 'pending', answer: 'Yes.', question: 'Answered, waiting' });
    await createFatwah(db, { status: 'published', question: 'Out there' });

    const queue = async (name: string, extra = '') => {
      const res = await ctx.app.inject({ url: `/api/fatwahs?queue=${name}&limit=1${extra}`, headers });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const unanswered = await queue('unanswered');
    expect(unanswered.counts).toEqual({ unanswered: 2, answered: 1, published: 1 });
    expect(unanswered.pagination).toMatchObject({ total: 2, pages: 2, limit: 1 });
    expect(unanswered.data).toHaveLength(1);
    const second = await queue('unanswered', '&page=2');
    expect(
      [unanswered.data[0].question, second.data[0].question].sort((a: string, b: string) =>
        a.localeCompare(b),
      ),
    ).toEqual(['Unanswered one', 'Unanswered two']);
    expect((await queue('answered')).data.map((f: { question: string }) => f.question)).toEqual([
      'Answered, waiting',
    ]);
    expect((await queue('published')).data.map((f: { question: string }) => f.question)).toEqual([
      'Out there',
    ]);
  });

  it('lists what waits the oldest first, and the published the newest first, unless asked otherwise', async () => {
    const { headers } = await scholar();
    const db = ctx.database.db;
    const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
    for (const [question, days] of [
      ['Waiting 2 days', 2],
      ['Waiting 9 days', 9],
      ['Waiting 5 days', 5],
    ] as const) {
      await createFatwah(db, { status: 'pending', answer: null, question, createdAt: daysAgo(days) });
    }
    for (const [question, days] of [
      ['Published 3 days ago', 3],
      ['Published 1 day ago', 1],
    ] as const) {
      await createFatwah(db, { status: 'published', question, createdAt: daysAgo(days) });
    }
    const questions = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/fatwahs?${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((f: { question: string }) => f.question);
    };
    const oldest = ['Waiting 9 days', 'Waiting 5 days', 'Waiting 2 days'];
    expect(await questions('queue=unanswered')).toEqual(oldest);
    expect(await questions('queue=unanswered&sort=newest')).toEqual([...oldest].reverse());
    // Paged in that order: the second page goes on where the first ended.
    expect(await questions('queue=unanswered&limit=2&page=2')).toEqual(['Waiting 2 days']);
    expect(await questions('queue=published')).toEqual(['Published 1 day ago', 'Published 3 days ago']);
    expect(await questions('queue=published&sort=oldest')).toEqual([
      'Published 3 days ago',
      'Published 1 day ago',
    ]);
    const wrong = await ctx.app.inject({ url: '/api/fatwahs?queue=unanswered&sort=sideways', headers });
    expect(wrong.statusCode).toBe(400);
  });

  it('is the desk’s: a guest and a customer are refused', async () => {
    expect((await ctx.app.inject({ url: '/api/fatwahs?queue=unanswered' })).statusCode).toBe(401);
    const customer = await createUser(ctx.database.db, { role: 'user' });
    const res = await ctx.app.inject({
      url: '/api/fatwahs?queue=unanswered',
      headers: await authHeader(ctx, customer),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the Markdown answer', () => {
  it('is stored rendered and sanitised: a script in the answer never reaches a reader', async () => {
    const { headers } = await scholar();
    const row = await createFatwah(ctx.database.db, {
      status: 'pending',
      answer: null,
      question: 'Is it allowed?',
      categories: ['Purification'],
    });
    const answer =
      '## Ruling\n\n**Yes**, with conditions:\n\n- first\n- second\n\n<script>alert(1)</script>\n\n[x](javascript:alert(2)) <img src=x onerror="alert(3)">\n\nاللہ بہتر جانتا ہے';
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/fatwahs/${row.id}`,
      headers,
      payload: { question: row.question, answer, categories: ['Purification'], status: 'published' },
    });
    expect(res.statusCode).toBe(200);
    const [stored] = await ctx.database.db.select().from(fatwahs).where(eq(fatwahs.id, row.id));
    expect(stored!.answer).toBe(answer);
    expect(stored!.answerHtml).toContain('<h2>Ruling</h2>');
    expect(stored!.answerHtml).toContain('<strong>Yes</strong>');
    expect(stored!.answerHtml).toContain('<li>first</li>');
    expect(stored!.answerHtml).toContain('اللہ بہتر جانتا ہے');
    for (const bad of ['<script', 'alert(1)', 'javascript:', 'onerror']) {
      expect(stored!.answerHtml).not.toContain(bad);
    }

    const pub = await ctx.app.inject({ url: `/api/fatwahs/${row.id}` });
    expect(pub.json().data.answerHtml).toBe(stored!.answerHtml);
    expect(pub.json().data.reference).toBe(stored!.reference);
  });

  it('of a fatwah saved before answers had HTML is rendered when read, through the same sanitiser', async () => {
    const row = await createFatwah(ctx.database.db, {
      answer: 'Plain **old** answer <script>alert(1)</script>',
    });
    const res = await ctx.app.inject({ url: `/api/fatwahs/${row.id}` });
    expect(res.json().data.answerHtml).toBe('<p>Plain <strong>old</strong> answer </p>');
  });

  it('is previewed for the desk as readers will see it, and only for the desk', async () => {
    const { headers } = await scholar('scholar');
    const answer = '## Title\n\n*a* <script>x</script>';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/fatwahs/admin/preview',
      headers,
      payload: { answer },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.html).toBe('<h2>Title</h2>\n<p><em>a</em> </p>');
    const guest = await ctx.app.inject({
      method: 'POST',
      url: '/api/fatwahs/admin/preview',
      payload: { answer },
    });
    expect(guest.statusCode).toBe(401);
  });
});

describe('similar and related fatwahs', () => {
  it('finds published questions like one being typed, with spelling variants and never an unpublished one', async () => {
    const db = ctx.database.db;
    const sleep = await createFatwah(db, {
      question: 'Does sleeping break wudu?',
      categories: ['Purification'],
    });
    await createFatwah(db, { question: 'Is zakat due on gold jewellery?', categories: ['Zakat'] });
    await createFatwah(db, {
      question: 'Does sleeping break wudu while sitting?',
      status: 'pending',
      answer: null,
    });

    const similar = async (q: string) => {
      const res = await ctx.app.inject({
        url: `/api/fatwahs/similar?q=${encodeURIComponent(q)}`,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as { _id: string; question: string; reference: string }[];
    };
    const found = await similar('Is my wuzu broken when I sleep');
    expect(found.map((f) => f._id)).toEqual([sleep.id]);
    expect(found[0]!.reference).toBe(sleep.reference);
    // Under three words nothing is looked for.
    expect(await similar('wudu sleep')).toEqual([]);
  });

  it('shows the desk the published questions like one, without itself', async () => {
    const { headers } = await scholar();
    const db = ctx.database.db;
    const published = await createFatwah(db, { question: 'Can I pray with socks on?' });
    const asked = await createFatwah(db, {
      question: 'Can I pray with socks?',
      status: 'pending',
      answer: null,
    });
    const res = await ctx.app.inject({
      url: `/api/fatwahs/admin/similar?q=${encodeURIComponent(asked.question)}&exclude=${published.id}`,
      headers,
    });
    expect(res.json().data).toEqual([]);
    const all = await ctx.app.inject({
      url: `/api/fatwahs/admin/similar?q=${encodeURIComponent(asked.question)}`,
      headers,
    });
    expect(all.json().data.map((f: { _id: string }) => f._id)).toEqual([published.id]);
  });

  it('relates up to four published fatwahs of the same category, the alike first, never itself', async () => {
    const db = ctx.database.db;
    const self = await createFatwah(db, {
      question: 'Does bleeding break wudu?',
      categories: ['Purification'],
    });
    const alike = await createFatwah(db, {
      question: 'Does a nosebleed break wudhu?',
      categories: ['Purification'],
      createdAt: new Date('2024-01-01'),
    });
    const others = [];
    for (let i = 0; i < 4; i += 1) {
      others.push(await createFatwah(db, { question: `Tayammum case ${i}`, categories: ['Purification'] }));
    }
    await createFatwah(db, { question: 'Does bleeding break the fast?', categories: ['Fasting'] });
    await createFatwah(db, {
      question: 'Does bleeding break wudu when small?',
      categories: ['Purification'],
      status: 'pending',
    });

    const res = await ctx.app.inject({ url: `/api/fatwahs/${self.id}/related` });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((f: { _id: string }) => f._id);
    expect(ids).toHaveLength(4);
    expect(ids[0]).toBe(alike.id);
    expect(ids).not.toContain(self.id);
    const unpublished = await createFatwah(db, { status: 'pending', answer: null });
    expect((await ctx.app.inject({ url: `/api/fatwahs/${unpublished.id}/related` })).statusCode).toBe(404);
  });
});

describe('the reference', () => {
  it('is shown on the published fatwah and finds it, with or without the prefix and zeros', async () => {
    const db = ctx.database.db;
    const row = await createFatwah(db, { question: 'About the reference' });
    await createFatwah(db, { question: 'Another one' });
    const hidden = await createFatwah(db, { question: 'Still in review', status: 'pending', answer: null });
    const [, year, number] = /^Q-(\d{4})-(\d+)$/.exec(row.reference)!;
    for (const typed of [row.reference, row.reference.toLowerCase(), `${year}-${Number(number)}`]) {
      const res = await ctx.app.inject({ url: `/api/fatwahs/public?search=${encodeURIComponent(typed)}` });
      expect(
        res.json().data.map((f: { _id: string }) => f._id),
        typed,
      ).toEqual([row.id]);
      expect(res.json().data[0].reference).toBe(row.reference);
    }
    const inReview = await ctx.app.inject({
      url: `/api/fatwahs/public?search=${encodeURIComponent(hidden.reference)}`,
    });
    expect(inReview.json().data).toEqual([]);
  });
});

describe('the asker’s status page', () => {
  it('tells the asker received, answered, then published with the link, for the right pair only', async () => {
    const { headers } = await scholar();
    const sent = await ask('Can I combine prayers while travelling?', 'Amina@Example.com');
    const { _id: id, reference } = sent.json().data;

    const status = async (payload: object) => {
      const res = await checkStatus(payload);
      return { code: res.statusCode, body: res.json() };
    };
    expect(await status({ reference, email: 'amina@example.com' })).toMatchObject({
      code: 200,
      body: { data: { status: 'received', reference } },
    });
    const [, year, number] = /^Q-(\d{4})-(\d+)$/.exec(reference)!;
    expect((await status({ reference: `${year}-${Number(number)}`, email: 'AMINA@example.com' })).code).toBe(
      200,
    );

    const edit = (status: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/fatwahs/${id}`,
        headers,
        payload: {
          question: 'Can I combine prayers while travelling?',
          answer: 'Yes, **with** conditions.',
          categories: ['Purification'],
          status,
        },
      });
    expect((await edit('draft')).statusCode).toBe(200);
    const answered = await status({ reference, email: 'amina@example.com' });
    expect(answered.body.data).toEqual({ status: 'answered', reference });

    expect((await edit('published')).statusCode).toBe(200);
    await smtp.waitFor('amina@example.com');
    expect((await status({ reference, email: 'amina@example.com' })).body.data).toEqual({
      status: 'published',
      reference,
      fatwahId: id,
    });
  });

  it('answers a wrong email exactly as a wrong number, and tells nothing else', async () => {
    const sent = await ask('Is it allowed to pray in a moving train?', 'amina@example.com');
    const { reference } = sent.json().data;
    const wrongEmail = await checkStatus({ reference, email: 'someone@example.com' });
    const wrongNumber = await checkStatus({ reference: 'Q-1999-99999', email: 'amina@example.com' });
    const noEmailGiven = await ask('A question without an email address here', undefined);
    const noEmail = await checkStatus({
      reference: noEmailGiven.json().data.reference,
      email: 'x@example.com',
    });
    for (const res of [wrongEmail, wrongNumber, noEmail]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        error: FATWAH_MESSAGES.statusNotFound,
        code: 'FATWAH_STATUS_NOT_FOUND',
      });
    }
    expect(wrongEmail.body).toBe(wrongNumber.body);
  });

  it(`allows ${STATUS_CHECKS_PER_IP} checks from one address, then 429`, async () => {
    const ip = '10.49.250.1';
    for (let i = 0; i < STATUS_CHECKS_PER_IP; i += 1) {
      expect(
        (await checkStatus({ reference: `Q-2026-${10000 + i}`, email: 'a@example.com' }, ip)).statusCode,
      ).toBe(404);
    }
    const blocked = await checkStatus({ reference: 'Q-2026-00001', email: 'a@example.com' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', error: FATWAH_MESSAGES.statusTooMany });
  });
});

describe('spelling variants', () => {
  it('finds the same fatwahs for wudu, wudhu and wuzu; salah, salat and namaz; ghusl and gusl', async () => {
    const db = ctx.database.db;
    const wudu = await createFatwah(db, { question: 'Does sleep break wudu?' });
    const namaz = await createFatwah(db, { question: 'Can I pray namaz on a chair?' });
    const ghusl = await createFatwah(db, { question: 'When is ghusl required?' });
    await createFatwah(db, { question: 'Is zakat due on savings?' });
    const find = async (search: string) =>
      (await ctx.app.inject({ url: `/api/fatwahs/public?search=${search}` }))
        .json()
        .data.map((f: { _id: string }) => f._id);
    for (const word of ['wudu', 'wudhu', 'wuzu']) expect(await find(word), word).toEqual([wudu.id]);
    for (const word of ['salah', 'salat', 'namaz']) expect(await find(word), word).toEqual([namaz.id]);
    for (const word of ['ghusl', 'gusl']) expect(await find(word), word).toEqual([ghusl.id]);
  });
});
