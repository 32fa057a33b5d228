// `npm run check:cycles`, first: fails on an import loop between files in the folders given, printing each loop. See
// scripts/lib/file-cycles.mjs for how the imports are read.
import path from 'node:path';
import { fileCycles, fileGraph } from './lib/file-cycles.mjs';

const dirs = process.argv.slice(2);
const graph = fileGraph(dirs);
const cycles = fileCycles(graph);
const files = Object.keys(graph).length;
if (cycles.length > 0) {
  console.error(
    `✖ ${cycles.length} import loop${cycles.length === 1 ? '' : 's'} between files (of ${files}):`,
  );
  cycles.forEach((cycle, i) =>
    console.error(`${i + 1}) ${cycle.map((file) => path.relative(process.cwd(), file)).join(' > ')}`),
  );
  process.exit(1);
}
console.log(`✔ No import loop between the ${files} files of ${dirs.join(', ')}.`);
