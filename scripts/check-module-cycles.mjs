// `npm run check:cycles` (after madge's loops of files): fails on an import loop between two or more of the
// server's modules (apps/server/src/modules/<name>), printing the file edges that make it. See
// scripts/lib/module-cycles.mjs for how a module's dependencies are read, and docs/decisions/059.
import path from 'node:path';
import { root } from './lib/build.mjs';
import { explain, findModuleCycles } from './lib/module-cycles.mjs';

/**
 * Loops known and not yet broken, each as its modules sorted by name. The list may only shrink: a loop that is no
 * longer there fails the check too, so that its entry is removed with the change that broke it.
 */
const KNOWN_LOOPS = [
  // users/users.routes.ts changes a password with auth's password.service; auth reads its users through
  // users.service. The password route belongs with the other password routes in auth.
  ['auth', 'users'],
  // orders/cod.routes.ts issues the bill when the courier's cash is recorded; bills read their orders through
  // orders.service. The order's "cash collected" step could tell the bills module, or the bills route issue it.
  ['bills', 'orders'],
];

const key = (cycle) => cycle.join(' <-> ');
const { graph, cycles } = findModuleCycles(path.join(root, 'apps', 'server', 'src'));
const known = new Set(KNOWN_LOOPS.map(key));
const found = new Set(cycles.map(key));
const fresh = cycles.filter((cycle) => !known.has(key(cycle)));
const gone = KNOWN_LOOPS.filter((cycle) => !found.has(key(cycle)));

for (const cycle of fresh) {
  console.error(`✖ import loop between modules: ${key(cycle)}`);
  console.error(explain(graph, cycle).join('\n'));
}
for (const cycle of gone) {
  console.error(
    `✖ ${key(cycle)} is no longer a loop: remove it from KNOWN_LOOPS in scripts/check-module-cycles.mjs`,
  );
}
if (fresh.length > 0 || gone.length > 0) {
  if (fresh.length > 0) {
    console.error(
      "Break it: move what both need to one side (or below both, in lib/), or have one call the other's service and never back.",
    );
  }
  process.exit(1);
}
console.log(
  `✔ No import loop between the ${Object.keys(graph).length} server modules${KNOWN_LOOPS.length ? ` (${KNOWN_LOOPS.length} known)` : ''}.`,
);
