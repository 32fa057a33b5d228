// What `npm test` reads from a job's log and from the kernel: the files' times and tests, the tests run, the CPU.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fileTimes, testsRun, watchTreeCpu } from './job-report.mjs';

const vitestLog = [
  '\u001b[32m✓\u001b[39m \u001b[30m\u001b[43m server:pglite \u001b[49m\u001b[39m src/a.test.ts \u001b[2m(\u001b[22m\u001b[2m48 tests\u001b[22m\u001b[2m)\u001b[22m\u001b[33m 3941\u001b[2mms\u001b[22m\u001b[39m',
  ' ✓  web  src/b.test.tsx (1 test) 12ms',
  ' ❯  web  src/c.test.tsx (3 tests | 1 failed) 2500ms',
  '',
  '      Tests  2 failed | 50 passed | 1 skipped (53)',
]
  .map((line) => (line.startsWith(' ') ? line : ` ${line}`))
  .join('\n');

const journeysLog = [
  '[e2e 1/2]   ✓    1 e2e/accounts.spec.ts:10:3 › an account › registers (17.4s)',
  '[e2e 2/2]   ✘    2 e2e/books.spec.ts:5:1 › a book (640ms)',
  '[e2e 2/2]   ✓    3 e2e/books.spec.ts:5:1 › a book (retry #1) (1.2s)',
  '[e2e 1/2]   1 passed (20s)',
  '[e2e 2/2]   1 failed',
  '[e2e 2/2]   1 flaky',
].join('\n');

describe("a job's log", () => {
  it("gives each vitest file's time and tests, the slowest first, whatever the colours", () => {
    expect(fileTimes(vitestLog)).toEqual([
      { name: 'src/a.test.ts', seconds: 3.941, tests: 48 },
      { name: 'src/c.test.tsx', seconds: 2.5, tests: 3 },
      { name: 'src/b.test.tsx', seconds: 0.012, tests: 1 },
    ]);
    expect(testsRun(vitestLog)).toBe(52);
  });

  it("gives each spec's time over its journeys, a retry's too, across the shards", () => {
    const [accounts, books] = [...fileTimes(journeysLog)].sort((a, b) => a.name.localeCompare(b.name));
    expect(accounts).toEqual({ name: 'e2e/accounts.spec.ts', seconds: 17.4, tests: 1 });
    expect(books?.name).toBe('e2e/books.spec.ts');
    expect(books?.seconds).toBeCloseTo(1.84);
    expect(books?.tests).toBe(2);
    expect(testsRun(journeysLog)).toBe(3);
  });
});

describe("a job's CPU", () => {
  it(
    'counts what the processes below it spent, a grandchild its parent never waits for included',
    {
      timeout: 60_000,
    },
    async () => {
      // A shell starts a busy node in the background and does not wait for it, as Chromium's helpers are left; the
      // node spends half a second of CPU, then says so on its output.
      const busy = `node -e "while (process.cpuUsage().user < 5e5); console.log('done')"`;
      const child = spawn('sh', ['-c', `${busy} & sleep 30`], { stdio: ['ignore', 'pipe', 'ignore'] });
      const watch = watchTreeCpu(child.pid, 50);
      await new Promise((resolve) => child.stdout.on('data', resolve));
      // It ends meanwhile; what it spent after the last look is missed.
      const cpu = watch.stop();
      child.kill();
      if (process.platform !== 'linux') return;
      expect(cpu).toBeGreaterThanOrEqual(0.3);
    },
  );
});
