// What a test job cost: the CPU seconds of the processes it ran, and the time and the tests of each of its files, read
// from its log (vitest's and Playwright's list reporters).
import fs from 'node:fs';

/** Clock ticks a second in /proc (USER_HZ, 100 on every Linux this runs on). */
const TICKS = 100;

/** Each process's parent and its own CPU seconds (user + system), read from /proc: empty off Linux. */
function processTable() {
  const table = new Map();
  let names;
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return table;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // After the command's name in parentheses: ppid is field 4, utime and stime 14 and 15, starttime 22.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), {
        parent: Number(fields[1]),
        cpu: (Number(fields[11]) + Number(fields[12])) / TICKS,
        started: fields[19],
      });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/**
 * Watches the CPU of the process `pid` and of every process below it, however deep, whether or not its parent waits
 * for it (Chromium's renderers are never waited for by the test runner, so the kernel's children's times miss them):
 * every `intervalMs` it reads each one's CPU so far, and `stop()` gives the sum of the last figures seen. What a
 * process spends after the last look before it ends is missed: up to `intervalMs` of one core per process.
 */
export function watchTreeCpu(pid, intervalMs = 250) {
  /** The last figure seen of each process, by pid and start time (a pid can be used again). */
  const seen = new Map();
  const look = () => {
    const table = processTable();
    const children = new Map();
    for (const [child, { parent }] of table) {
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(child);
    }
    const below = [pid];
    while (below.length > 0) {
      const current = below.pop();
      const entry = table.get(current);
      if (entry) seen.set(`${current}@${entry.started}`, entry.cpu);
      below.push(...(children.get(current) ?? []));
    }
  };
  look();
  const timer = setInterval(look, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      look();
      return sumOf(seen);
    },
  };
}

const sumOf = (seen) => [...seen.values()].reduce((sum, cpu) => sum + cpu, 0);

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
