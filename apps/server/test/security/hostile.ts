import fc from 'fast-check';

/**
 * Generators of hostile input for the property tests: JSON written token by token (so that `__proto__` stays a
 * key and numbers like 1e309 or -0 reach the parser as written), query strings with repeated and odd keys, and
 * path segments that are not ids.
 */

/** A JSON number as written in the body text. */
export class RawNumber {
  constructor(readonly text: string) {}
}
/** A JSON object as a list of entries, so that any key (even `__proto__`) is written as it is. */
export class Entries {
  constructor(readonly entries: [string, Json][]) {}
}
export type Json = string | number | boolean | null | RawNumber | Entries | Json[];

export function writeJson(value: Json): string {
  if (value instanceof RawNumber) return value.text;
  if (value instanceof Entries) {
    return `{${value.entries.map(([key, v]) => `${JSON.stringify(key)}:${writeJson(v)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(writeJson).join(',')}]`;
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value);
}

/** A plain JS value (a valid body of the route table) as a tree the mutations can change. */
export function toJson(value: unknown): Json {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(toJson);
  if (typeof value === 'object') return new Entries(Object.entries(value).map(([k, v]) => [k, toJson(v)]));
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint' || typeof value === 'symbol') return value.toString();
  // A function: its kind is all a JSON answer could say of it.
  return typeof value;
}

export const PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)',
  "%' AND 1=1 --",
  '\\',
  '"',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..%2f..%2fsecrets.json',
  '\u0000',
  '\u202e',
  '\ud800',
  '\ufeff',
  '🕌🕋',
  'ﷺ',
  'नमस्ते',
  'بسم الله',
  '0190b0a0-0000-7000-8000-000000000000',
  '00000000-0000-0000-0000-000000000000',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '9007199254740993',
  '0x10',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '',
  ' ',
];

/** encodeURIComponent, with lone surrogates (which it refuses) replaced. */
export const encode = (text: string) => encodeURIComponent(text.replace(/\p{Cs}/gu, '\ufffd'));

export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '$where',
  '',
];

const NUMBERS = [
  '1e309',
  '-1e309',
  '-0',
  '1e-400',
  '9007199254740993',
  '1.0000000001',
  '-1',
  '0',
  '2147483648',
  '1e21',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PAYLOADS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 200_000 }).map((n) => 'ꙮ'.repeat(n)) },
);

const leaf: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBERS).map((text) => new RawNumber(text)) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.constant(null) },
);

export function hostileValue(fieldNames: string[]): fc.Arbitrary<Json> {
  const key = fc.oneof(
    fc.constantFrom(...HOSTILE_KEYS),
    ...(fieldNames.length > 0 ? [fc.constantFrom(...fieldNames)] : []),
    fc.string({ maxLength: 12 }),
  );
  const { value } = fc.letrec<{ value: Json }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.array(fc.tuple(key, tie('value')), { maxLength: 5 }).map((entries) => new Entries(entries)),
    ),
  }));
  return value;
}

/** The field names of a valid body, at any depth. */
export function fieldNames(value: unknown, into = new Set<string>()): string[] {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (!Array.isArray(value)) into.add(k);
      fieldNames(v, into);
    }
  }
  return [...into];
}

/** Sets (or adds) one field somewhere in the tree, chosen by `pick`. */
export function mutate(tree: Json, pick: number, replacement: Json, newKey: string | undefined): Json {
  const holders: (Entries | Json[])[] = [];
  const walk = (node: Json) => {
    if (node instanceof Entries) {
      holders.push(node);
      node.entries.forEach(([, v]) => walk(v));
    } else if (Array.isArray(node)) {
      holders.push(node);
      node.forEach(walk);
    }
  };
  walk(tree);
  if (holders.length === 0) return replacement;
  const holder = holders[pick % holders.length]!;
  if (holder instanceof Entries) {
    if (newKey !== undefined || holder.entries.length === 0) {
      holder.entries.push([newKey ?? '__proto__', replacement]);
    } else {
      holder.entries[pick % holder.entries.length]![1] = replacement;
    }
  } else if (holder.length === 0) {
    holder.push(replacement);
  } else {
    holder[pick % holder.length] = replacement;
  }
  return tree;
}

export const RAW_BODIES = [
  '{"broken": ',
  '{"a":1,}',
  "{'single': 'quotes'}",
  'null',
  '[]',
  '"a string"',
  '1e309',
  '-0',
  'true',
  '{"__proto__": {"polluted": "yes"}}',
  '{"constructor": {"prototype": {"polluted": "yes"}}}',
  '{"a": {"__proto__": {"polluted": "yes"}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"x": "${'y'.repeat(1_200_000)}"}`,
  '\u0000\u0001\u0002',
  '\ufeff{}',
];

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
];

/**
 * The most characters of hostile text put in a URL. A request line longer than Node's header limit (16 KB) is
 * refused before it reaches the app, and 3000 characters, encoded, already pass it; the megabytes a long string
 * would make only cost the query parser's time. Bodies keep their long strings, up to the body limit and beyond.
 */
const URL_TEXT_MAX = 3000;

/** Hostile text as it goes into a URL: cut to `URL_TEXT_MAX`, then percent-encoded. */
const inUrl = (text: string) => encode(text.slice(0, URL_TEXT_MAX));

/** Query pairs: repeated keys (arrays), prototype keys, odd names and values. */
export function hostileQuery(names: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    fc.constantFrom(
      ...HOSTILE_KEYS,
      'page',
      'limit',
      'status',
      'search',
      'category',
      'sortBy',
      'sortOrder',
      'tags',
    ),
    ...(names.length > 0 ? [fc.constantFrom(...names)] : []),
    fc.string({ maxLength: 10 }),
    fc.constantFrom('a[b]', 'page[]', 'x.y'),
  );
  const pair = fc.tuple(key, hostileString).map(([k, v]) => `${encode(k)}=${inUrl(v)}`);
  return fc.oneof(
    { weight: 5, arbitrary: fc.array(pair, { maxLength: 6 }).map((pairs) => pairs.join('&')) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'page=%',
        'page=%zz',
        'search=%E0%A4%A',
        '%=%',
        '&&&',
        '==',
        'page=1&page=2',
      ),
    },
  );
}

/** A path segment in place of an id: encoded hostile text, or raw broken percent-encoding. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: hostileString.map(inUrl) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '..%2F..%2Fsecrets.json', '%2e%2e', '.', '..'),
  },
);
