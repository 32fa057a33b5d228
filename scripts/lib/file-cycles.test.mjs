// The file loop check of `npm run check:cycles`, on small trees written to a temporary folder (imports are resolved
// on disk, as TypeScript resolves them).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileCycles, fileGraph, importsOf } from './file-cycles.mjs';

let dir;
/** A tree on disk from `{ 'a.ts': "import { b } from './b';" }`; returns the folder. */
const tree = (files) => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-cycles-'));
  for (const [file, code] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), code);
  }
  return dir;
};
const names = (cycles) => cycles.map((cycle) => cycle.map((file) => path.relative(dir, file)));

afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the import loops between files', () => {
  it('reads every kind of import, and neither comments, strings nor require calls', () => {
    const code = [
      "import type { A } from './a';",
      "export { b } from './b';",
      "export type { C } from './c';",
      "import d = require('./d');",
      "const e = await import('./e');",
      "let f: import('./f').F;",
      "import './g';",
      "// import { old } from './old';",
      'const text = "import { quoted } from \'./quoted\'";',
      "const h = require('./h');",
    ].join('\n');
    expect(importsOf(code)).toEqual(['./a', './b', './c', './d', './e', './f', './g']);
  });

  it('finds a loop through a type-only import and a dynamic one, in import order', () => {
    const root = tree({
      'src/a.ts': "import type { B } from './b';\nexport const a = 1;",
      'src/b.ts': "export const b = () => import('./nested/c');\nexport type B = 1;",
      'src/nested/c.ts': "import { a } from '../a';\nexport const c = a;",
      'src/d.ts': "import { a } from './a';",
    });
    expect(names(fileCycles(fileGraph([path.join(root, 'src')])))).toEqual([
      ['src/a.ts', 'src/b.ts', 'src/nested/c.ts'],
    ]);
  });

  it('follows an import out of the folders given, resolves a file named whole, and leaves packages out', () => {
    const root = tree({
      'src/main.tsx': "import './index.css';\nimport { x } from '../lib/x';\nimport { z } from 'zod';",
      'src/index.css': 'body {}',
      'lib/x.ts': "export { y } from './y';",
      'lib/y.ts': 'export const y = 1;',
      'node_modules/zod/index.d.ts': 'export declare const z: number;',
    });
    const graph = fileGraph([path.join(root, 'src')]);
    const relative = Object.fromEntries(
      Object.entries(graph).map(([file, to]) => [
        path.relative(root, file),
        to.map((t) => path.relative(root, t)),
      ]),
    );
    expect(relative).toEqual({
      'src/main.tsx': ['src/index.css', 'lib/x.ts'],
      'src/index.css': [],
      'lib/x.ts': ['lib/y.ts'],
      'lib/y.ts': [],
    });
    expect(fileCycles(graph)).toEqual([]);
  });
});
