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
 * PGlite project makes that template once per run and every worker starts from a copy. On PostgreSQL, a migrated
 * template database is made once per run and every test database is a copy of it.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'postgres') {
    project.provide('pgliteTemplate', undefined);
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = await createPostgresTemplate(serverUrl);
    project.provide('postgresTemplate', template.name);
    return () => template.drop();
  }
  project.provide('postgresTemplate', undefined);
  const database = await openPglite(undefined);
  await database.migrate();
  const dump = await database.dump!();
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
