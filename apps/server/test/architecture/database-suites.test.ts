import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DATABASE_MARKER, databaseSuites, ISOLATED_FILES, serverTestFiles } from '../../vitest.config';

const SERVER = path.resolve(import.meta.dirname, '..', '..');

/** The projects of the root config as it is with a PostgreSQL server to run on. */
async function rootProjects(): Promise<{ test?: { name?: string; include?: string[] } }[]> {
  vi.stubEnv('TEST_DATABASE_URL', 'postgres://postgres@127.0.0.1:1/unused');
  try {
    // Loaded by its path, so that the server's type check leaves the root config to its own.
    const root = (await import(path.join(SERVER, '..', '..', 'vitest.config.ts'))).default as {
      test?: { projects?: unknown[] };
    };
    return (root.test?.projects ?? []).filter(
      (p): p is { test?: { name?: string } } => typeof p === 'object',
    );
  } finally {
    vi.unstubAllEnvs();
  }
}

/**
 * The suites that run again on PostgreSQL are the files marked `// @database: <why>` on their first line
 * (docs/decisions/061), and only those: a marker elsewhere in a file, or without its reason, would leave a file out
 * without anyone noticing.
 */
describe('the PostgreSQL suites', () => {
  it('are marked on the first line, with the reason', () => {
    // This file names the marker in its own text.
    const others = serverTestFiles().filter((file) => file !== 'test/architecture/database-suites.test.ts');
    const misplaced = others.filter((file) => {
      const lines = fs.readFileSync(path.join(SERVER, file), 'utf8').split('\n');
      return lines.some((line, i) => line.includes('@database') && (i > 0 || !DATABASE_MARKER.test(line)));
    });
    expect(misplaced).toEqual([]);
    expect(databaseSuites().length).toBeGreaterThan(10);
  });

  it('are what the server:postgres projects run', async () => {
    const projects = await rootProjects();
    const included = (name: string) => projects.find((p) => p.test?.name === name)?.test?.include ?? [];
    const run = [...included('server:postgres'), ...included('server:postgres:isolated')];
    expect(new Set(run)).toEqual(new Set(databaseSuites()));
    // Files that need isolation run in the isolated project only.
    expect(included('server:postgres').filter((file) => ISOLATED_FILES.includes(file))).toEqual([]);
  });
});
