// How the journeys' specs are split into shards, and the warning for a spec e2e/durations.json does not time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planShards } from './e2e-shards.mjs';

const folders = [];

/** An e2e folder with these specs and these durations. */
function e2eFolder(specs, durations) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-shards-'));
  folders.push(dir);
  for (const name of specs) fs.writeFileSync(path.join(dir, name), '');
  fs.writeFileSync(path.join(dir, 'durations.json'), JSON.stringify(durations));
  return dir;
}

afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('planShards', () => {
  it('gives each spec to the shard with the least time so far, the longest first', () => {
    const dir = e2eFolder(['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'd.spec.ts'], {
      'a.spec.ts': 40,
      'b.spec.ts': 30,
      'c.spec.ts': 20,
      'd.spec.ts': 10,
    });
    const warnings = [];
    expect(planShards(dir, 2, (line) => warnings.push(line))).toEqual([
      ['e2e/a.spec.ts', 'e2e/d.spec.ts'],
      ['e2e/b.spec.ts', 'e2e/c.spec.ts'],
    ]);
    expect(warnings).toEqual([]);
  });

  it('names the specs it has no time for, and plans them at the median', () => {
    const dir = e2eFolder(['a.spec.ts', 'b.spec.ts', 'new.spec.ts', 'other.spec.ts'], {
      'a.spec.ts': 40,
      'b.spec.ts': 10,
      'gone.spec.ts': 1,
    });
    const warnings = [];
    expect(planShards(dir, 1, (line) => warnings.push(line))).toEqual([
      ['e2e/a.spec.ts', 'e2e/b.spec.ts', 'e2e/new.spec.ts', 'e2e/other.spec.ts'],
    ]);
    expect(warnings).toEqual([
      'Warning: e2e/durations.json has no time for new.spec.ts, other.spec.ts: planned as 10 s each; add their times from a full run.',
    ]);
  });
});
