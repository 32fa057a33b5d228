// Bundles the server (with the shared package) into dist/main.js; npm packages stay external.
// BUILD_WITHOUT_SANDBOX=1 leaves the built-in Razorpay sandbox (src/razorpay-sandbox/) out of the bundle.
import { build } from 'esbuild';

const withoutSandbox = process.env.BUILD_WITHOUT_SANDBOX === '1';

/**
 * Every import of src/razorpay-sandbox/ becomes a module whose plugin refuses to register: the app loads the
 * sandbox only when RAZORPAY_SANDBOX is on (modules/payments/payments.routes.ts), and such a build then does not
 * start. An import of a name the stub lacks fails the build.
 */
const sandboxLeftOut = {
  name: 'sandbox-left-out',
  setup(plugin) {
    plugin.onResolve({ filter: /(^|\/)razorpay-sandbox(\/|$)/ }, (args) => ({
      path: args.path,
      namespace: 'sandbox-left-out',
    }));
    plugin.onLoad({ filter: /.*/, namespace: 'sandbox-left-out' }, () => ({
      loader: 'js',
      contents: `export const sandboxRoutes = async () => {
  throw new Error('This server was built without the Razorpay sandbox (BUILD_WITHOUT_SANDBOX=1): set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET');
};
`,
    }));
  },
};

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
  plugins: withoutSandbox ? [sandboxLeftOut] : [],
});
