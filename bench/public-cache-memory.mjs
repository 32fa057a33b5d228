#!/usr/bin/env node
// The public read cache under a flood of distinct URLs, against the built server process on a throwaway DATA_DIR
// (embedded database): 50 published articles of 40 KB each, then 1,000 reads of the largest public list page with
// a distinct unknown parameter (`&x=1` … `&x=1000`), then 400 distinct valid queries of the same list (every
// limit, sort field and order). Prints the server's RSS before, after each flood and at its peak, and how many
// reads the cache answered. Prints figures; it is not a test (the cache's own tests assert the bounds).
//
//   node bench/public-cache-memory.mjs [--requests 1000] [--stop-at-mb 3000]
import { parseArgs } from 'node:util';
import { apiJson, rssMb, startServer } from './lib/server.mjs';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000' },
    // The flood stops when the server grows past this, rather than take the machine's memory.
    'stop-at-mb': { type: 'string', default: '3000' },
  },
});
const requests = Number(args.requests);
const stopAtMb = Number(args['stop-at-mb']);
const ARTICLES = 50;
const ARTICLE_CHARS = 40_000;
const CONCURRENCY = 8;

const server = await startServer({ env: { SEED_DEMO: 'false' } });
const base = server.url;
const admin = { email: 'bench-admin@example.com', password: 'bench-admin-password' };
const api = (method, url, body, headers) => apiJson(base, method, url, body, headers);
process.on('SIGINT', () => void server.stop().then(() => process.exit(130)));

/** Sends every URL, `CONCURRENCY` at a time; stops early when the server dies or outgrows `stopAtMb`. */
async function flood(urls, figures) {
  let next = 0;
  let hits = 0;
  let sent = 0;
  let stopped;
  const worker = async () => {
    while (next < urls.length && stopped === undefined) {
      const url = urls[next++];
      try {
        const res = await fetch(`${base}${url}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
        if (res.headers.get('x-cache') === 'hit') hits += 1;
        sent += 1;
      } catch (error) {
        stopped ??= server.alive() ? String(error) : 'the server died';
      }
      if (sent % 50 === 0) {
        const rss = rssMb(server.pid) ?? 0;
        figures.peak = Math.max(figures.peak, rss);
        if (rss > stopAtMb) stopped ??= `RSS passed ${stopAtMb} MB`;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { sent, hits, stopped };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

try {
  const login = await api('POST', '/api/auth/login', { ...admin, role: 'admin' });
  const auth = { authorization: `Bearer ${login.data.accessToken}` };
  const paragraph = 'In the name of God, the Most Gracious, the Most Merciful. '.repeat(20);
  const content = Array.from({ length: Math.ceil(ARTICLE_CHARS / (paragraph.length + 1)) }, () => paragraph)
    .join('\n')
    .slice(0, ARTICLE_CHARS);
  for (let i = 0; i < ARTICLES; i += 1) {
    await api(
      'POST',
      '/api/articles/admin',
      {
        title: `A long article ${i + 1}`,
        content,
        featuredImage: 'https://example.com/article.jpg',
        isPublished: true,
      },
      auth,
    );
  }
  const list = `/api/articles/published?page=1&limit=${ARTICLES}&sortBy=publishedAt&sortOrder=desc`;
  const first = await fetch(`${base}${list}`);
  const listBytes = (await first.arrayBuffer()).byteLength;
  await settle();
  const figures = { peak: 0 };
  const rows = [
    {
      step: `${ARTICLES} articles of ${ARTICLE_CHARS / 1000} KB, list read once`,
      'RSS MB': rssMb(server.pid),
    },
  ];

  const unknown = Array.from({ length: requests }, (_, i) => `${list}&x=${i + 1}`);
  const a = await flood(unknown, figures);
  await settle();
  rows.push({
    step: `${a.sent} reads with &x=1…${requests}`,
    'RSS MB': rssMb(server.pid),
    'cache hits': a.hits,
    ...(a.stopped ? { stopped: a.stopped } : {}),
  });

  const valid = [];
  for (let limit = 1; limit <= 50; limit += 1) {
    for (const sortBy of ['publishedAt', 'createdAt', 'views', 'title']) {
      for (const sortOrder of ['asc', 'desc']) {
        valid.push(`/api/articles/published?page=1&limit=${limit}&sortBy=${sortBy}&sortOrder=${sortOrder}`);
      }
    }
  }
  if (a.stopped === undefined) {
    const b = await flood(valid, figures);
    await settle();
    rows.push({
      step: `${b.sent} distinct valid queries`,
      'RSS MB': rssMb(server.pid),
      'cache hits': b.hits,
      ...(b.stopped ? { stopped: b.stopped } : {}),
    });
  }
  rows.push({ step: 'peak during the floods', 'RSS MB': figures.peak });
  console.log(`The list page of ${ARTICLES} articles: ${(listBytes / 1024).toFixed(1)} KB uncompressed`);
  console.table(rows);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await server.stop();
}
