// Import loops between the server's modules (the folders under apps/server/src/modules), not only between files.
// madge (`npm run check:cycles`) fails on a loop of files; two modules can still lean on each other through
// different files (coupons' routes on checkout's service, checkout's service on coupons' service) and madge sees no
// loop. Here every file is read for its import lines, and module A depends on module B when a file of A reaches a
// file of B, directly or through files outside every module (lib/, mail/, payments/ …): a loop through a helper
// outside the modules is still a loop between them.
import fs from 'node:fs';
import path from 'node:path';

/** `from '…'`, `import '…'`, `import('…')` and `export … from '…'`, over several lines too. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

/**
 * A test is read by the test runner only: nothing imports it, so it is never part of a loop the running code can
 * have, and a module's test may well drive another module (coupons' tests run checkout's sweep).
 */
const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);

/** Every source file below `dir`, tests left out. */
export function sourceFiles(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full));
    else if (EXTENSIONS.includes(path.extname(entry.name)) && !isTest(entry.name)) found.push(full);
  }
  return found;
}

/** The relative specifiers a file imports (packages are left out: they are never part of a loop here). */
export function importsOf(code) {
  const withoutComments = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...withoutComments.matchAll(SPECIFIER)].map((match) => match[1]).filter((s) => s.startsWith('.'));
}

/** The file a relative specifier names, as TypeScript resolves it; undefined for one outside the tree read. */
function resolve(from, specifier, known) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find((candidate) => known.has(candidate));
}

/** The module a file belongs to (its folder under `modulesDir`), or undefined for a file outside the modules. */
const moduleOf = (file, modulesDir) => {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? name : undefined;
};

/**
 * The modules each module depends on, with one file edge that shows it: `{ from: { to: 'a.ts -> b.ts' } }`.
 * `files` maps a path to its source; `modulesDir` is the folder whose sub-folders are the modules.
 */
export function moduleGraph(files, modulesDir) {
  const known = new Set(files.keys());
  const edges = new Map();
  for (const [file, code] of files) {
    edges.set(
      file,
      importsOf(code)
        .map((specifier) => resolve(file, specifier, known))
        .filter(Boolean),
    );
  }
  /** The other modules' files a file reaches through files outside every module. */
  const reached = (start, own) => {
    const seen = new Set([start]);
    const found = [];
    const stack = [...edges.get(start)];
    while (stack.length > 0) {
      const file = stack.pop();
      if (seen.has(file)) continue;
      seen.add(file);
      const module = moduleOf(file, modulesDir);
      if (module === own) continue;
      if (module !== undefined) found.push({ module, file });
      else stack.push(...edges.get(file));
    }
    return found;
  };
  const graph = {};
  for (const file of files.keys()) {
    const own = moduleOf(file, modulesDir);
    if (own === undefined) continue;
    graph[own] ??= {};
    for (const { module, file: target } of reached(file, own)) {
      graph[own][module] ??= `${path.relative(modulesDir, file)} -> ${path.relative(modulesDir, target)}`;
    }
  }
  return graph;
}

/**
 * The loops of a module graph, one per group of modules that reach each other (Tarjan's strongly connected
 * components), each as its modules in order, the smallest name first: ['checkout', 'coupons'].
 */
export function moduleCycles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of Object.keys(graph[node] ?? {})) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const node of Object.keys(graph).sort()) if (!index.has(node)) visit(node);
  return cycles.sort((a, b) => a.join().localeCompare(b.join()));
}

/** The file edges that make a loop, for its report: every edge between two of its modules. */
export function explain(graph, cycle) {
  return cycle.flatMap((from) =>
    cycle
      .filter((to) => to !== from && graph[from]?.[to])
      .map((to) => `  ${from} -> ${to}: ${graph[from][to]}`),
  );
}

/** Reads the tree below `srcDir` and answers the module loops of `srcDir/modules`. */
export function findModuleCycles(srcDir) {
  const files = new Map(sourceFiles(srcDir).map((file) => [file, fs.readFileSync(file, 'utf8')]));
  const graph = moduleGraph(files, path.join(srcDir, 'modules'));
  return { graph, cycles: moduleCycles(graph) };
}
