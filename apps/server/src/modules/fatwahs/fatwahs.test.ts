// @database: full-text search and the numbering counters
import type { PGlite } from '@electric-sql/pglite';
import { FATWAH_CATEGORIES } from '@scholar/shared';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../db/client';
import { createFatwah, createUser } from '../../../test/support/factories';
import * as schema from '../../db/schema';
import { fatwahs } from '../../db/schema';
import { authHeader } from '../../../test/support/app';
import { mimePart } from '../../../test/support/smtp';
import { listFatwahs, type FatwahListFilter } from './fatwahs.repository';
import { QUESTIONS_PER_IP_PER_HOUR } from './fatwahs.routes';
import { useTestApp } from '../../../test/support/use-test-app';

const { ctx, smtp } = useTestApp({ smtp: true });

let ipCounter = 0;
const submit = (payload: object, ip = `10.20.0.${(ipCounter += 1) % 250}`) =>
  ctx.app.inject({ method: 'POST', url: '/api/fatwahs/submit', payload, remoteAddress: ip });

async function admin() {
  const user = await createUser(ctx.database.db, { role: 'admin', name: 'Mufti Yusuf' });
  return { user, headers: await authHeader(ctx, user) };
}

describe('the public question form', () => {
  it('stores a trimmed question as pending, without blank name or email', async () => {
    const res = await submit({
      question: '  Is wudu broken by sleep?  ',
      categories: ['Purification'],
      askerName: '  ',
      askerEmail: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      data: { status: 'pending' },
      message: 'Your question has been submitted successfully!',
    });
    const [row] = await ctx.database.db.select().from(fatwahs).where(eq(fatwahs.id, res.json().data._id));
    expect(row).toMatchObject({
      question: 'Is wudu broken by sleep?',
      status: 'pending',
      askerName: null,
      askerEmail: null,
    });
    // Not public until answered and published.
    const pub = await ctx.app.inject({ url: `/api/fatwahs/${row!.id}` });
    expect(pub.statusCode).toBe(404);
  });

  it('refuses an empty question, no category, an unknown category and a bad email with the messages docs/product.md lists', async () => {
    const empty = await submit({ question: '   ', categories: ['Other'] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Please enter your question');
    const none = await submit({ question: 'A question', categories: [] });
    expect(none.json().error).toBe('Please select at least one category');
    expect((await submit({ question: 'A question', categories: ['Astrology'] })).statusCode).toBe(400);
    expect(
      (await submit({ question: 'A question', categories: ['Other'], askerEmail: 'not-mail' })).statusCode,
    ).toBe(400);
    expect((await submit({ question: 'x'.repeat(5001), categories: ['Other'] })).statusCode).toBe(400);
    const [stored] = await ctx.database.db.select().from(fatwahs);
    expect(stored).toBeUndefined();
  });

  it('quietly drops a robot that fills the honeypot', async () => {
    const res = await submit({
      question: 'Buy cheap watches',
      categories: ['Other'],
      website: 'http://spam.example',
    });
    expect(res.statusCode).toBe(201);
    expect(await ctx.database.db.select().from(fatwahs)).toHaveLength(0);
  });

  it(`allows ${QUESTIONS_PER_IP_PER_HOUR} questions an hour per address, then 429 with a clear message`, async () => {
    for (let i = 0; i < QUESTIONS_PER_IP_PER_HOUR; i += 1) {
      expect(
        (await submit({ question: `Question ${i}`, categories: ['Other'] }, '10.30.0.1')).statusCode,
      ).toBe(201);
    }
    const blocked = await submit({ question: 'One more', categories: ['Other'] }, '10.30.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(blocked.json().error).toMatch(/wait an hour/);
  });
});

describe('privacy', () => {
  it("never shows the asker's email outside the admin API", async () => {
    const a = await admin();
    const row = await createFatwah(ctx.database.db, {
      question: 'Can I pay zakat to my sister?',
      askerName: 'Sana',
      askerEmail: 'sana@example.com',
      answeredById: a.user.id,
    });
    await ctx.database.db.update(fatwahs).set({ showAskerName: true }).where(eq(fatwahs.id, row.id));
    const list = await ctx.app.inject({ url: '/api/fatwahs/public' });
    const one = await ctx.app.inject({ url: `/api/fatwahs/${row.id}` });
    expect(list.body).not.toContain('sana@example.com');
    expect(one.body).not.toContain('sana@example.com');
    expect(one.json().data).toMatchObject({ askerName: 'Sana', answeredBy: { name: 'Mufti Yusuf' } });
    const asAdmin = await ctx.app.inject({ url: `/api/fatwahs/${row.id}`, headers: a.headers });
    expect(asAdmin.json().data.askerEmail).toBe('sana@example.com');
    const adminList = await ctx.app.inject({ url: '/api/fatwahs', headers: a.headers });
    expect(adminList.json().data[0].askerEmail).toBe('sana@example.com');
  });
});

describe("the asker's consent to show their name", () => {
  it('shows the name in public answers only when the asker ticked the box; admins always see it', async () => {
    const a = await admin();
    const shown = await submit({
      question: 'May I pray with my shoes on?',
      categories: ['Prayer'],
      askerName: 'Khadija',
      showAskerName: true,
    });
    const hidden = await submit({ question: 'Is music allowed?', categories: ['Other'], askerName: 'Yunus' });
    const [shownId, hiddenId] = [shown.json().data._id as string, hidden.json().data._id as string];
    // Answered and published, as the desk would.
    for (const id of [shownId, hiddenId]) {
      await ctx.database.db
        .update(fatwahs)
        .set({ answer: 'An answer.', status: 'published', publishedAt: new Date(), answeredById: a.user.id })
        .where(eq(fatwahs.id, id));
    }
    const one = async (id: string, headers = {}) =>
      (await ctx.app.inject({ url: `/api/fatwahs/${id}`, headers })).json().data;
    expect((await one(shownId)).askerName).toBe('Khadija');
    expect(await one(hiddenId)).not.toHaveProperty('askerName');
    const list = await ctx.app.inject({ url: '/api/fatwahs/public' });
    expect(list.body).toContain('Khadija');
    expect(list.body).not.toContain('Yunus');
    // The server-written page of the question: head, JSON-LD and all.
    const page = await ctx.app.inject({ url: `/fatwah/${hiddenId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Yunus');
    expect((await ctx.app.inject({ url: `/fatwah/${shownId}` })).body).toContain('Khadija');

    expect(await one(hiddenId, a.headers)).toMatchObject({ askerName: 'Yunus', showAskerName: false });
    expect(await one(shownId, a.headers)).toMatchObject({ askerName: 'Khadija', showAskerName: true });
    const adminList = await ctx.app.inject({ url: '/api/fatwahs', headers: a.headers });
    expect(adminList.body).toContain('Yunus');
  });

  it('hides the name of a question stored before the choice existed, and refuses a consent that is not a boolean', async () => {
    const old = await createFatwah(ctx.database.db, { askerName: 'Hamza' });
    const res = await ctx.app.inject({ url: `/api/fatwahs/${old.id}` });
    expect(res.json().data).not.toHaveProperty('askerName');
    expect(
      (await submit({ question: 'A question', categories: ['Other'], askerName: 'A', showAskerName: 'yes' }))
        .statusCode,
    ).toBe(400);
    // Consent without a name keeps nothing to show.
    const nameless = await submit({ question: 'Nameless', categories: ['Other'], showAskerName: true });
    const [row] = await ctx.database.db
      .select()
      .from(fatwahs)
      .where(eq(fatwahs.id, nameless.json().data._id));
    expect(row).toMatchObject({ askerName: null, showAskerName: false });
  });
});

describe("a question's reference", () => {
  it('comes back with the sent question, is stored with it, and shows in the admin list', async () => {
    const a = await admin();
    const first = await submit({ question: 'First question', categories: ['Other'] });
    const second = await submit({ question: 'Second question', categories: ['Other'] });
    const year = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(
      new Date(),
    );
    const refs = [first, second].map((res) => res.json().data.reference as string);
    for (const ref of refs) expect(ref).toMatch(new RegExp(`^Q-${year}-\\d{5}$`));
    expect(refs[0]).not.toBe(refs[1]);
    const [row] = await ctx.database.db.select().from(fatwahs).where(eq(fatwahs.id, first.json().data._id));
    expect(row?.reference).toBe(refs[0]);
    const list = await ctx.app.inject({ url: '/api/fatwahs?status=pending', headers: a.headers });
    expect(
      list
        .json()
        .data.map((f: { reference: string }) => f.reference)
        .sort(),
    ).toEqual([...refs].sort());
    // In review, the public never sees it; published, it is the fatwah's number (docs/decisions/049).
    expect((await ctx.app.inject({ url: '/api/fatwahs/public' })).body).not.toContain(refs[0]);
    await ctx.database.db.update(fatwahs).set({ status: 'published', answer: 'Yes.' });
    expect((await ctx.app.inject({ url: '/api/fatwahs/public' })).body).toContain(refs[0]);
  });
});

describe('the mail to the asker when the answer is published', () => {
  const put = (headers: Record<string, string>, id: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/fatwahs/${id}`, headers, payload });
  /** The mails the requests asked for have gone (or failed): what has not arrived will not. */
  const settle = () => ctx.app.mailer.idle();
  const mailsTo = (to: string) => smtp.inbox.filter((mail) => mail.to.includes(to));

  it('goes once, with the public link, when the answered question is published; never on a draft', async () => {
    const a = await admin();
    const asked = await submit({
      question: 'Can I give sadaqah on behalf of my late father?',
      categories: ['Family'],
      askerName: 'Imran',
      askerEmail: 'Imran@Example.com',
    });
    const { _id: id, reference } = asked.json().data as { _id: string; reference: string };
    const form = {
      question: 'Can I give sadaqah on behalf of my late father?',
      answer: 'Yes; its reward reaches him, in sha Allah.',
      categories: ['Family'],
    };
    expect((await put(a.headers, id, { ...form, status: 'draft' })).statusCode).toBe(200);
    expect((await put(a.headers, id, { ...form, status: 'pending' })).statusCode).toBe(200);
    await settle();
    expect(smtp.inbox).toHaveLength(0);

    const published = await put(a.headers, id, { status: 'published' });
    expect(published.statusCode).toBe(200);
    const mail = await smtp.waitFor('imran@example.com');
    expect(mail.subject).toBe(`Your question ${reference} has been answered`);
    const link = `${ctx.config.publicUrl}/fatwah/${id}`;
    expect(mimePart(mail.raw, 'text/plain')).toContain(`Read the answer here: ${link}`);
    expect(mimePart(mail.raw, 'text/html')).toContain(`href="${link}"`);
    expect(mimePart(mail.raw, 'text/plain')).toContain('Assalamu alaikum Imran,');
    const [row] = await ctx.database.db.select().from(fatwahs).where(eq(fatwahs.id, id));
    const mailedAt = row?.answerMailedAt;
    expect(mailedAt).toBeInstanceOf(Date);

    // Unpublished, published again, edited while published: no second mail.
    await put(a.headers, id, { status: 'draft' });
    await put(a.headers, id, { status: 'published' });
    await put(a.headers, id, { ...form, answer: 'Yes. Its reward reaches him.', status: 'published' });
    await settle();
    expect(mailsTo('imran@example.com')).toHaveLength(1);
    const [after] = await ctx.database.db.select().from(fatwahs).where(eq(fatwahs.id, id));
    expect(after?.answerMailedAt).toEqual(mailedAt);
  });

  it('goes once when two admins publish at the same moment, and also after a full edit that publishes', async () => {
    const a = await admin();
    const other = await authHeader(
      ctx,
      await createUser(ctx.database.db, { role: 'admin', name: 'Shaykh Ahmad' }),
    );
    const asked = await submit({
      question: 'Is zakat due on a car?',
      categories: ['Zakat'],
      askerEmail: 'race@example.com',
    });
    const id = asked.json().data._id as string;
    const form = {
      question: 'Is zakat due on a car?',
      answer: 'Not on a car one uses.',
      categories: ['Zakat'],
    };
    await put(a.headers, id, { ...form, status: 'pending' });
    const results = await Promise.all([
      put(a.headers, id, { status: 'published' }),
      put(other, id, { status: 'published' }),
      put(a.headers, id, { ...form, status: 'published' }),
    ]);
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    await smtp.waitFor('race@example.com');
    await settle();
    expect(mailsTo('race@example.com')).toHaveLength(1);

    // Answered and published in one full edit.
    const direct = await submit({
      question: 'Is it sunnah to fast on Mondays?',
      categories: ['Fasting'],
      askerEmail: 'direct@example.com',
    });
    const res = await put(a.headers, direct.json().data._id, {
      question: 'Is it sunnah to fast on Mondays?',
      answer: 'Yes.',
      categories: ['Fasting'],
      status: 'published',
    });
    expect(res.statusCode).toBe(200);
    expect((await smtp.waitFor('direct@example.com')).subject).toMatch(/has been answered$/);
  });

  it('never goes without an email', async () => {
    const a = await admin();
    const asked = await submit({ question: 'No email given', categories: ['Other'], askerName: 'Anonymous' });
    const id = asked.json().data._id as string;
    await put(a.headers, id, {
      question: 'No email given',
      answer: 'Answered.',
      categories: ['Other'],
      status: 'published',
    });
    await settle();
    expect(smtp.inbox).toHaveLength(0);
    const [row] = await ctx.database.db.select().from(fatwahs).where(eq(fatwahs.id, id));
    expect(row).toMatchObject({ status: 'published', answerMailedAt: null });
  });
});

describe('answeredBy', () => {
  it("is the answering admin's display name, else their account name", async () => {
    const a = await admin();
    const row = await createFatwah(ctx.database.db, { answeredById: a.user.id });
    const name = async () => (await ctx.app.inject({ url: `/api/fatwahs/${row.id}` })).json().data.answeredBy;
    expect(await name()).toEqual({ name: 'Mufti Yusuf' });
    await ctx.database.db
      .update(schema.users)
      .set({ displayName: 'Mufti Yusuf Qasmi' })
      .where(eq(schema.users.id, a.user.id));
    const asked = await submit({ question: 'Who answers?', categories: ['Other'] });
    const published = await ctx.app.inject({
      method: 'PUT',
      url: `/api/fatwahs/${asked.json().data._id}`,
      headers: a.headers,
      payload: { question: 'Who answers?', answer: 'A scholar.', categories: ['Other'], status: 'published' },
    });
    expect(published.json().data.answeredBy).toEqual({ name: 'Mufti Yusuf Qasmi' });
    expect(await name()).toEqual({ name: 'Mufti Yusuf Qasmi' });
    const list = await ctx.app.inject({ url: '/api/fatwahs/public' });
    expect(list.json().data.map((f: { answeredBy: { name: string } }) => f.answeredBy.name)).toEqual([
      'Mufti Yusuf Qasmi',
      'Mufti Yusuf Qasmi',
    ]);
  });
});

describe('public reads', () => {
  it('lists only published fatwahs, newest published first, with pagination fields', async () => {
    for (let i = 0; i < 12; i += 1) {
      await createFatwah(ctx.database.db, {
        question: `Published question ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, i + 1)),
      });
    }
    await createFatwah(ctx.database.db, { question: 'A draft', status: 'draft' });
    await createFatwah(ctx.database.db, { question: 'Waiting', status: 'pending', answer: null });

    const first = await ctx.app.inject({ url: '/api/fatwahs/public?page=1&limit=5' });
    expect(first.json().pagination).toEqual({ page: 1, limit: 5, total: 12, pages: 3 });
    expect(first.json().data.map((f: { question: string }) => f.question)[0]).toBe('Published question 11');
    const last = await ctx.app.inject({ url: '/api/fatwahs/public?page=3&limit=5' });
    expect(last.json().data).toHaveLength(2);
    expect(last.json().data.every((f: { status: string }) => f.status === 'published')).toBe(true);
    // The default page size is 10.
    expect((await ctx.app.inject({ url: '/api/fatwahs/public' })).json().pagination.limit).toBe(10);
    expect((await ctx.app.inject({ url: '/api/fatwahs/public?limit=51' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/fatwahs/public?page=0' })).statusCode).toBe(400);
  });

  it('filters by category', async () => {
    await createFatwah(ctx.database.db, { question: 'About zakat on gold', categories: ['Zakat'] });
    await createFatwah(ctx.database.db, {
      question: 'About fasting and zakat',
      categories: ['Fasting', 'Zakat'],
    });
    await createFatwah(ctx.database.db, { question: 'About prayer', categories: ['Prayer'] });
    const res = await ctx.app.inject({ url: '/api/fatwahs/public?category=Zakat' });
    expect(
      res
        .json()
        .data.map((f: { question: string }) => f.question)
        .sort(),
    ).toEqual(['About fasting and zakat', 'About zakat on gold']);
    expect((await ctx.app.inject({ url: '/api/fatwahs/public?category=Astrology' })).statusCode).toBe(400);
  });

  it('finds by stemmed words, ranks the question above the answer, and tolerates a misspelt word', async () => {
    const inAnswer = await createFatwah(ctx.database.db, {
      question: 'A question about the month of Ramadan',
      answer: 'Travellers may shorten their prayers while on a journey.',
    });
    const inQuestion = await createFatwah(ctx.database.db, {
      question: 'May a traveller shorten the prayers on a long train journey?',
      answer: 'Yes, four rakahs become two.',
    });
    await createFatwah(ctx.database.db, {
      question: 'Is zakat due on jewellery?',
      answer: 'Scholars differ.',
    });

    const stem = await ctx.app.inject({ url: '/api/fatwahs/public?search=travelling%20prayer' });
    const ids = stem.json().data.map((f: { _id: string }) => f._id);
    expect(ids).toEqual([inQuestion.id, inAnswer.id]);

    const typo = await ctx.app.inject({ url: '/api/fatwahs/public?search=jewelery' });
    expect(typo.json().data.map((f: { question: string }) => f.question)).toEqual([
      'Is zakat due on jewellery?',
    ]);

    const nothing = await ctx.app.inject({ url: '/api/fatwahs/public?search=astronomy' });
    expect(nothing.json()).toMatchObject({ data: [], pagination: { total: 0, pages: 0 } });
    // Whatever the reader types is safe.
    const odd = await ctx.app.inject({
      url: `/api/fatwahs/public?search=${encodeURIComponent('"\'; drop table & | !(')}`,
    });
    expect(odd.statusCode).toBe(200);
  });

  it('finds a misspelt word among several, also in an answer written later, and only in published fatwahs', async () => {
    const row = await createFatwah(ctx.database.db, { question: 'Is it allowed?', answer: 'It depends.' });
    await createFatwah(ctx.database.db, {
      question: 'Is tayammum valid on a train?',
      answer: 'Only without water.',
      status: 'pending',
    });
    const search = async (term: string) =>
      (await ctx.app.inject({ url: `/api/fatwahs/public?search=${encodeURIComponent(term)}` }))
        .json()
        .data.map((f: { _id: string }) => f._id);
    expect(await search('tayamum')).toEqual([]);
    await ctx.database.db
      .update(fatwahs)
      .set({ answer: 'Tayammum with clean earth stands in for ablution when there is no water.' })
      .where(eq(fatwahs.id, row.id));
    expect(await search('tayamum')).toEqual([row.id]);
    expect(await search('zzz tayamum, qwxyz!')).toEqual([row.id]);
    expect(await search('ablusion')).toEqual([row.id]);
  });

  it('keeps the list totals equal to the fatwahs through submissions, edits, publishing and deletes', async () => {
    const rows = [];
    for (let i = 0; i < 9; i += 1)
      rows.push(
        await createFatwah(ctx.database.db, {
          categories: i % 3 === 0 ? ['Zakat', 'Fasting'] : ['Prayer'],
          status: (['published', 'draft', 'pending'] as const)[i % 3],
        }),
      );
    await ctx.database.db
      .update(fatwahs)
      .set({ status: 'published', categories: ['Zakat', 'Zakat', 'Hajj'] })
      .where(eq(fatwahs.id, rows[1]!.id));
    await ctx.database.db.delete(fatwahs).where(eq(fatwahs.id, rows[0]!.id));
    expect((await submit({ question: 'Is zakat due on savings?', categories: ['Zakat'] })).statusCode).toBe(
      201,
    );

    const direct = await queryRows(
      ctx.database.db,
      sql.raw(`SELECT status::text, c.category, count(*)::int AS fatwahs FROM fatwahs
        CROSS JOIN LATERAL (SELECT DISTINCT unnest(array_prepend('', categories)) AS category) AS c
        GROUP BY 1, 2 ORDER BY 1, 2`),
    );
    const kept = await queryRows(
      ctx.database.db,
      sql.raw(`SELECT status::text, category, fatwahs FROM fatwah_counts WHERE fatwahs <> 0 ORDER BY 1, 2`),
    );
    expect(kept).toEqual(direct);

    const { headers } = await admin();
    const total = async (url: string) =>
      (await ctx.app.inject({ url, headers })).json().pagination.total as number;
    expect(await total('/api/fatwahs/public?category=Zakat')).toBe(3);
    expect(await total('/api/fatwahs/public?category=Hajj')).toBe(1);
    expect(await total('/api/fatwahs/public?category=Prayer')).toBe(0);
    expect(await total('/api/fatwahs/public')).toBe(3);
    expect(await total('/api/fatwahs?status=pending')).toBe(4);
    expect(await total('/api/fatwahs')).toBe(9);
  });

  it('searches the published fatwahs as they are through publishing, edits, unpublishing, deletes and emptying', async () => {
    const { headers } = await admin();
    const save = async (payload: object, id?: string) => {
      const res = await ctx.app.inject({
        method: id ? 'PUT' : 'POST',
        url: id ? `/api/fatwahs/${id}` : '/api/fatwahs',
        headers,
        payload,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json().data._id as string;
    };
    const search = async (query: string) =>
      (await ctx.app.inject({ url: `/api/fatwahs/public?${query}` }))
        .json()
        .data.map((f: { _id: string }) => f._id);
    /** The narrow table against the published fatwahs themselves. */
    const inStep = async () => {
      const columns = `id, published_at, search::text AS search, categories`;
      expect(
        await queryRows(
          ctx.database.db,
          sql.raw(`SELECT ${columns} FROM published_fatwah_search ORDER BY id`),
        ),
      ).toEqual(
        await queryRows(
          ctx.database.db,
          sql.raw(`SELECT ${columns} FROM fatwahs WHERE status = 'published' ORDER BY id`),
        ),
      );
    };

    const a = await save({
      question: 'How is a wasiyyah written?',
      answer: 'Before witnesses, for at most a third.',
      categories: ['Family'],
      status: 'published',
    });
    const b = await save({
      question: 'May a wife inherit?',
      answer: 'Yes; a wasiyyah cannot take her share away.',
      categories: ['Family'],
      status: 'pending',
    });
    await save({ question: 'A wasiyyah draft', answer: 'Not yet.', categories: ['Other'], status: 'draft' });
    expect(await search('search=wasiyyah')).toEqual([a]);

    await save({ status: 'published' }, b);
    // The word in the question ranks above the word in the answer.
    expect(await search('search=wasiyyah')).toEqual([a, b]);
    await save(
      {
        question: 'How is a will written?',
        answer: 'A wasiyyah needs witnesses.',
        categories: ['Family'],
        status: 'published',
      },
      a,
    );
    await save(
      {
        question: 'May a wife inherit despite a wasiyyah?',
        answer: 'Yes.',
        categories: ['Zakat'],
        status: 'published',
      },
      b,
    );
    expect(await search('search=wasiyyah')).toEqual([b, a]);
    expect(await search('search=wasiyyah&category=Family')).toEqual([a]);
    expect(await search('search=wasiyyah&category=Zakat')).toEqual([b]);
    expect(await search('search=witness')).toEqual([a]);
    await inStep();

    await save({ status: 'draft' }, a);
    expect(await search('search=wasiyyah')).toEqual([b]);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/fatwahs/${b}`, headers })).statusCode).toBe(
      200,
    );
    expect(await search('search=wasiyyah')).toEqual([]);
    await save({ status: 'published' }, a);
    expect(await search('search=wasiyah')).toEqual([a]);
    await inStep();

    await ctx.database.db.execute(sql.raw('TRUNCATE fatwahs CASCADE'));
    await inStep();
    expect(await search('search=wasiyyah')).toEqual([]);
  });

  it('lists the ten categories', async () => {
    const res = await ctx.app.inject({ url: '/api/fatwahs/categories' });
    expect(res.json()).toEqual({ success: true, data: [...FATWAH_CATEGORIES] });
  });
});

describe("the scholars' desk", () => {
  it('refuses guests (401) and users (403) on every admin route', async () => {
    const row = await createFatwah(ctx.database.db);
    const user = await createUser(ctx.database.db);
    const userHeaders = await authHeader(ctx, user);
    const calls = [
      { method: 'GET' as const, url: '/api/fatwahs' },
      { method: 'POST' as const, url: '/api/fatwahs', payload: { question: 'Q', categories: ['Other'] } },
      { method: 'PUT' as const, url: `/api/fatwahs/${row.id}`, payload: { status: 'draft' } },
      { method: 'DELETE' as const, url: `/api/fatwahs/${row.id}` },
    ];
    for (const call of calls) {
      expect((await ctx.app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(
        (await ctx.app.inject({ ...call, headers: userHeaders })).statusCode,
        `${call.method} ${call.url}`,
      ).toBe(403);
    }
    const [still] = await ctx.database.db.select().from(fatwahs);
    expect(still?.status).toBe('published');
  });

  it('creates as draft by default; answeredBy is the admin who saved the answer', async () => {
    const a = await admin();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/fatwahs',
      headers: a.headers,
      payload: {
        question: 'Is it permissible to combine prayers?',
        answer: 'In the Hanafi school, no.',
        categories: ['Prayer'],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'draft',
      answeredBy: { name: 'Mufti Yusuf' },
      publishedAt: null,
    });
    const noAnswer = await ctx.app.inject({
      method: 'POST',
      url: '/api/fatwahs',
      headers: a.headers,
      payload: { question: 'Unanswered', categories: ['Other'] },
    });
    expect(noAnswer.json().data).toMatchObject({ status: 'draft', answeredBy: null });
  });

  it('validates with the modal messages and refuses to publish without an answer', async () => {
    const a = await admin();
    const post = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/fatwahs', headers: a.headers, payload });
    expect((await post({ question: ' ', categories: ['Other'] })).json().error).toBe('Question is required');
    expect((await post({ question: 'Q', categories: [] })).json().error).toBe(
      'At least one category is required',
    );
    expect((await post({ question: 'Q', categories: ['Other'], status: 'archived' })).statusCode).toBe(400);
    const publishEmpty = await post({ question: 'Q', categories: ['Other'], status: 'published' });
    expect(publishEmpty.statusCode).toBe(400);
    expect(publishEmpty.json().code).toBe('ANSWER_REQUIRED');
  });

  it('refuses a full edit without an answer, with the modal message, and keeps the answer', async () => {
    const a = await admin();
    const row = await createFatwah(ctx.database.db, {
      question: 'Is it sunnah to fast on Mondays?',
      answer: 'Yes, the Prophet fasted on Mondays and Thursdays.',
      status: 'draft',
      answeredById: a.user.id,
    });
    const form = { question: 'Is it sunnah to fast on Mondays?', categories: ['Fasting'], status: 'draft' };
    for (const answer of [{ answer: '' }, { answer: '   \n ' }, { answer: null }, {}]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/fatwahs/${row.id}`,
        headers: a.headers,
        payload: { ...form, ...answer },
      });
      expect(res.statusCode, JSON.stringify(answer)).toBe(400);
      expect(res.json(), JSON.stringify(answer)).toMatchObject({
        success: false,
        error: 'Answer is required for existing fatwahs',
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.answer', message: 'Answer is required for existing fatwahs' }],
      });
    }
    const [kept] = await ctx.database.db.select().from(fatwahs).where(eq(fatwahs.id, row.id));
    expect(kept).toMatchObject({
      answer: 'Yes, the Prophet fasted on Mondays and Thursdays.',
      answeredById: a.user.id,
    });
    // The other fields keep their own messages; the answer is trimmed.
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/fatwahs/${row.id}`, headers: a.headers, payload });
    expect((await put({ ...form, answer: 'A', question: ' ' })).json().error).toBe('Question is required');
    expect((await put({ ...form, answer: 'A', categories: [] })).json().error).toBe(
      'At least one category is required',
    );
    const saved = await put({ ...form, answer: '  Yes.  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.answer).toBe('Yes.');
  });

  it('publishes a pending question with one click, setting publishedAt once', async () => {
    const a = await admin();
    const asked = await submit({
      question: 'Can I give sadaqah on behalf of my late father?',
      categories: ['Family'],
    });
    const id = asked.json().data._id as string;
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/fatwahs/${id}`, headers: a.headers, payload });

    const tooEarly = await put({ status: 'published' });
    expect(tooEarly.statusCode).toBe(400);

    const answered = await put({
      question: 'Can I give sadaqah on behalf of my late father?',
      answer: 'Yes; its reward reaches him, in sha Allah.',
      categories: ['Family'],
      status: 'pending',
    });
    expect(answered.json().data).toMatchObject({ status: 'pending', answeredBy: { name: 'Mufti Yusuf' } });

    const published = await put({ status: 'published' });
    expect(published.statusCode).toBe(200);
    const firstPublishedAt = published.json().data.publishedAt as string;
    expect(firstPublishedAt).toBeTruthy();
    expect((await ctx.app.inject({ url: `/api/fatwahs/${id}` })).statusCode).toBe(200);

    await put({ status: 'draft' });
    expect((await ctx.app.inject({ url: `/api/fatwahs/${id}` })).statusCode).toBe(404);
    const again = await put({ status: 'published' });
    expect(again.json().data.publishedAt).toBe(firstPublishedAt);

    // Status alone cannot smuggle other fields in.
    expect((await put({ status: 'draft', question: 'Changed' })).statusCode).toBe(400);
  });

  it('keeps answeredBy as the admin who saved the answer until another admin changes the answer', async () => {
    const yusuf = await admin();
    const ahmad = await createUser(ctx.database.db, { role: 'admin', name: 'Shaykh Ahmad' });
    const ahmadHeaders = await authHeader(ctx, ahmad);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/fatwahs',
      headers: yusuf.headers,
      payload: {
        question: 'Is zakat due on a house I live in?',
        answer: 'No, a home one lives in is not zakatable.',
        categories: ['Zakat'],
        status: 'pending',
      },
    });
    const id = created.json().data._id as string;
    const put = (headers: Record<string, string>, payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/fatwahs/${id}`, headers, payload });
    const answeredBy = async () =>
      (await ctx.database.db.select().from(fatwahs).where(eq(fatwahs.id, id)))[0]?.answeredById;
    expect(await answeredBy()).toBe(yusuf.user.id);

    // The other admin rewords the question and adds a category, the answer as it was (spaces aside).
    const reworded = await put(ahmadHeaders, {
      question: 'Is zakat due on the house I live in?',
      answer: '  No, a home one lives in is not zakatable. ',
      categories: ['Zakat', 'Family'],
      status: 'pending',
    });
    expect(reworded.json().data).toMatchObject({
      question: 'Is zakat due on the house I live in?',
      answeredBy: { name: 'Mufti Yusuf' },
    });
    expect(await answeredBy()).toBe(yusuf.user.id);

    // ... and publishes it.
    const published = await put(ahmadHeaders, { status: 'published' });
    expect(published.json().data).toMatchObject({ status: 'published', answeredBy: { name: 'Mufti Yusuf' } });
    expect(await answeredBy()).toBe(yusuf.user.id);

    // Changing the answer makes it theirs.
    const rewritten = await put(ahmadHeaders, {
      question: 'Is zakat due on the house I live in?',
      answer: 'No. A home kept for living in is not zakatable, whatever its value.',
      categories: ['Zakat', 'Family'],
      status: 'published',
    });
    expect(rewritten.json().data.answeredBy).toEqual({ name: 'Shaykh Ahmad' });
    expect(await answeredBy()).toBe(ahmad.id);
  });

  it('lets an admin read a pending and a draft fatwah with the email, while the public gets 404', async () => {
    const a = await admin();
    const pending = await createFatwah(ctx.database.db, {
      question: 'Asked and waiting',
      answer: null,
      status: 'pending',
      askerName: 'Bilal',
      askerEmail: 'bilal@example.com',
    });
    const draft = await createFatwah(ctx.database.db, {
      question: 'Written, not yet out',
      status: 'draft',
      askerName: 'Maryam',
      askerEmail: 'maryam@example.com',
    });
    const user = await authHeader(ctx, await createUser(ctx.database.db));
    for (const [row, email] of [
      [pending, 'bilal@example.com'],
      [draft, 'maryam@example.com'],
    ] as const) {
      const asAdmin = await ctx.app.inject({ url: `/api/fatwahs/${row.id}`, headers: a.headers });
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.json().data).toMatchObject({ _id: row.id, status: row.status, askerEmail: email });
      for (const headers of [{}, user]) {
        const res = await ctx.app.inject({ url: `/api/fatwahs/${row.id}`, headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ success: false, error: 'Fatwah not found', code: 'FATWAH_NOT_FOUND' });
        expect(res.body).not.toContain(email);
      }
    }
  });

  it('filters by status and searches for admins; deletes; 404 for unknown ids', async () => {
    const a = await admin();
    await createFatwah(ctx.database.db, { question: 'Pending one', status: 'pending', answer: null });
    await createFatwah(ctx.database.db, { question: 'Draft one', status: 'draft' });
    const pub = await createFatwah(ctx.database.db, { question: 'Published one' });
    const pending = await ctx.app.inject({ url: '/api/fatwahs?status=pending', headers: a.headers });
    expect(pending.json().data.map((f: { question: string }) => f.question)).toEqual(['Pending one']);
    const all = await ctx.app.inject({ url: '/api/fatwahs?status=all&search=draft', headers: a.headers });
    expect(all.json().data.map((f: { question: string }) => f.question)).toEqual(['Draft one']);

    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/fatwahs/${pub.id}`, headers: a.headers });
    expect(del.statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/fatwahs/${pub.id}`,
      headers: a.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false, error: 'Fatwah not found' });
  });
});

describe('search plans', () => {
  /** The driver under the app's Drizzle: a PGlite instance or a pg pool. */
  const driver = () => (ctx.database.db as unknown as { $client: PGlite | pg.Pool }).$client;

  /** The statements the repository sends for a search, as it sends them (a logging Drizzle on the same driver). */
  async function statementsOf(filter: FatwahListFilter) {
    const statements: { text: string; params: unknown[] }[] = [];
    const logger = { logQuery: (text: string, params: unknown[]) => void statements.push({ text, params }) };
    const db = (ctx.database.kind === 'pglite'
      ? drizzlePglite(driver() as PGlite, { schema, logger })
      : drizzlePg(driver() as pg.Pool, { schema, logger })) as unknown as Db;
    const { rows } = await listFatwahs(db, filter);
    return { rows, statements };
  }

  /** The plan the planner chooses for a statement (both drivers answer `query(text, params)` with `{ rows }`). */
  async function plan(text: string, params: unknown[]): Promise<string> {
    const result = await (driver() as PGlite).query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  it('finds by full text and by misspelt words through their indexes', async () => {
    // A few thousand fatwahs and words, vacuumed and analysed as autovacuum would: enough that reading the whole
    // table costs the planner more than the index (GIN entries still in the pending list would hide the index).
    await ctx.database.db.execute(
      sql.raw(`INSERT INTO fatwahs (id, question, answer, categories, status, published_at)
        SELECT gen_random_uuid(), 'Question ' || g || ' about ' || (ARRAY['prayer','fasting','zakat','marriage','trade'])[1 + g % 5]
            || ' in house ' || (g * 7919 % 100000),
          'The answer ' || g || ' explains it with care.', ARRAY['Other'], 'published', now()
        FROM generate_series(1, 3000) g`),
    );
    for (let i = 0; i < 3; i += 1)
      await createFatwah(ctx.database.db, { question: `Is tayammum valid on journey ${i}?`, answer: 'Yes.' });
    await ctx.database.db.execute(sql.raw('VACUUM ANALYZE fatwahs, fatwah_words, published_fatwah_search'));

    for (const status of ['published', undefined] as const) {
      const exact = await statementsOf({ search: 'tayammum', status, page: 1, limit: 10 });
      const misspelt = await statementsOf({ search: 'tayamum', status, page: 1, limit: 10 });
      expect(exact.rows).toHaveLength(3);
      expect(misspelt.rows.map((row) => row.id).sort()).toEqual(exact.rows.map((row) => row.id).sort());

      const textSearches = [...exact.statements, ...misspelt.statements].filter((s) =>
        s.text.includes(' @@ '),
      );
      const wordLookups = misspelt.statements.filter((s) => s.text.includes('"fatwah_words"'));
      // The page and the count, for the search as typed, then again for the words it resembles.
      expect(textSearches).toHaveLength(6);
      expect(wordLookups).toHaveLength(1);
      // The published fatwahs are searched in their narrow table, the others in `fatwahs`.
      const [index, table] =
        status === 'published'
          ? ['published_fatwah_search_idx', 'published_fatwah_search']
          : ['fatwahs_search_idx', 'fatwahs'];
      for (const statement of textSearches) {
        const text = await plan(statement.text, statement.params);
        expect(text, statement.text).toContain(index);
        expect(text, statement.text).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
      }
      const lookup = await plan(wordLookups[0]!.text, wordLookups[0]!.params);
      expect(lookup).toContain('fatwah_words_trgm_idx');
      expect(lookup).not.toMatch(/Seq Scan on fatwah_words\b/);
    }
  }, 60_000);
});
