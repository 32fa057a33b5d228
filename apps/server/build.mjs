// Bundles the server (with the shared package) into dist/main.js; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // The shared workspace package is TypeScript source: bundle it instead of importing it at run time.
  alias: { '@scholar/shared': '../../packages/shared/src/index.ts' },
});
