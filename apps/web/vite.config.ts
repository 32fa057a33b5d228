import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    assetsInlineLimit: 0,
    // Read by bench/web.mjs to weigh what each route loads.
    manifest: true,
    // The entry imports no chunk statically (see below), so the polyfill would have nothing to preload; the
    // helper that preloads a screen's chunks falls back to rel=preload by itself where modulepreload is missing.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry needs before the first screen (React, the router, TanStack Query, the shell)
        // goes into the entry chunk itself rather than into a handful of small shared chunks: one request, and
        // one compression stream instead of several.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
});
