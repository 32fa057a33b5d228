import { ARTICLE_MESSAGES, type Article, type ArticleSummary } from '@scholar/shared';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { authHeader } from '../../../test/support/app';
import { createArticle, createUser } from '../../../test/support/factories';
import { useTestApp } from '../../../test/support/use-test-app';
import { articles } from '../../db/schema';

// The public cache on, kept far longer than a test: what appears at its time must get past it.
const { ctx } = useTestApp({ env: { PUBLIC_CACHE_TTL_MS: '600000' } });

const db = () => ctx.database.db;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

async function adminHeaders() {
  const admin = await createUser(db(), { role: 'admin', name: 'Editor' });
  return authHeader(ctx, admin);
}

const validBody = {
  title: 'What I learned at Arafah',
  featuredImage: 'https://images.example.com/arafah.jpg',
};

const create = (headers: Record<string, string>, body: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/articles/admin', headers, payload: body });

const publicIds = async (url = '/api/articles/published') =>
  ((await ctx.app.inject({ url })).json().data.articles as ArticleSummary[]).map((a) => a._id);

describe('Markdown', () => {
  it('stores the Markdown as written and its sanitised HTML as the content readers get', async () => {
    const headers = await adminHeaders();
    const markdown = [
      '## What I learned at Arafah',
      '',
      '- patience',
      '- gratitude',
      '',
      '![The plain](/api/uploads/books/arafah.webp) ![bad](data:image/png;base64,AAAA)',
      '',
      '[a link](javascript:alert(1)) <script>alert(2)</script> <img src=x onerror=alert(3)>',
    ].join('\n');
    const res = await create(headers, { ...validBody, markdown, isPublished: true });
    expect(res.statusCode).toBe(201);
    const article = res.json().data as Article;
    expect(article.markdown).toBe(markdown);
    expect(article.content).toContain('<h2>What I learned at Arafah</h2>');
    expect(article.content).toContain('<ul>\n<li>patience</li>\n<li>gratitude</li>\n</ul>');
    expect(article.content).toContain('<img src="/api/uploads/books/arafah.webp" alt="The plain" />');
    expect(article.content).not.toMatch(/data:|javascript:|<script|onerror|src="x"/);
    // A link whose address is refused keeps its text.
    expect(article.excerpt).toBe('What I learned at Arafah patience gratitude a link');

    const [row] = await db().select().from(articles).where(eq(articles.id, article._id));
    expect(row?.markdown).toBe(markdown);
    expect(row?.content).toBe(article.content);

    // The editors read the Markdown back; readers get the HTML only.
    const edited = await ctx.app.inject({ url: `/api/articles/admin/${article._id}`, headers });
    expect(edited.json().data.markdown).toBe(markdown);
    const read = (await ctx.app.inject({ url: `/api/articles/published/${article._id}` })).json().data;
    expect(read.content).toBe(article.content);
    expect(read).not.toHaveProperty('markdown');
  });

  it('opens an article saved as HTML with no Markdown, and saves an edit of it as Markdown', async () => {
    const headers = await adminHeaders();
    const old = await createArticle(db(), { content: '<p>Old <strong>text</strong>.</p>' });
    const read = (await ctx.app.inject({ url: `/api/articles/admin/${old.id}`, headers })).json().data;
    expect(read.markdown).toBeNull();
    // The editor opens its HTML as the Markdown: Markdown passes it through, sanitised.
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/articles/admin/${old.id}`,
      headers,
      payload: { ...validBody, markdown: `${read.content}\n\n**More.**` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.content).toBe('<p>Old <strong>text</strong>.</p><p><strong>More.</strong></p>');
  });

  it('refuses Markdown that shows nothing, naming the field', async () => {
    const res = await create(await adminHeaders(), { ...validBody, markdown: '<script>x</script>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'body.markdown', message: ARTICLE_MESSAGES.required }]);
  });

  it('previews Markdown as readers will see it, for the desk only', async () => {
    const payload = { markdown: '# Title\n\n*one* <script>x</script>' };
    const guest = await ctx.app.inject({ method: 'POST', url: '/api/articles/admin/preview', payload });
    expect(guest.statusCode).toBe(401);
    const user = authHeader(ctx, await createUser(db(), { role: 'user' }));
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/articles/admin/preview',
      headers: await user,
      payload,
    });
    expect(refused.statusCode).toBe(403);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/articles/admin/preview',
      headers: await adminHeaders(),
      payload,
    });
    expect(res.statusCode).toBe(200);
    // h1 is not an article's heading: its text stays.
    expect(res.json().data.html).toBe('Title\n<p><em>one</em> </p>');
  });
});

describe('tags', () => {
  it('are normalised, at most 10 of at most 40 characters', async () => {
    const headers = await adminHeaders();
    const res = await create(headers, {
      ...validBody,
      markdown: 'Text',
      tags: ['  Hajj ', 'hajj', 'Day  of Arafah', ''],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.tags).toEqual(['hajj', 'day of arafah']);

    const eleven = Array.from({ length: 11 }, (_, i) => `tag ${i}`);
    for (const tags of [eleven, ['x'.repeat(41)]]) {
      const refused = await create(headers, { ...validBody, markdown: 'Text', tags });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([
        { path: expect.stringMatching(/^body\.tags/), message: ARTICLE_MESSAGES.tagsInvalid },
      ]);
    }
    // Ten, each of 40, pass.
    const ten = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(40, 'x'));
    expect((await create(headers, { ...validBody, markdown: 'Text', tags: ten })).statusCode).toBe(201);
  });
});

describe('scheduled publishing', () => {
  it('keeps an article out of every public read until its time, then shows it with no write, past the cache', async () => {
    const headers = await adminHeaders();
    await createArticle(db(), { title: 'Already out', tags: ['hajj'], createdAt: daysAgo(1) });
    // Every public read once, so that the cache keeps the answers without the scheduled article.
    const reads = [
      '/api/articles/published',
      '/api/articles/published?search=arafah',
      '/api/articles/published?tags=hajj',
      '/api/articles/recent',
      '/sitemap.xml',
      '/rss/articles.xml',
      '/articles/tag/hajj/rss.xml',
    ];
    const bodies = async () => Promise.all(reads.map(async (url) => (await ctx.app.inject({ url })).body));
    await bodies();

    const at = new Date(Date.now() + 2_500);
    const res = await create(headers, {
      ...validBody,
      markdown: 'Standing at **Arafah**.',
      tags: ['Hajj'],
      isPublished: true,
      publishAt: at.toISOString(),
    });
    expect(res.statusCode).toBe(201);
    const scheduled = res.json().data as Article;
    expect(scheduled).toMatchObject({ isPublished: true, publishedAt: at.toISOString() });

    // Before its time: nowhere public (the write cleared the cache: these are fresh reads)…
    for (const body of await bodies()) expect(body).not.toContain(scheduled._id);
    expect((await ctx.app.inject({ url: `/api/articles/published/${scheduled._id}` })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/articles/published/${scheduled._id}/views` }))
        .statusCode,
    ).toBe(404);
    // …and on the desk, published with its time to come.
    const desk = await ctx.app.inject({ url: '/api/articles/admin/all', headers });
    expect(desk.json().data.articles.map((a: ArticleSummary) => a._id)).toContain(scheduled._id);

    // At its time, with no request from the desk, every read shows it (the cache was cleared by the timer).
    await new Promise((resolve) => setTimeout(resolve, at.getTime() - Date.now() + 300));
    for (const [i, body] of (await bodies()).entries()) {
      if (reads[i] !== '/sitemap.xml' || body.includes('<urlset'))
        expect(body, reads[i]).toContain(scheduled._id);
    }
    expect((await ctx.app.inject({ url: `/api/articles/published/${scheduled._id}` })).statusCode).toBe(200);
  });

  it('publishes now when the time is dropped, and keeps the first publication of an article published before', async () => {
    const headers = await adminHeaders();
    const later = new Date(Date.now() + DAY).toISOString();
    const made = (
      await create(headers, { ...validBody, markdown: 'Text', isPublished: true, publishAt: later })
    ).json().data as Article;
    expect(await publicIds()).not.toContain(made._id);
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/articles/admin/${made._id}`, headers, payload });
    const now = (await put({ ...validBody, markdown: 'Text', publishAt: null })).json().data as Article;
    expect(Date.parse(now.publishedAt!)).toBeLessThanOrEqual(Date.now());
    expect(await publicIds()).toContain(made._id);
    // Absent or null again: the first publication stays.
    expect((await put({ ...validBody, markdown: 'Text' })).json().data.publishedAt).toBe(now.publishedAt);
    expect((await put({ ...validBody, markdown: 'Text', publishAt: null })).json().data.publishedAt).toBe(
      now.publishedAt,
    );
    expect((await put({ ...validBody, markdown: 'Text', publishAt: 'tomorrow' })).statusCode).toBe(400);
  });
});

describe('RSS', () => {
  it('serves valid RSS 2.0 of all articles and of a tag, escaped, published and due only', async () => {
    const hostile = `Tom & "Jerry's" <script>alert(1)</script>`;
    const tagged = await createArticle(db(), {
      title: hostile,
      excerpt: 'A & B <b>',
      tags: ['sabr & shukr'],
      createdAt: daysAgo(2),
    });
    const other = await createArticle(db(), { title: 'Untagged', createdAt: daysAgo(1) });
    const draft = await createArticle(db(), { title: 'Draft', isPublished: false, tags: ['sabr & shukr'] });
    const future = await createArticle(db(), { title: 'Future', tags: ['sabr & shukr'] });
    await db()
      .update(articles)
      .set({ publishedAt: new Date(Date.now() + DAY) })
      .where(eq(articles.id, future.id));

    const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' });
    const read = async (url: string) => {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(XMLValidator.validate(res.body)).toBe(true);
      const channel = parser.parse(res.body).rss.channel;
      return {
        body: res.body,
        channel,
        links: (channel.item ?? []).map((item: { link: string }) => item.link),
      };
    };

    const all = await read('/rss/articles.xml');
    expect(all.links.map((link: string) => link.split('/articles/')[1])).toEqual([other.id, tagged.id]);
    expect(all.body).not.toContain('<script>');
    expect(all.channel.item[1].title).toBe(hostile);

    const tag = await read(`/articles/tag/${encodeURIComponent('sabr & shukr')}/rss.xml`);
    expect(tag.links).toHaveLength(1);
    expect(tag.links[0]).toMatch(new RegExp(`/articles/${tagged.id}$`));
    expect(tag.channel['atom:link']['@_href']).toMatch(/\/articles\/tag\/sabr%20%26%20shukr\/rss\.xml$/);
    expect(tag.channel.item[0].description).toBe('A & B <b>');
    for (const id of [draft.id, future.id]) {
      expect(all.body).not.toContain(id);
      expect(tag.body).not.toContain(id);
    }
    const none = await ctx.app.inject({ url: `/articles/tag/${'x'.repeat(41)}/rss.xml` });
    expect(none.statusCode).toBe(404);
  });
});

describe('reading on', () => {
  it('answers up to 3 related articles (same category or a shared tag), and the next and previous by publication', async () => {
    const make = (title: string, days: number, category = 'Fiqh', tags: string[] = []) =>
      createArticle(db(), { title, category, tags, createdAt: daysAgo(days) });
    const oldest = await make('Oldest', 9, 'Family');
    const before = await make('Before', 8, 'Family', ['salah']);
    const self = await make('Self', 7, 'Fiqh', ['salah']);
    const after = await make('After', 6, 'fiqh');
    const sameTag = await make('Shares a tag', 5, 'Family', ['salah']);
    await make('Unrelated', 4, 'Ramadan');
    await make('Same category, newest', 3, 'Fiqh');
    const draft = await createArticle(db(), { title: 'Draft', category: 'Fiqh', isPublished: false });

    const read = (await ctx.app.inject({ url: `/api/articles/published/${self.id}` })).json().data as Article;
    expect(read.related).toHaveLength(3);
    const related = read.related!.map((a) => a.title);
    // Same category first (with a shared tag before without), then shared tags, newest first.
    expect(related).toEqual(['Same category, newest', 'After', 'Shares a tag']);
    expect(related).not.toContain('Self');
    expect(read.related!.map((a) => a._id)).not.toContain(draft.id);
    expect(read.next).toMatchObject({ _id: after.id, title: 'After' });
    expect(read.previous).toMatchObject({ _id: before.id, title: 'Before' });

    const first = (await ctx.app.inject({ url: `/api/articles/published/${oldest.id}` })).json().data;
    expect(first.previous).toBeNull();
    expect(first.next._id).toBe(before.id);
    expect(sameTag.id).toBeTruthy();
  });
});

describe('search and tag lists', () => {
  it('finds published articles by words of their text, and lists those of a tag', async () => {
    const headers = await adminHeaders();
    const made = (
      await create(headers, {
        ...validBody,
        markdown: 'On the plain of **Arafah** pilgrims stand.',
        tags: ['Hajj'],
        isPublished: true,
      })
    ).json().data as Article;
    const draft = (await create(headers, { ...validBody, markdown: 'Arafah draft', tags: ['hajj'] })).json()
      .data as Article;
    expect(await publicIds('/api/articles/published?search=pilgrims%20arafah')).toEqual([made._id]);
    expect(await publicIds('/api/articles/published?tags=HAJJ')).toEqual([made._id]);
    expect(await publicIds('/api/articles/published?search=draft')).not.toContain(draft._id);
  });
});
