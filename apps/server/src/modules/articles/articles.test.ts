// @database: scheduled publication decided by the database clock
import fs from 'node:fs';
import path from 'node:path';
import { ARTICLE_MESSAGES, type Article } from '@scholar/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createArticle, createUser } from '../../../test/support/factories';
import { users } from '../../db/schema';
import { makeImage } from '../../../test/support/test-images';
import { authHeader } from '../../../test/support/app';
import { renderReadHeaders } from '../../lib/render-reads';
import { useTestApp } from '../../../test/support/use-test-app';

const { ctx } = useTestApp();

const db = () => ctx.database.db;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

async function adminHeaders(name = 'Test Admin') {
  const admin = await createUser(db(), { role: 'admin', name });
  return authHeader(ctx, admin);
}

async function userHeaders() {
  const user = await createUser(db(), { role: 'user' });
  return authHeader(ctx, user);
}

const validBody = {
  title: 'Patience in Hardship',
  content: 'First paragraph about sabr.\nSecond paragraph about shukr.',
  featuredImage: 'https://images.example.com/sabr.jpg',
};

async function create(headers: Record<string, string>, body: object = validBody) {
  return ctx.app.inject({ method: 'POST', url: '/api/articles/admin', headers, payload: body });
}

const ids = (res: { json(): { data: { articles: Article[] } } }) =>
  res.json().data.articles.map((a) => a._id);

