import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importZones from './scripts/lib/eslint-import-zones.js';

// `npm run lint` starts ESLint with semi-spaces of 32 MB (`node --max-semi-space-size=32`), twice what Node 20's V8
// grows them to: typed linting makes many short-lived objects beside the programs it keeps, and fewer collections of
// them cost about a tenth less CPU in all (measured; TypeScript and Prettier alone do not gain).

const TS = ['**/*.{ts,tsx,mts}'];
const TESTS = [
  '**/*.test.{ts,tsx}',
  '**/testing.tsx',
  'e2e/**',
  'bench/**',
  'apps/server/test/**',
  'apps/web/src/test/**',
];

/** What each layer may import (see scripts/lib/eslint-import-zones.js): the app composes, features stand apart. */
export const ZONES = [
  {
    target: 'apps/web/src/features/*',
    from: ['apps/web/src/features'],
    except: ['.'],
    message: 'a feature does not import another feature; share through components/ or lib/.',
  },
  {
    target: 'apps/web/src/features/*',
    from: ['apps/web/src/app'],
    message: 'features do not import the app shell (app/): the app composes the features.',
  },
  ...['components', 'lib', 'content'].map((layer) => ({
    target: `apps/web/src/${layer}`,
    from: ['apps/web/src/features', 'apps/web/src/app'],
    message: 'shared code does not import features or the app shell.',
  })),
  {
    target: 'apps/web/src',
    from: ['apps/web/src/test'],
    message: 'the code that ships does not import test helpers (src/test).',
  },
  {
    target: 'apps/server/src',
    from: ['apps/server/test'],
    message: 'production code must not import test code (apps/server/test).',
  },
  {
    target: 'apps/server/src/plugins',
    from: ['apps/server/src/modules'],
    message:
      'apps/server/src/plugins must not import apps/server/src/modules: move what the plugin needs into the plugin or lib/, or have app.ts pass it in when it registers the plugin.',
  },
  {
    target: 'apps/server/src/lib',
    from: ['apps/server/src'],
    except: ['apps/server/src/lib'],
    message: 'lib/ is the bottom layer: helpers that know nothing of the app.',
  },
  {
    target: 'apps/server/src/modules/*',
    from: ['apps/server/src/modules'],
    except: ['.'],
    files: ['*.repository'],
    message:
      "a module does not import another module's repository: call a function of that module's service (its *.service.ts), which owns the rows.",
  },
  ...['modules', 'plugins', 'db', 'mail', 'payments', 'cli'].map((layer) => ({
    target: `apps/server/src/${layer}`,
    from: ['apps/server/src/app', 'apps/server/src/main'],
    message: 'the app (app.ts) composes the modules; they take its type from app-types.ts.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Rules that read the types: promises not awaited, methods called without their object, and the like.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: TS })),
  {
    files: TS,
    languageOptions: {
      parserOptions: {
        // Each file is read in the program of the nearest tsconfig.json that lists it: the workspaces' own, and for the
        // runners' configs and the benchmarks the root's (playwright.config.ts through it in e2e's).
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Fastify's plugins and hooks are async functions by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
      // React calls an event handler and drops what it returns; an async one reports its own failures.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Tests read JSON answers as they come (`res.json()` is any): checking their shape is what the assertions do.
    files: TESTS,
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      // The fetch fakes read the URL and body the app passes, always strings.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The code that ships; a test may reach across layers to set up what it checks.
    files: TS,
    ignores: TESTS,
    plugins: { local: { rules: { 'import-zones': importZones } } },
    rules: { 'local/import-zones': ['error', { zones: ZONES }] },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Failures that are "logged only" (docs/product.md, "Messages") go to console.error.
      'no-console': ['error', { allow: ['error'] }],
      // The notification library loads after the first screen, behind lib/toast (see there).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'sonner',
              message: "Import toast from 'lib/toast': sonner loads after the first screen.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/toast.ts', 'apps/web/src/lib/toast.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['scripts/**', 'bench/**', '.ci/**', 'e2e/**', '**/*.config.{ts,js,mjs}', '**/build.mjs'],
    rules: { 'no-console': 'off' },
  },
);
