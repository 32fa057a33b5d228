/**
 * The site's Content-Security-Policy allows no eval. zod compiles faster parsers with `new Function` when it may,
 * and finds out by trying once: a CSP violation logged on every page that checks a form or a query (Chrome's Issues
 * panel, Lighthouse's best practices). Set before any schema of `@scholar/shared` is made, this tells zod not to try.
 * A module of its own, imported first by `main.tsx`, so that it runs before the modules that make schemas.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
