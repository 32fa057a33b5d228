import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

const SRC = path.join(import.meta.dirname, '..');

/** Every .ts and .tsx file under src. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** A key written out as an array where a query is read, changed or looked up. */
const INLINE_KEY = /queryKey:\s*\[|QueryData\(\s*\[|QueryKey\s*=\s*\[/;

describe('query keys', () => {
  it('are written only in the key factory', () => {
    const inline = sources(SRC)
      .filter((file) => path.basename(file) !== 'query-keys.ts')
      .filter((file) => INLINE_KEY.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(inline).toEqual([]);
  });

  it("nest each list under its part's key, so that invalidating the part reaches it", () => {
    expect(queryKeys.orders.admin({ page: 2, status: 'all' })).toEqual([
      ...queryKeys.orders.adminLists(),
      { page: 2, status: 'all' },
    ]);
    expect(queryKeys.orders.adminLists().slice(0, 1)).toEqual(queryKeys.orders.all);
    expect(queryKeys.cart.lines('u1').slice(0, 1)).toEqual(queryKeys.cart.all);
  });
});