describe('public reading', () => {
  it('shows published articles only: list, detail and recent', async () => {
    const published = await createArticle(db(), { title: 'Published one', createdAt: daysAgo(2) });
    const draft = await createArticle(db(), { title: 'Secret draft', isPublished: false });

    const list = await ctx.app.inject({ url: '/api/articles/published' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      success: true,
      data: { pagination: { currentPage: 1, totalPages: 1, total: 1, hasNext: false, hasPrev: false } },
    });
    expect(ids(list)).toEqual([published.id]);

    const hidden = await ctx.app.inject({ url: `/api/articles/published/${draft.id}` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ success: false, error: 'Article not found', code: 'ARTICLE_NOT_FOUND' });

    const search = await ctx.app.inject({ url: '/api/articles/published?search=secret' });
    expect(search.json().data.articles).toEqual([]);

    const recent = await ctx.app.inject({ url: '/api/articles/recent' });
    expect(recent.json().data.map((a: Article) => a._id)).toEqual([published.id]);

    const shown = await ctx.app.inject({ url: `/api/articles/published/${published.id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({
      _id: published.id,
      title: 'Published one',
      content: '<p>First paragraph.</p><p>Second paragraph.</p>',
      isPublished: true,
      author: 'Admin',
      category: 'General',
      tags: [],
    });
    expect(shown.headers['cache-control']).toBe('no-store');

    // A draft's views are not counted by a refused read either.
    const admin = await adminHeaders();
    const draftAfter = await ctx.app.inject({ url: `/api/articles/admin/${draft.id}`, headers: admin });
    expect(draftAfter.json().data.views).toBe(0);

    const unknown = await ctx.app.inject({
      url: '/api/articles/published/0190b0a0-0000-7000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await ctx.app.inject({ url: '/api/articles/published/not-an-id' });
    expect(malformed.statusCode).toBe(400);
  });

  it('lists carry each article without its content (the excerpt stands in); only the article read has it', async () => {
    const content = `<p>${'Patience is light. '.repeat(2200)}</p>`;
    const headers = await adminHeaders();
    for (let i = 0; i < 12; i += 1) await createArticle(db(), { content, excerpt: `Excerpt ${i}` });
    const lists = [
      await ctx.app.inject({ url: '/api/articles/published' }),
      await ctx.app.inject({ url: '/api/articles/published?search=patience' }),
      await ctx.app.inject({ url: '/api/articles/admin/all', headers }),
    ].map((res) => {
      expect(res.statusCode).toBe(200);
      return res;
    });
    const recent = await ctx.app.inject({ url: '/api/articles/recent?limit=12' });
    const items = [
      ...lists.flatMap((res) => res.json().data.articles as Record<string, unknown>[]),
      ...(recent.json().data as Record<string, unknown>[]),
    ];
    expect(items).toHaveLength(12 + 12 + 10 + 12);
    for (const item of items) {
      expect(item).not.toHaveProperty('content');
      expect(item).toMatchObject({
        title: expect.any(String),
        excerpt: expect.stringMatching(/^Excerpt \d+$/),
      });
    }
    // Twelve 40 KB articles: a list of them stays a few KB.
    for (const res of [...lists, recent]) expect(res.body.length).toBeLessThan(8 * 1024);

    const id = items[0]!._id as string;
    expect((await ctx.app.inject({ url: `/api/articles/published/${id}` })).json().data.content).toBe(
      content,
    );
    const adminRead = await ctx.app.inject({ url: `/api/articles/admin/${id}`, headers });
    expect(adminRead.json().data.content).toBe(content);
  });

  it('counts one view per read, also under 20 parallel reads, and never on the admin read', async () => {
    const article = await createArticle(db(), { views: 7 });
    const before = article.updatedAt.toISOString();
    const first = await ctx.app.inject({ url: `/api/articles/published/${article.id}` });
    expect(first.json().data.views).toBe(8);
    const second = await ctx.app.inject({ url: `/api/articles/published/${article.id}` });
    expect(second.json().data.views).toBe(9);
    expect(second.json().data.updatedAt).toBe(before);

    const reads = await Promise.all(
      Array.from({ length: 20 }, () => ctx.app.inject({ url: `/api/articles/published/${article.id}` })),
    );
    expect(reads.every((res) => res.statusCode === 200)).toBe(true);
    const seen = reads.map((res) => res.json().data.views as number).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => 10 + i));

    const admin = await adminHeaders();
    const adminRead = await ctx.app.inject({ url: `/api/articles/admin/${article.id}`, headers: admin });
    expect(adminRead.json().data.views).toBe(29);
    const again = await ctx.app.inject({ url: `/api/articles/admin/${article.id}`, headers: admin });
    expect(again.json().data.views).toBe(29);
  });

  it("counts no view for a page's own read while the server renders it, and one for the page's POST of its view", async () => {
    const article = await createArticle(db(), { views: 3 });
    const rendered = await ctx.app.inject({
      url: `/api/articles/published/${article.id}`,
      headers: renderReadHeaders(),
    });
    expect(rendered.json().data.views).toBe(3);
    // Without the server's secret the header is nothing: a reader's read is a view.
    const guessed = await ctx.app.inject({
      url: `/api/articles/published/${article.id}`,
      headers: { 'x-page-render': 'guessed' },
    });
    expect(guessed.json().data.views).toBe(4);
    const counted = await ctx.app.inject({
      method: 'POST',
      url: `/api/articles/published/${article.id}/views`,
    });
    expect(counted.statusCode).toBe(200);
    expect(counted.json()).toEqual({ success: true, data: { views: 5 } });
    const after = await ctx.app.inject({
      url: `/api/articles/published/${article.id}`,
      headers: renderReadHeaders(),
    });
    expect(after.json().data.views).toBe(5);

    const draft = await createArticle(db(), { isPublished: false });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/articles/published/${draft.id}/views`,
    });
    expect(refused.statusCode).toBe(404);
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/articles/published/not-an-id/views',
    });
    expect(malformed.statusCode).toBe(400);
    const draftAfter = await ctx.app.inject({
      url: `/api/articles/admin/${draft.id}`,
      headers: await adminHeaders(),
    });
    expect(draftAfter.json().data.views).toBe(0);
  });

  it('recent: newest published first, default 5, limit up to 50', async () => {
    for (let i = 0; i < 7; i += 1) await createArticle(db(), { title: `Day ${i}`, createdAt: daysAgo(i) });
    await createArticle(db(), { title: 'Newest draft', isPublished: false });
    const recent = await ctx.app.inject({ url: '/api/articles/recent' });
    expect(recent.json().data.map((a: Article) => a.title)).toEqual([
      'Day 0',
      'Day 1',
      'Day 2',
      'Day 3',
      'Day 4',
    ]);
    const three = await ctx.app.inject({ url: '/api/articles/recent?limit=3' });
    expect(three.json().data).toHaveLength(3);
    expect((await ctx.app.inject({ url: '/api/articles/recent?limit=51' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/articles/recent?limit=0' })).statusCode).toBe(400);
  });
});

describe('pagination and filters', () => {
  it('answers the page, the totals and stable pages', async () => {
    // Several articles share a publication time: the id decides, so pages neither overlap nor skip.
    const same = daysAgo(1);
    for (let i = 0; i < 25; i += 1) await createArticle(db(), { createdAt: i < 10 ? same : daysAgo(i) });
    await createArticle(db(), { isPublished: false });

    const defaults = await ctx.app.inject({ url: '/api/articles/published' });
    expect(defaults.json().data.articles).toHaveLength(12);
    expect(defaults.json().data.pagination).toEqual({
      currentPage: 1,
      totalPages: 3,
      total: 25,
      hasNext: true,
      hasPrev: false,
    });

    const seen: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const res = await ctx.app.inject({ url: `/api/articles/published?page=${page}&limit=10` });
      seen.push(...ids(res));
      if (page === 3) {
        expect(res.json().data.pagination).toEqual({
          currentPage: 3,
          totalPages: 3,
          total: 25,
          hasNext: false,
          hasPrev: true,
        });
      }
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);

    const middle = await ctx.app.inject({ url: '/api/articles/published?page=2&limit=10' });
    expect(middle.json().data.pagination).toMatchObject({ currentPage: 2, hasNext: true, hasPrev: true });
    const beyond = await ctx.app.inject({ url: '/api/articles/published?page=9&limit=10' });
    expect(beyond.json().data).toEqual({
      articles: [],
      pagination: { currentPage: 9, totalPages: 3, total: 25, hasNext: false, hasPrev: true },
    });

    for (const query of ['limit=51', 'limit=0', 'page=0', 'sortBy=password', 'sortOrder=up', 'limit=abc']) {
      const bad = await ctx.app.inject({ url: `/api/articles/published?${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    expect(
      (await ctx.app.inject({ url: '/api/articles/published?limit=50' })).json().data.articles,
    ).toHaveLength(25);
  });

  it('sorts by publishedAt (default, newest first), createdAt, views and title', async () => {
    const a = await createArticle(db(), { title: 'banana', views: 5, createdAt: daysAgo(3) });
    const b = await createArticle(db(), { title: 'Apple', views: 50, createdAt: daysAgo(1) });
    const c = await createArticle(db(), { title: 'cherry', views: 0, createdAt: daysAgo(2) });
    const url = (query: string) => ctx.app.inject({ url: `/api/articles/published?${query}` });
    expect(ids(await url(''))).toEqual([b.id, c.id, a.id]);
    expect(ids(await url('sortOrder=asc'))).toEqual([a.id, c.id, b.id]);
    expect(ids(await url('sortBy=createdAt&sortOrder=asc'))).toEqual([a.id, c.id, b.id]);
    expect(ids(await url('sortBy=views'))).toEqual([b.id, a.id, c.id]);
    expect(ids(await url('sortBy=views&sortOrder=asc'))).toEqual([c.id, a.id, b.id]);
    expect(ids(await url('sortBy=title&sortOrder=asc'))).toEqual([b.id, a.id, c.id]);
  });

  it('filters by search (title, excerpt, content, every word, close spelling), category and tags', async () => {
    const ramadan = await createArticle(db(), {
      title: 'Preparing the Heart for Ramadan',
      excerpt: 'Turning back to Allah before the month.',
      content: '<p>Make up missed fasts early.</p>',
      category: 'Ramadan',
      tags: ['ramadan', 'fasting'],
    });
    const knowledge = await createArticle(db(), {
      title: 'The Etiquette of Seeking Knowledge',
      excerpt: 'Sincerity first.',
      content: '<p>The student of knowledge needs patience and 100% sincerity.</p>',
      category: 'Education',
      tags: ['knowledge', 'adab'],
    });
    const zakat = await createArticle(db(), {
      title: 'Zakat Made Simple',
      excerpt: 'Who pays and how much.',
      content:
        '<p>Zakat is due on savings above the nisab held for a lunar year, after fasting month or not.</p>',
      category: 'Fiqh',
      tags: ['zakat', 'fasting'],
    });
    await createArticle(db(), { title: 'Hidden Ramadan draft', isPublished: false, tags: ['ramadan'] });

    const find = async (query: string) =>
      ids(await ctx.app.inject({ url: `/api/articles/published?${query}` }));
    expect(await find('search=ramadan')).toEqual([ramadan.id]);
    expect(await find('search=RAMADAN')).toEqual([ramadan.id]);
    expect(await find('search=sincerity')).toEqual([knowledge.id]); // excerpt and content
    expect(await find('search=nisab')).toEqual([zakat.id]); // content only
    expect(await find('search=patience%20student')).toEqual([knowledge.id]); // every word, any order
    expect(await find('search=patience%20nisab')).toEqual([]);
    expect(await find('search=Ramadn')).toEqual([ramadan.id]); // a misspelt title
    expect(await find('search=Preparng%20ramadan')).toEqual([ramadan.id]);
    expect(await find('search=Ramadn%20nisab')).toEqual([]);
    expect(await find('search=100%25')).toEqual([knowledge.id]); // % is a character, not a wildcard
    expect(await find('search=_')).toEqual([]);
    expect(await find('search=%20%20')).toHaveLength(3); // blank: no filter

    expect(await find('category=fiqh')).toEqual([zakat.id]);
    expect(await find('category=Education')).toEqual([knowledge.id]);
    expect(await find('category=Nothing')).toEqual([]);

    // tags: any of the given tags (repeated keys), case-insensitive.
    expect(new Set(await find('tags=fasting'))).toEqual(new Set([ramadan.id, zakat.id]));
    expect(new Set(await find('tags=adab&tags=zakat'))).toEqual(new Set([knowledge.id, zakat.id]));
    expect(await find('tags=ADAB')).toEqual([knowledge.id]);
    expect(await find('tags=nothing')).toEqual([]);
    expect(await find('tags=fasting&category=Ramadan&search=heart')).toEqual([ramadan.id]);
  });

  it('admin list: drafts too, newest created first, 10 a page, isPublished and search filters', async () => {
    const headers = await adminHeaders();
    for (let i = 0; i < 12; i += 1) {
      await createArticle(db(), { title: `Piece ${i}`, isPublished: i % 3 !== 0, createdAt: daysAgo(i) });
    }
    const all = await ctx.app.inject({ url: '/api/articles/admin/all', headers });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.articles.map((a: Article) => a.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Piece ${i}`),
    );
    expect(all.json().data.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      total: 12,
      hasNext: true,
      hasPrev: false,
    });
    const drafts = await ctx.app.inject({ url: '/api/articles/admin/all?isPublished=false', headers });
    expect(drafts.json().data.articles.map((a: Article) => a.title)).toEqual([
      'Piece 0',
      'Piece 3',
      'Piece 6',
      'Piece 9',
    ]);
    const published = await ctx.app.inject({ url: '/api/articles/admin/all?isPublished=true', headers });
    expect(published.json().data.pagination.total).toBe(8);
    const both = await ctx.app.inject({ url: '/api/articles/admin/all?isPublished=', headers });
    expect(both.json().data.pagination.total).toBe(12);
    const searched = await ctx.app.inject({ url: '/api/articles/admin/all?search=piece%2011', headers });
    expect(searched.json().data.articles.map((a: Article) => a.title)).toEqual(['Piece 11']);
    const bad = await ctx.app.inject({ url: '/api/articles/admin/all?isPublished=maybe', headers });
    expect(bad.statusCode).toBe(400);
  });
});

describe('writing articles', () => {
  it('creates a draft by default; each line of plain text becomes a paragraph; excerpt derived', async () => {
    const headers = await adminHeaders();
    const res = await create(headers, {
      ...validBody,
      content: 'First line & more <3\n\n  Second line  \r\nThird line',
    });
    expect(res.statusCode).toBe(201);
    const article = res.json().data as Article;
    expect(res.json().message).toBe('Article created successfully!');
    expect(article).toMatchObject({
      title: 'Patience in Hardship',
      content: '<p>First line &amp; more &lt;3</p><p>Second line</p><p>Third line</p>',
      excerpt: 'First line & more <3 Second line Third line',
      author: 'Test Admin',
      category: 'General',
      tags: [],
      isPublished: false,
      publishedAt: null,
      views: 0,
    });
    const publicRead = await ctx.app.inject({ url: `/api/articles/published/${article._id}` });
    expect(publicRead.statusCode).toBe(404);
  });

  it('keeps inline formatting per line and derives a ~200 character excerpt at a word boundary', async () => {
    const headers = await adminHeaders();
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const res = await create(headers, {
      ...validBody,
      content: `Read <strong>this</strong> first\n${long}`,
      author: '  Shaykh Ahmad  ',
      category: 'Fiqh',
      tags: [' Sabr ', 'sabr', 'Shukr', ''],
      isPublished: true,
    });
    const article = res.json().data as Article;
    expect(article.content).toBe(`<p>Read <strong>this</strong> first</p><p>${long}</p>`);
    expect(article.excerpt.endsWith('…')).toBe(true);
    expect(article.excerpt.length).toBeLessThanOrEqual(201);
    expect(article.excerpt.length).toBeGreaterThan(150);
    expect(article.excerpt).toMatch(/^Read this first word0 word1 .* word\d+…$/);
    expect(article).toMatchObject({ author: 'Shaykh Ahmad', category: 'Fiqh', tags: ['sabr', 'shukr'] });
    expect(article.isPublished).toBe(true);
    expect(article.publishedAt).not.toBeNull();

    const written = await create(headers, { ...validBody, excerpt: 'My own summary.', author: '' });
    expect(written.json().data).toMatchObject({ excerpt: 'My own summary.', author: 'Test Admin' });
  });

  it('sanitises hostile HTML: scripts, event handlers, javascript: and data: URLs, styles, iframes', async () => {
    const headers = await adminHeaders();
    const hostile = [
      '<h2 onclick="steal()">Heading</h2>',
      '<p>Safe <script>alert(1)</script>text<img src="x.png" onerror="alert(2)"></p>',
      '<p><img src="https://images.example.com/ok.png" alt="ok" onload="alert(3)" style="width:9999px"></p>',
      '<p><a href="javascript:alert(4)">bad link</a> <a href="JaVaScRiPt&#58;alert(5)">obfuscated</a></p>',
      '<p><a href="https://example.com/page" target="_blank" onmouseover="x()">good link</a></p>',
      '<style>body{display:none}</style><p style="position:fixed;inset:0">styled</p>',
      '<iframe src="https://evil.example.com"></iframe><p>after frame</p>',
      '<p><img src="data:image/svg+xml;base64,PHN2Zz4="><a href="data:text/html,hi">data link</a></p>',
      '<svg><script>alert(6)</script></svg><object data="x.swf"></object><embed src="y.swf">',
      '<ul><li>one</li></ul><form action="/x"><input name="a"></form><p>end</p>',
    ].join('\n');
    const res = await create(headers, { ...validBody, content: hostile });
    expect(res.statusCode).toBe(201);
    const html = (res.json().data as Article).content;
    for (const bad of [
      /<script/i,
      /alert/i,
      /onerror|onclick|onload|onmouseover/i,
      /javascript/i,
      /data:/i,
      /<style/i,
      /style=/i,
      /<iframe/i,
      /<svg|<object|<embed|<form|<input/i,
      /x\.png/,
      /target=/,
    ]) {
      expect(html, String(bad)).not.toMatch(bad);
    }
    for (const kept of [
      '<h2>Heading</h2>',
      '<img src="https://images.example.com/ok.png" alt="ok" />',
      '<a href="https://example.com/page" rel="noopener noreferrer">good link</a>',
      '<p>styled</p>',
      '<p>after frame</p>',
      '<ul><li>one</li></ul>',
      'bad link',
    ]) {
      expect(html).toContain(kept);
    }

    // The same rules on edit.
    const id = (res.json().data as Article)._id;
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/articles/admin/${id}`,
      headers,
      payload: { ...validBody, content: '<p onclick="x()">Edited<script>alert(7)</script></p>' },
    });
    expect(edited.json().data.content).toBe('<p>Edited</p>');
  });

  it('refuses content that sanitises to nothing, missing fields and bad images with clear messages', async () => {
    const headers = await adminHeaders();
    const refusal = async (body: unknown) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/articles/admin',
        headers,
        payload: body as object,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      return res.json<{ error: string; code: string }>();
    };
    for (const body of [
      { ...validBody, title: undefined },
      { ...validBody, title: '   ' },
      { ...validBody, content: undefined },
      { ...validBody, content: ' \n ' },
      { ...validBody, content: '<script>alert(1)</script>' },
      { ...validBody, featuredImage: undefined },
      { ...validBody, featuredImage: '' },
      {},
    ]) {
      expect((await refusal(body)).error).toBe('Please fill in all required fields');
    }
    const noBody = await ctx.app.inject({ method: 'POST', url: '/api/articles/admin', headers });
    expect(noBody.statusCode).toBe(400);

    for (const featuredImage of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'ftp://files.example.com/a.jpg',
      'not a url',
      'images/cover.jpg',
      '/etc/passwd',
      '/api/uploads/../secrets.json',
      'https://',
      '//evil.example.com/a.png',
    ]) {
      const failure = await refusal({ ...validBody, featuredImage });
      expect(failure.error, featuredImage).toBe(ARTICLE_MESSAGES.imageInvalid);
    }
    expect((await refusal({ ...validBody, title: 'x'.repeat(201) })).error).toBe(
      ARTICLE_MESSAGES.titleTooLong,
    );
    expect((await refusal({ ...validBody, content: 'x'.repeat(100_001) })).error).toBe(
      ARTICLE_MESSAGES.contentTooLong,
    );
    expect((await refusal({ ...validBody, tags: 'sabr' })).error).toBe(ARTICLE_MESSAGES.tagsInvalid);

    for (const featuredImage of ['http://images.example.com/a.jpg', '/api/uploads/demo/article-1.webp']) {
      expect((await create(headers, { ...validBody, featuredImage })).statusCode).toBe(201);
    }
  });

  it('ignores views and publishedAt sent by the client', async () => {
    const headers = await adminHeaders();
    const res = await create(headers, {
      ...validBody,
      views: 9999,
      publishedAt: '2001-01-01T00:00:00.000Z',
      isPublished: false,
    });
    expect(res.json().data).toMatchObject({ views: 0, publishedAt: null });
    const id = res.json().data._id as string;
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/articles/admin/${id}`,
      headers,
      payload: { ...validBody, views: 5, publishedAt: '2001-01-01T00:00:00.000Z' },
    });
    expect(edited.json().data).toMatchObject({ views: 0, publishedAt: null });
  });

  it('edits: fields left out keep their values; a derived excerpt follows changed content, a written one stays', async () => {
    const headers = await adminHeaders();
    const article = await createArticle(db(), {
      content: '<p>Original text.</p>',
      excerpt: 'A hand-written summary.',
      author: 'Shaykh Ahmad',
      category: 'Fiqh',
      tags: ['zakat'],
      isPublished: false,
    });
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/articles/admin/${article.id}`, headers, payload });

    const retitled = await put({
      title: 'New title',
      content: 'Original text.',
      featuredImage: validBody.featuredImage,
    });
    expect(retitled.statusCode).toBe(200);
    expect(retitled.json().message).toBe('Article updated successfully!');
    expect(retitled.json().data).toMatchObject({
      title: 'New title',
      content: '<p>Original text.</p>',
      excerpt: 'A hand-written summary.',
      author: 'Shaykh Ahmad',
      category: 'Fiqh',
      tags: ['zakat'],
      isPublished: false,
      featuredImage: validBody.featuredImage,
    });

    const rewritten = await put({ ...validBody, author: '', isPublished: true });
    expect(rewritten.json().data).toMatchObject({
      content: '<p>First paragraph about sabr.</p><p>Second paragraph about shukr.</p>',
      excerpt: 'A hand-written summary.',
      author: 'Shaykh Ahmad',
      isPublished: true,
    });
    const cleared = await put({ ...validBody, excerpt: '', isPublished: true });
    expect(cleared.json().data.excerpt).toBe('First paragraph about sabr. Second paragraph about shukr.');
    const followed = await put({ ...validBody, content: 'A new text.', isPublished: true });
    expect(followed.json().data.excerpt).toBe('A new text.');
    const written = await put({ ...validBody, excerpt: 'Written again.', isPublished: true });
    expect(written.json().data.excerpt).toBe('Written again.');
    const firstPublished = rewritten.json().data.publishedAt as string;
    expect(firstPublished).not.toBeNull();

    const unpublished = await put({ ...validBody, isPublished: false });
    expect(unpublished.json().data).toMatchObject({ isPublished: false, publishedAt: firstPublished });
    const republished = await put({ ...validBody, isPublished: true });
    expect(republished.json().data.publishedAt).toBe(firstPublished);

    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/articles/admin/0190b0a0-0000-7000-8000-000000000000',
      headers,
      payload: validBody,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Article not found');
  });

  it('toggles publication with the two messages and keeps the first publishedAt', async () => {
    const headers = await adminHeaders();
    const created = await create(headers);
    const id = created.json().data._id as string;
    const toggle = () =>
      ctx.app.inject({ method: 'PATCH', url: `/api/articles/admin/${id}/toggle-publish`, headers });

    const published = await toggle();
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      success: true,
      message: 'Article published successfully',
      data: { _id: id, isPublished: true },
    });
    const firstPublishedAt = published.json().data.publishedAt as string;
    expect(new Date(firstPublishedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await ctx.app.inject({ url: `/api/articles/published/${id}` })).statusCode).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 20));
    const unpublished = await toggle();
    expect(unpublished.json()).toMatchObject({
      message: 'Article unpublished successfully',
      data: { isPublished: false, publishedAt: firstPublishedAt },
    });
    expect((await ctx.app.inject({ url: `/api/articles/published/${id}` })).statusCode).toBe(404);

    const again = await toggle();
    expect(again.json()).toMatchObject({
      message: 'Article published successfully',
      data: { isPublished: true, publishedAt: firstPublishedAt },
    });

    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/articles/admin/0190b0a0-0000-7000-8000-000000000000/toggle-publish',
      headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes an article', async () => {
    const headers = await adminHeaders();
    const article = await createArticle(db(), { title: 'To go' });
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/articles/admin/${article.id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Article deleted successfully',
      data: { title: 'To go' },
    });
    expect((await ctx.app.inject({ url: `/api/articles/published/${article.id}` })).statusCode).toBe(404);
    const twice = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/articles/admin/${article.id}`,
      headers,
    });
    expect(twice.statusCode).toBe(404);
  });
});

