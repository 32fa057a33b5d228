// What a test job cost: the CPU seconds of the processes it ran, and the time and the tests of each of its files, read
// from its log (vitest's and Playwright's list reporters).
import fs from 'node:fs';

/** Clock ticks a second in /proc (USER_HZ, 100 on every Linux this runs on). */
const TICKS = 100;

/**
 * The CPU seconds (user + system) of every child this process has waited for, and of theirs that they waited for,
 * so far: the difference across one child's exit is that child's cost. Undefined off Linux.
 */
export function childCpuSeconds() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    // After the command's name in parentheses: state is field 3, cutime and cstime are fields 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / TICKS;
  } catch {
    return undefined;
  }
}

// eslint-disable-next-line no-control-regex -- the colours' escape sequences are what is taken out
const ANSI = /\u001b\[[0-9;]*m/g;
/** A journeys' shard's prefix (scripts/test-e2e.mjs) on each of its lines. */
const SHARD = /^\[e2e \d+\/\d+\] /gm;
const plain = (log) => log.replace(ANSI, '').replace(SHARD, '');
/** ` ✓ |project| src/x.test.ts (12 tests | 1 skipped) 3456ms` */
const VITEST_FILE = /^ [✓❯×✗] +(?:\S+ +)?(\S+\.test\.[cm]?[jt]sx?) \((\d+) tests?[^)]*\)(?: (\d+)ms)?/;
/** `  ✓    1 e2e/x.spec.ts:10:3 › title (17.4s)` or `(640ms)`, `✘` when it failed. */
const JOURNEY = /^ +[✓✘-] +\d+ (?:\[[^\]]+\] › )?(e2e\/[^:]+\.spec\.ts):\d+:\d+ .*\((\d+(?:\.\d+)?)(m?s)\)$/;

/**
 * The files of a job's log with their seconds and tests, the slowest first. A journey retried counts each time it
 * ran (its time was spent).
 */
export function fileTimes(log) {
  const files = new Map();
  const add = (name, seconds, tests) => {
    const file = files.get(name) ?? { name, seconds: 0, tests: 0 };
    file.seconds += seconds;
    file.tests += tests;
    files.set(name, file);
  };
  for (const line of plain(log).split('\n')) {
    const unit = VITEST_FILE.exec(line);
    if (unit) {
      add(unit[1], Number(unit[3] ?? 0) / 1000, Number(unit[2]));
      continue;
    }
    const journey = JOURNEY.exec(line);
    if (journey) add(journey[1], Number(journey[2]) / (journey[3] === 'ms' ? 1000 : 1), 1);
  }
  return [...files.values()].sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
}

/** The tests a job's log says ran: vitest's `Tests  686 passed (686)`, Playwright's `153 passed`, `2 flaky`. */
export function testsRun(log) {
  const text = plain(log);
  const vitest = [...text.matchAll(/^ +Tests +(.*)$/gm)].at(-1);
  if (vitest) {
    return [...vitest[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g)]
      .filter((match) => match[2] === 'passed' || match[2] === 'failed')
      .reduce((sum, match) => sum + Number(match[1]), 0);
  }
  return [...text.matchAll(/^ +(\d+) (passed|failed|flaky)\b/gm)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
}
