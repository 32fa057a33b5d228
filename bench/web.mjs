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
const home = rows.find((r) => r.route === 'home-page');
console.log(`Home route first-load JS: ${home?.['JS gzip']} gzip (budget 100 KB)`);

// The floor under that figure: the libraries every route needs (React, React DOM, React Router, TanStack Query,
// the stack of docs/product.md, "Stack"), with the parts of them the app uses, built by the same bundler and
// minifier.
const LIBRARIES = `
import { StrictMode, startTransition, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes, Link, NavLink, Navigate, Outlet, useNavigate, useLocation, useNavigationType,
  useParams, useSearchParams } from 'react-router';
import { QueryClient, QueryClientProvider, useQuery, keepPreviousData, queryOptions } from '@tanstack/react-query';
globalThis.used = [StrictMode, startTransition, lazy, Suspense, createRoot, BrowserRouter, useRoutes, Link, NavLink,
  Navigate, Outlet, useNavigate, useLocation, useNavigationType, useParams, useSearchParams, QueryClient,
  QueryClientProvider, useQuery, keepPreviousData, queryOptions];
`;
const floor = await build({
  root: path.join(root, 'apps/web'),
  configFile: false,
  logLevel: 'silent',
  mode: 'production',
  plugins: [
    {
      name: 'libraries-only',
      resolveId: (id) => (id === 'virtual:libraries' ? '\0libraries' : null),
      load: (id) => (id === '\0libraries' ? LIBRARIES : null),
    },
  ],
  build: { write: false, minify: true, rollupOptions: { input: 'virtual:libraries' } },
});
const libraries = [floor]
  .flat()
  .flatMap((result) => result.output)
  .filter((chunk) => chunk.type === 'chunk')
  .map((chunk) => chunk.code)
  .join('');
const librariesGzip = zlib.gzipSync(libraries, { level: 9 }).length;
const homeGzip = weigh(routes.find((r) => r.name === 'home-page')?.keys ?? entry).js.gzip;
console.log(
  `of which React, React DOM, React Router and TanStack Query alone: ${kb(librariesGzip)} gzip; the rest, the app's own code on the home route: about ${kb(homeGzip - librariesGzip)}`,
);
