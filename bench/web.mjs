// Weighs what each route makes the browser download (JS and CSS, gzip and brotli), from Vite's manifest.
// Usage: node bench/web.mjs   (builds the web app first when needed)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';
import { ensureBuilt, root } from '../scripts/lib/build.mjs';

ensureBuilt();
const dist = path.join(root, 'apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

/** Every chunk a key loads statically (its imports, recursively) with their CSS. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

function weigh(keys) {
  const files = new Set();
  for (const key of keys) {
    files.add(manifest[key].file);
    for (const css of manifest[key].css ?? []) files.add(css);
  }
  const total = { js: { raw: 0, gzip: 0, brotli: 0 }, css: { raw: 0, gzip: 0, brotli: 0 } };
  for (const file of files) {
    const data = fs.readFileSync(path.join(dist, file));
    const kind = file.endsWith('.css') ? 'css' : 'js';
    total[kind].raw += data.length;
    total[kind].gzip += zlib.gzipSync(data, { level: 9 }).length;
    total[kind].brotli += zlib.brotliCompressSync(data).length;
  }
  return total;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const entry = closure(entryKey);
const routes = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry && /pages\//.test(key))
  .map(([key]) => ({ name: path.basename(key).replace(/\.tsx?$/, ''), keys: closure(key, new Set(entry)) }))
  .sort((a, b) => a.name.localeCompare(b.name));

const rows = [{ name: '(entry: every route)', keys: entry }, ...routes].map(({ name, keys }) => {
  const w = weigh(keys);
  return {
    route: name,
    'JS gzip': kb(w.js.gzip),
    'JS brotli': kb(w.js.brotli),
    'CSS gzip': kb(w.css.gzip),
    'JS raw': kb(w.js.raw),
  };
});
console.log('First-load weight per route (entry chunk + the route chunk and its imports):');
console.table(rows);

// The floor under those figures: the libraries every route needs (React, React DOM, React Router, TanStack Query,
// the stack of docs/product.md, "Stack"), with the parts of them the app uses, built by the same bundler and
// minifier: with React Router's declarative router, and with its data router, which the app uses (its blocker keeps
// unsaved work, and the server renders from the same route objects with their loaders).
const COMMON = `
import { StrictMode, startTransition, lazy, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useQuery, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { Link, NavLink, Navigate, Outlet, useNavigate, useLocation, useNavigationType, useParams, useSearchParams }
  from 'react-router';
globalThis.common = [StrictMode, startTransition, lazy, Suspense, createRoot, hydrateRoot, QueryClient,
  QueryClientProvider, useQuery, keepPreviousData, queryOptions, Link, NavLink, Navigate, Outlet, useNavigate,
  useLocation, useNavigationType, useParams, useSearchParams];
`;
const LIBRARIES = {
  declarative: `${COMMON}
import { BrowserRouter, useRoutes } from 'react-router';
globalThis.router = [BrowserRouter, useRoutes];
`,
  data: `${COMMON}
import { createBrowserRouter, RouterProvider, useBlocker } from 'react-router';
globalThis.router = [createBrowserRouter, RouterProvider, useBlocker];
`,
};

async function librariesGzip(source) {
  const result = await build({
    root: path.join(root, 'apps/web'),
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    plugins: [
      {
        name: 'libraries-only',
        resolveId: (id) => (id === 'virtual:libraries' ? '\0libraries' : null),
        load: (id) => (id === '\0libraries' ? source : null),
      },
    ],
    build: { write: false, minify: true, rollupOptions: { input: 'virtual:libraries' } },
  });
  const code = [result]
    .flat()
    .flatMap((each) => each.output)
    .filter((chunk) => chunk.type === 'chunk')
    .map((chunk) => chunk.code)
    .join('');
  return zlib.gzipSync(code, { level: 9 }).length;
}
const declarative = await librariesGzip(LIBRARIES.declarative);
const dataRouter = await librariesGzip(LIBRARIES.data);
console.log(
  `The libraries alone (React, React DOM, TanStack Query and React Router): ${kb(dataRouter)} gzip with the data ` +
    `router the app uses, ${kb(declarative)} with the declarative router (${kb(dataRouter - declarative)} less)`,
);

// The budgets of the public routes' first load, JS after gzip (docs/decisions/065): the data router's libraries,
// the app's shell (layout, session, cart, i18n, router table) and the screen. Not what the reader's first action
// waits for: the public pages' buttons are forms, links and disclosures that work before the script (decisions 063
// and 064); what the script's size costs is the app's arrival on a slow phone, and the blocked time it takes.
const BUDGETS_KB = {
  '(entry: every route)': 142,
  'home-page': 160,
  'book-page': 155,
  'books-page': 153,
  'fatwah-page': 151,
  'fatwahs-page': 154,
  'article-page': 165,
  'articles-page': 155,
  'ask-fatwah-page': 179,
  'cart-page': 178,
  'about-page': 152,
  'initiatives-page': 151,
  'certifications-page': 148,
  'privacy-policy-page': 153,
  'terms-page': 153,
  'return-policy-page': 153,
};
let over = 0;
console.log('Public routes, first-load JS gzip against their budgets:');
for (const [route, budget] of Object.entries(BUDGETS_KB)) {
  const keys = route === '(entry: every route)' ? entry : routes.find((each) => each.name === route)?.keys;
  if (!keys) {
    console.log(`  ${route.padEnd(22)} not in the build`);
    over += 1;
    continue;
  }
  const gzip = weigh(keys).js.gzip;
  const ok = gzip <= budget * 1024;
  if (!ok) over += 1;
  console.log(`  ${route.padEnd(22)} ${kb(gzip).padStart(9)} / ${budget} KB  ${ok ? 'ok' : 'OVER'}`);
}
console.log(
  over === 0 ? 'Every public route is within its budget.' : `${over} public route(s) over their budget.`,
);
if (over > 0 && process.argv.includes('--check')) process.exitCode = 1;
