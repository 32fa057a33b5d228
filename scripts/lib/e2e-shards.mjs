// Splits the journeys' spec files into shards of about equal time: the longest first, each to the shard with the
// least so far. The times are e2e/durations.json (seconds per spec, from a full run's list report); a spec not
// listed counts as the median, and is named in a warning, so that the figures are brought up to date.
import fs from 'node:fs';
import path from 'node:path';

export function planShards(e2eDir, count, warn = (line) => process.stderr.write(`${line}\n`)) {
  const files = fs
    .readdirSync(e2eDir)
    .filter((name) => name.endsWith('.spec.ts'))
    .sort();
  const known = JSON.parse(fs.readFileSync(path.join(e2eDir, 'durations.json'), 'utf8'));
  const times = Object.values(known).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 1;
  const unknown = files.filter((name) => known[name] === undefined);
  if (unknown.length > 0) {
    warn(
      `Warning: e2e/durations.json has no time for ${unknown.join(', ')}: planned as ${median} s each; ` +
        'add their times from a full run.',
    );
  }
  const weighed = files
    .map((name) => ({ name, seconds: known[name] ?? median }))
    .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
  const shards = Array.from({ length: Math.min(count, files.length) }, () => ({ seconds: 0, files: [] }));
  for (const file of weighed) {
    const lightest = shards.reduce((min, shard) => (shard.seconds < min.seconds ? shard : min));
    lightest.seconds += file.seconds;
    lightest.files.push(path.join('e2e', file.name));
  }
  return shards.map((shard) => shard.files.sort());
}
