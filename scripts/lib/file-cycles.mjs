// Import loops between files, for `npm run check:cycles` (before the loops between the server's modules, in
// module-cycles.mjs). Every import counts: type-only ones, `export … from`, `import x = require(…)`, dynamic
// `import(…)` and `import('…')` types, as TypeScript's own import scanner reads them (a `require(…)` call is not an
// import in TypeScript), each resolved as TypeScript resolves it with its default options, packages left out. That is
// how madge's TypeScript detective and resolver read a tree, without building a syntax tree of every file, which
// costs several times more.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.[cm]?tsx?$/;

/** Every TypeScript file below `dir` (`.ts` and `.tsx`, declarations too), packages and git's folder left out. */
export function sourceFiles(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === '.git') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

/** The specifiers a file imports, packages' too. */
export const importsOf = (code) =>
  ts.preProcessFile(code, true, false).importedFiles.map((file) => file.fileName);

/**
 * A resolver of specifiers to files: TypeScript's resolution with default options; when it finds nothing, a file
 * that is imported by its whole name (`./index.css`, which TypeScript looks for as `./index.css.d.ts`). Undefined
 * for a package, a file inside one, or nothing at all.
 */
export function createResolver() {
  const options = {};
  const host = ts.createCompilerHost(options);
  const cache = ts.createModuleResolutionCache(process.cwd(), (name) => name, options);
  return (specifier, from) => {
    const found = ts.resolveModuleName(specifier, from, options, host, cache);
    const file =
      found.resolvedModule?.resolvedFileName ??
      (found.failedLookupLocations ?? [])
        .filter((location) => location.endsWith('.d.ts'))
        .map((location) => location.slice(0, -'.d.ts'.length))
        .find((location) => ts.sys.fileExists(location));
    if (file === undefined || file.includes('node_modules') || !fs.existsSync(file)) return undefined;
    return path.resolve(file);
  };
}

/**
 * The files each file imports, from the files in `dirs` and on to every file they reach:
 * `{ '/abs/a.ts': ['/abs/b.ts'] }`. A file that is not TypeScript (JSON, CSS) imports nothing here.
 */
export function fileGraph(dirs) {
  const resolve = createResolver();
  const graph = {};
  const queue = dirs.flatMap((dir) => sourceFiles(path.resolve(dir)));
  while (queue.length > 0) {
    const file = queue.shift();
    if (graph[file]) continue;
    const imports = SOURCE.test(file) ? importsOf(fs.readFileSync(file, 'utf8')) : [];
    graph[file] = [...new Set(imports.map((specifier) => resolve(specifier, file)).filter(Boolean))];
    queue.push(...graph[file].filter((to) => !graph[to]));
  }
  return graph;
}

/**
 * The loops of a file graph, each as its files in import order: a depth-first walk, files and imports in order of
 * their names, that reports a loop each time it comes back to a file it is still walking (the loops madge reports).
 */
export function fileCycles(graph) {
  const cycles = [];
  const done = new Set();
  const walking = [];
  const visit = (file) => {
    walking.push(file);
    for (const to of [...(graph[file] ?? [])].sort()) {
      if (done.has(to)) continue;
      const at = walking.indexOf(to);
      if (at >= 0) cycles.push(walking.slice(at));
      else visit(to);
    }
    walking.pop();
    done.add(file);
  };
  for (const file of Object.keys(graph).sort()) if (!done.has(file)) visit(file);
  return cycles;
}
