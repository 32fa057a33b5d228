// The in-memory limit counter under a full table: what one event costs with 100,000 keys kept against none. The
// counter it replaced scanned every key once it held 50,000, at each new key (~500 → ~11 logins/s); the one in
// lib/window-counter.ts keeps its keys in an LRU map: a full one also drops its least recently used key at each new
// one, a few times the cost of an empty one, never a scan. Rounds alternate between the two, and the quickest of
// each is reported beside the median: what else the machine does is left out.
// Usage: npm run bench counters [rounds, default 7]
import os from 'node:os';
import { COUNTER_MAX_KEYS, WindowCounter } from '../apps/server/src/lib/window-counter';

const rounds = Number(process.argv[2] ?? 7);
const EVENTS = 20_000;

/** Nanoseconds per new key counted. */
function perEvent(counter: WindowCounter, prefix: string): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < EVENTS; i += 1) counter.add(`${prefix}-${i}`, 1);
  return Number(process.hrtime.bigint() - started) / EVENTS;
}

const full = new WindowCounter(5, 60_000);
for (let i = 0; i < COUNTER_MAX_KEYS; i += 1) full.add(`old-${i}`, 0);
perEvent(new WindowCounter(5, 60_000), 'warm-up');

const empty: number[] = [];
const loaded: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  empty.push(perEvent(new WindowCounter(5, 60_000), `new-${round}`));
  loaded.push(perEvent(full, `new-${round}`));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const row = (values: number[]) => ({
  'quickest ns/event': Math.round(Math.min(...values)),
  'median ns/event': Math.round(median(values)),
});
console.log(
  `${EVENTS.toLocaleString('en')} new keys a round, ${rounds} rounds taken in turn; load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
console.table({
  'no keys kept': row(empty),
  [`${COUNTER_MAX_KEYS.toLocaleString('en')} keys kept`]: row(loaded),
});
console.log(
  `Full against empty (quickest): ${(Math.min(...loaded) / Math.min(...empty)).toFixed(2)}× (a scan of every key would be hundreds of times)`,
);
