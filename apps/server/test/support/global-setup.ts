import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/db/client';
import { createPostgresTemplate } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | undefined;
    /** The migrated database every PostgreSQL test database copies. */
    postgresTemplate: string | undefined;
  }
}

/**
 * Creating an embedded database costs seconds; loading a migrated one from a tarball, well under one. The
 * PGlite projects make that template once per run and every worker starts from a copy. On PostgreSQL, a migrated
 * template database is made once per run and every test database is a copy of it.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'postgres') {
    project.provide('pgliteTemplate', undefined);
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = await sharedByProjects(
      `postgres ${serverUrl}`,
      () => createPostgresTemplate(serverUrl),
      (made) => made.drop(),
    );
    project.provide('postgresTemplate', template.value.name);
    return template.release;
  }
  project.provide('postgresTemplate', undefined);
  const template = await sharedByProjects('pglite', makePgliteTemplate, (file) =>
    fs.rmSync(path.dirname(file), { recursive: true, force: true }),
  );
  project.provide('pgliteTemplate', template.value);
  return template.release;
}

/** A migrated embedded database as a tarball in a folder of its own: its path. */
async function makePgliteTemplate(): Promise<string> {
  const database = await openPglite(undefined);
  await database.migrate();
  const dump = await database.dump!();
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

interface Shared<T> {
  value: Promise<T>;
  projects: number;
}
const shared = Symbol.for('scholar.test.sharedByProjects');

/**
 * What `make` makes, made once for all the projects of this vitest process on one database (the files sharing their
 * worker's modules and the isolated ones) instead of once per project: vitest imports this setup once per project,
 * so the value is kept on the process's global object, and `remove`d when the last project that asked is done.
 */
async function sharedByProjects<T>(
  key: string,
  make: () => Promise<T>,
  remove: (value: T) => unknown,
): Promise<{ value: T; release: () => Promise<void> }> {
  const all = ((globalThis as { [shared]?: Map<string, Shared<unknown>> })[shared] ??= new Map());
  const entry = (all.get(key) as Shared<T> | undefined) ?? { value: make(), projects: 0 };
  all.set(key, entry);
  entry.projects += 1;
  const value = await entry.value;
  const release = async () => {
    entry.projects -= 1;
    if (entry.projects > 0) return;
    all.delete(key);
    await remove(value);
  };
  return { value, release };
}
