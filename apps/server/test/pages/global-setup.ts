import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The repository's build step (scripts/lib/build.mjs), which the journeys use too. */
interface BuildScript {
  ensureBuilt: () => void;
}

/**
 * Builds the web app (and the server) when the build is missing or older than its sources, once per run. The
 * build must not see vitest's NODE_ENV=test: Vite would make a development build (React's development JSX) that
 * the production server build cannot run, for the journeys too.
 */
export default async function setup() {
  const script = pathToFileURL(path.resolve(import.meta.dirname, '../../../../scripts/lib/build.mjs')).href;
  const { ensureBuilt } = (await import(script)) as BuildScript;
  const nodeEnv = process.env.NODE_ENV;
  delete process.env.NODE_ENV;
  try {
    ensureBuilt();
  } finally {
    if (nodeEnv !== undefined) process.env.NODE_ENV = nodeEnv;
  }
}
