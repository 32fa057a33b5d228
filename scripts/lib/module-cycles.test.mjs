// The module loop check of `npm run check:cycles`, on small trees made up for each case.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explain, findModuleCycles, importsOf, moduleCycles, moduleGraph } from './module-cycles.mjs';

const src = path.join(path.sep, 'tree', 'src');
const modules = path.join(src, 'modules');
/** A tree from `{ 'modules/a/a.service.ts': "import … from '../b/b.service';" }`. */
const tree = (files) => new Map(Object.entries(files).map(([file, code]) => [path.join(src, file), code]));

describe('the import loops between modules', () => {
  it('reads every kind of import line, over several lines, and leaves packages and comments out', () => {
    const code = [
      "import { a } from './a';",
      "import type { B } from '../b/b.service';",
      'import {\n  c,\n  d,\n} from "../c/c.service";',
      "export { e } from './e';",
      "import './side-effect';",
      "const f = await import('../f/f.service');",
      "import { z } from 'zod';",
      "// import { old } from '../old/old.service';",
      "/* import { older } from '../older/older.service'; */",
    ].join('\n');
    expect(importsOf(code)).toEqual([
      './a',
      '../b/b.service',
      '../c/c.service',
      './e',
      './side-effect',
      '../f/f.service',
    ]);
  });

  it('finds two modules that import each other through different files, which a loop of files misses', () => {
    const graph = moduleGraph(
      tree({
        'modules/checkout/checkout.service.ts': "import { hold } from '../coupons/coupons.service';",
        'modules/coupons/coupons.service.ts': 'export const hold = 1;',
        'modules/coupons/coupons.routes.ts': "import { price } from '../checkout/checkout.service';",
      }),
      modules,
    );
    const cycles = moduleCycles(graph);
    expect(cycles).toEqual([['checkout', 'coupons']]);
    expect(explain(graph, cycles[0])).toEqual([
      '  checkout -> coupons: checkout/checkout.service.ts -> coupons/coupons.service.ts',
      '  coupons -> checkout: coupons/coupons.routes.ts -> checkout/checkout.service.ts',
    ]);
  });

  it('finds a loop that passes through a file outside the modules, and one of three modules', () => {
    const graph = moduleGraph(
      tree({
        'modules/a/a.service.ts': "import { b } from '../b';",
        'modules/b/index.ts': "import { helper } from '../../lib/helper';",
        'lib/helper.ts': "import { c } from '../modules/c/c.service';",
        'modules/c/c.service.ts': "import { a } from '../a/a.service';",
      }),
      modules,
    );
    expect(moduleCycles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('passes modules that depend one way, and a module that imports its own files in a loop', () => {
    const graph = moduleGraph(
      tree({
        'modules/checkout/checkout.service.ts':
          "import { price } from '../pricing/pricing.service';\nimport { hold } from '../coupons/coupons.service';",
        'modules/coupons/coupons.service.ts': "import { price } from '../pricing/pricing.service';",
        'modules/pricing/pricing.service.ts': "import { x } from './pricing.repository';",
        'modules/pricing/pricing.repository.ts': "import { y } from './pricing.service';",
      }),
      modules,
    );
    expect(graph.checkout).toEqual({
      pricing: 'checkout/checkout.service.ts -> pricing/pricing.service.ts',
      coupons: 'checkout/checkout.service.ts -> coupons/coupons.service.ts',
    });
    expect(moduleCycles(graph)).toEqual([]);
  });

  it("leaves tests out: nothing imports a test, so a module's test may drive another module", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'module-cycles-'));
    try {
      const write = (file, code) => {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), code);
      };
      write('modules/checkout/reconcile.ts', "import { release } from '../coupons/coupons.service';");
      write('modules/coupons/coupons.service.ts', 'export const release = 1;');
      write('modules/coupons/coupons.test.ts', "import { sweep } from '../checkout/reconcile';");
      expect(findModuleCycles(dir).cycles).toEqual([]);
      write('modules/coupons/coupons.routes.ts', "import { sweep } from '../checkout/reconcile';");
      expect(findModuleCycles(dir).cycles).toEqual([['checkout', 'coupons']]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