describe('the editors desk', () => {
  it('stats: totals, published, drafts and views in the overview', async () => {
    const headers = await adminHeaders();
    const empty = await ctx.app.inject({ url: '/api/articles/admin/stats', headers });
    expect(empty.json()).toEqual({
      success: true,
      data: { overview: { totalArticles: 0, publishedArticles: 0, draftArticles: 0, totalViews: 0 } },
    });
    await createArticle(db(), { views: 100 });
    await createArticle(db(), { views: 23 });
    await createArticle(db(), { isPublished: false, views: 0 });
    const res = await ctx.app.inject({ url: '/api/articles/admin/stats', headers });
    expect(res.json().data).toEqual({
      overview: { totalArticles: 3, publishedArticles: 2, draftArticles: 1, totalViews: 123 },
    });
  });

  it("'stats' and 'all' are their own routes, not an article id", async () => {
    const headers = await adminHeaders();
    const article = await createArticle(db(), { title: 'By id' });
    expect((await ctx.app.inject({ url: '/api/articles/admin/stats', headers })).json().data).toHaveProperty(
      'overview',
    );
    expect((await ctx.app.inject({ url: '/api/articles/admin/all', headers })).json().data).toHaveProperty(
      'pagination',
    );
    const byId = await ctx.app.inject({ url: `/api/articles/admin/${article.id}`, headers });
    expect(byId.json().data.title).toBe('By id');
    expect((await ctx.app.inject({ url: '/api/articles/admin/other', headers })).statusCode).toBe(400);
  });

  it('refuses guests (401) and customers (403) on every admin route', async () => {
    const article = await createArticle(db());
    const user = await userHeaders();
    const routes: { method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'; url: string; payload?: object }[] = [
      { method: 'GET', url: '/api/articles/admin/all' },
      { method: 'GET', url: '/api/articles/admin/stats' },
      { method: 'GET', url: `/api/articles/admin/${article.id}` },
      { method: 'POST', url: '/api/articles/admin', payload: validBody },
      { method: 'PUT', url: `/api/articles/admin/${article.id}`, payload: validBody },
      { method: 'DELETE', url: `/api/articles/admin/${article.id}` },
      { method: 'PATCH', url: `/api/articles/admin/${article.id}/toggle-publish` },
    ];
    for (const route of routes) {
      const guest = await ctx.app.inject(route);
      expect(guest.statusCode, `guest ${route.method} ${route.url}`).toBe(401);
      expect(guest.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      const customer = await ctx.app.inject({ ...route, headers: user });
      expect(customer.statusCode, `user ${route.method} ${route.url}`).toBe(403);
      expect(customer.json()).toMatchObject({ success: false, code: 'ADMIN_ONLY' });
    }
    // Nothing changed.
    const after = await ctx.app.inject({ url: `/api/articles/published/${article.id}` });
    expect(after.json().data).toMatchObject({ title: article.title, isPublished: true });
  });

  it('documents the article calls in OpenAPI', async () => {
    const paths = (await ctx.app.inject({ url: '/api/docs/json' })).json().paths as Record<string, unknown>;
    for (const path of [
      '/api/articles/published',
      '/api/articles/published/{id}',
      '/api/articles/recent',
      '/api/articles/admin/all',
      '/api/articles/admin/stats',
      '/api/articles/admin',
      '/api/articles/admin/{id}',
      '/api/articles/admin/{id}/toggle-publish',
    ]) {
      expect(paths, path).toHaveProperty([path]);
    }
  });
});

describe('bylines', () => {
  async function adminWith(name: string, displayName: string | null) {
    const admin = await createUser(db(), { role: 'admin', name });
    await db().update(users).set({ displayName }).where(eq(users.id, admin.id));
    return authHeader(ctx, admin);
  }

  it("signs a new article with the writer's display name, else their name; a given author wins", async () => {
    const shaykh = await adminWith('Ahmad Rahman', 'Shaykh Ahmad');
    const plain = await adminWith('Fatima Noor', null);
    const blank = await adminWith('Yusuf Ali', '   ');

    expect((await create(shaykh)).json().data.author).toBe('Shaykh Ahmad');
    expect((await create(plain)).json().data.author).toBe('Fatima Noor');
    expect((await create(blank)).json().data.author).toBe('Yusuf Ali');
    expect((await create(shaykh, { ...validBody, author: '' })).json().data.author).toBe('Shaykh Ahmad');
    expect((await create(shaykh, { ...validBody, author: 'Guest Writer' })).json().data.author).toBe(
      'Guest Writer',
    );
  });

  it('keeps the byline when another admin edits, unless the author is changed', async () => {
    const writer = await adminWith('Ahmad Rahman', 'Shaykh Ahmad');
    const editor = await adminWith('Fatima Noor', 'Ustadha Fatima');
    const id = (await create(writer)).json().data._id as string;
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/articles/admin/${id}`, headers: editor, payload });

    expect((await put({ ...validBody, title: 'Retitled' })).json().data.author).toBe('Shaykh Ahmad');
    expect((await put({ ...validBody, author: '' })).json().data.author).toBe('Shaykh Ahmad');
    expect((await put({ ...validBody, author: 'Shaykh Ahmad' })).json().data.author).toBe('Shaykh Ahmad');
    expect((await put({ ...validBody, author: 'Ustadha Fatima' })).json().data.author).toBe('Ustadha Fatima');
  });
});

describe('featured image upload', () => {
  type Part = { file: Buffer; filename: string; field?: string };
  async function multipart(parts: Part[], fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const part of parts) {
      form.append(
        part.field ?? 'image',
        new Blob([new Uint8Array(part.file)], { type: 'image/png' }),
        part.filename,
      );
    }
    const response = new Response(form);
    return {
      payload: Buffer.from(await response.arrayBuffer()),
      headers: { 'content-type': response.headers.get('content-type') ?? '' },
    };
  }
  async function upload(headers: Record<string, string>, parts: Part[]) {
    const body = await multipart(parts);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/articles/admin/images',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  it('stores a checked image with WebP variants and answers the path an article can use', async () => {
    const headers = await adminHeaders();
    const res = await upload(headers, [{ file: await makeImage('png', 1200, 630), filename: 'hero.png' }]);
    expect(res.statusCode).toBe(201);
    const { path: imagePath } = res.json().data as { path: string };
    expect(imagePath).toMatch(/^\/api\/uploads\/books\/[a-f0-9]{32}\.png$/);

    const dir = path.join(ctx.dataDir, 'uploads', 'books');
    const name = path.basename(imagePath, '.png');
    expect(fs.existsSync(path.join(dir, `${name}.png`))).toBe(true);
    for (const width of [400, 800]) {
      const variant = await ctx.app.inject({ url: `/api/uploads/books/${name}-${width}.webp` });
      expect(variant.statusCode).toBe(200);
      expect(variant.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    }

    const article = await create(headers, { ...validBody, featuredImage: imagePath, isPublished: true });
    expect(article.statusCode).toBe(201);
    expect(article.json().data.featuredImage).toBe(imagePath);
  });

  it('refuses bytes that are not an image, a second file, no file and a JSON body', async () => {
    const headers = await adminHeaders();
    const dir = path.join(ctx.dataDir, 'uploads', 'books');
    const stored = () => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0);
    const before = stored();
    const fake = await upload(headers, [
      { file: Buffer.from('<svg onload="alert(1)"/>'), filename: 'x.png' },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_IMAGE_TYPE' });

    const png = await makeImage('png', 40, 40);
    const two = await upload(headers, [
      { file: png, filename: 'a.png' },
      { file: png, filename: 'b.png' },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ error: ARTICLE_MESSAGES.imageOne, code: 'TOO_MANY_IMAGES' });

    const none = await upload(headers, []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: ARTICLE_MESSAGES.imageMissing, code: 'IMAGE_REQUIRED' });

    const wrongField = await upload(headers, [{ file: png, filename: 'a.png', field: 'images' }]);
    expect(wrongField.statusCode).toBe(400);

    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/articles/admin/images',
      headers,
      payload: { path: 'https://example.com/x.png' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: ARTICLE_MESSAGES.imageNotMultipart });
    expect(stored()).toBe(before);
  });

  it('is for admins only: a guest must log in, a customer is refused', async () => {
    const png = await makeImage('png', 40, 40);
    expect((await upload({}, [{ file: png, filename: 'a.png' }])).statusCode).toBe(401);
    expect((await upload(await userHeaders(), [{ file: png, filename: 'a.png' }])).statusCode).toBe(403);
  });
});
