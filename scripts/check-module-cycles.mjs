// `npm run check:cycles`, after the loops of files (scripts/check-file-cycles.mjs): fails on an import loop between
// two or more of the server's modules (apps/server/src/modules/<name>), printing the file edges that make it. See
// scripts/lib/module-cycles.mjs for how a module's dependencies are read, and docs/decisions/059.
import path from 'node:path';
import { root } from './lib/build.mjs';
import { explain, findModuleCycles } from './lib/module-cycles.mjs';

const key = (cycle) => cycle.join(' <-> ');
const { graph, cycles } = findModuleCycles(path.join(root, 'apps', 'server', 'src'));

// None is tolerated (docs/decisions/059): a loop is broken, never let through, as auth <-> users and bills <-> orders
// were when the route that called both moved to the upper module.
for (const cycle of cycles) {
  console.error(`✖ import loop between modules: ${key(cycle)}`);
  console.error(explain(graph, cycle).join('\n'));
}
if (cycles.length > 0) {
  console.error(
    "Break it: move what both need to one side (or below both, in lib/ or db/), have one call the other's service and never back, or move the route that calls both to the upper module.",
  );
  process.exit(1);
}
console.log(`✔ No import loop between the ${Object.keys(graph).length} server modules.`);
