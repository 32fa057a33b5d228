import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { messageCatalogues } from './catalogues';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * React Router's build without its development warnings. The package's exports name only its development build
 * (remix-run/react-router#12532); its production build sits beside it, the same code with the warnings off.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/** Text files worth compressing; source maps are only fetched by developer tools. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes a brotli (`.br`, best quality) and a gzip (`.gz`) copy beside every text file of the build over 1 KB,
 * which the server sends as they are (`preCompressed` in apps/server/src/plugins/spa.ts): the smallest files at
 * no cost per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite'));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const data = await fs.promises.readFile(full);
          if (data.length < 1024) return;
          const brotli = zlib.brotliCompressSync(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          });
          const gzip = zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION });
          await fs.promises.writeFile(`${full}.br`, brotli);
          await fs.promises.writeFile(`${full}.gz`, gzip);
        }),
      );
    },
  };
}

/**
 * Puts the app's stylesheet into index.html as a `<style>` element instead of a `<link>`: the first paint (the
 * bar index.html draws before the app's code arrives) waits for no other file. The stylesheet is one file of
 * ~10 KB compressed, which every page needs anyway; the file itself stays in the build for tools.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(
          /[ \t]*<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">\n?/g,
          (tag, fileName: string) => {
            const asset = bundle[fileName];
            const css = asset?.type === 'asset' ? String(asset.source) : undefined;
            // A stylesheet that could end the element early stays a file.
            if (css === undefined || /<\/style/i.test(css)) return tag;
            return `    <style>${css}</style>\n`;
          },
        );
      },
    },
  };
}

/** V8's explicit compile hint: every function of the file is compiled as it streams in. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the entry chunk for eager compilation. Its functions run as the app starts (React, the router, the shell):
 * Chromium then compiles them on a background thread while the file streams in, instead of on the main thread at
 * each function's first call; other browsers read a comment. The hint must be the file's first line, so it is
 * written once the chunk is complete (after Vite's own preamble), and the source map is moved down a line. The
 * file's name keeps the hash of its code without the line: the line is the same in every build, so a name still
 * changes exactly when the code does. Measured (docs/performance.md): the module's evaluation on a 4× slower CPU
 * 234–245 ms with the hint against 273 without, median of 6 traces each, alternating builds.
 */
function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset') {
            const parsed = JSON.parse(String(map.source)) as { mappings: string };
            parsed.mappings = `;${parsed.mappings}`;
            map.source = JSON.stringify(parsed);
          }
        }
      },
    },
  };
}

/**
 * The browser's build (`dist`), and the server's (`vite build --ssr src/entry-server.tsx`, into `dist-ssr`): the
 * renderer of the public pages that apps/server loads (its modules/pages/renderer.ts), without the public files or
 * compressed copies, which only browsers fetch.
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  plugins: isSsrBuild
    ? [messageCatalogues(), react()]
    : [messageCatalogues(), react(), tailwindcss(), compileHints(), precompress(), inlineStylesheet()],
  publicDir: isSsrBuild ? false : 'public',
  // The renderer carries its libraries, React's production build among them, whatever NODE_ENV the server has.
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
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
}));
