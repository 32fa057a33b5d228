import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No state at module level in the server's source: whatever changes belongs to an app (a decoration of the Fastify
 * instance, a value `buildApp` makes and hands on), so that two apps in one process (the tests run many files in
 * one worker, a test builds several instances) never see each other's keys, counters or caches.
 *
 * What it refuses, in every non-test file of src/:
 * - a top-level `let` or `var`;
 * - a top-level `const` made with `new` of anything but the constructors below;
 * - a write to a top-level binding anywhere in its file: `x.y = …`, `x[k] = …`, `delete x.y`, `x.y++`,
 *   `Object.assign(x, …)`, or a call of a mutating method (`set`, `add`, `push`, `splice`, …) on it.
 *
 * What it allows:
 * - constants, frozen or not, that nothing writes to: literals, tables, a `Map` or `Set` filled where it is made;
 * - values of constructors with no state worth the name (`RegExp`, `URL`, `TextEncoder`, `Intl.*`, …);
 * - a `WeakMap` or `WeakSet`: what it keeps hangs on its key (a request, a connection, an app's database) and goes
 *   with it, so it is the key's state, not the module's;
 * - a value computed once per process inside a function's closure (e.g. the fonts read once), which it cannot see:
 *   keep those to immutable values that are the same for every app;
 * - the few entries of `ALLOWED` below, each with its reason.
 */
const SRC = path.resolve(import.meta.dirname, '..', '..', 'src');

/** Constructors whose instances hold nothing that changes, or only what their key owns. */
const STATELESS = new Set([
  'RegExp',
  'URL',
  'TextEncoder',
  'TextDecoder',
  'WeakMap',
  'WeakSet',
  'Intl.Collator',
  'Intl.DateTimeFormat',
  'Intl.NumberFormat',
  'Intl.PluralRules',
  'Intl.Segmenter',
  'Intl.ListFormat',
  'Intl.RelativeTimeFormat',
]);

/** Filled where they are made; allowed while nothing in the file writes to them. */
const COLLECTIONS = new Set(['Map', 'Set', 'Array']);

/** Methods that change a Map, Set, array or object they are called on. */
const MUTATORS = new Set([
  'set',
  'add',
  'delete',
  'clear',
  'push',
  'pop',
  'shift',
  'unshift',
  'splice',
  'sort',
  'reverse',
  'fill',
  'copyWithin',
]);

/** `file:name` → why this one module-level value is fine. Keep it short. */
const ALLOWED: Record<string, string> = {
  'config.ts:PRIVATE_PEERS': 'the private address ranges, filled where it is made and only read after',
  'lib/rich-text.ts:markdown': 'a Markdown parser with its options: it keeps nothing between documents',
  // The CPU queues guard the process's one thread, so they are the process's by design; they hold only the jobs
  // under way, which end with their requests.
  'lib/password.ts:passwordWork': "the password hashing queue of the process's one thread",
  'modules/bills/bills.service.ts:pdfQueue': "the bill downloads' queue of the process's one thread",
  'modules/bills/bill-mail.ts:mailQueue': "the bill mails' queue of the process's one thread",
};

interface Finding {
  file: string;
  line: number;
  name: string;
  what: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The expression under `as`, `satisfies`, `!` and parentheses. */
function unwrap(node: ts.Expression): ts.Expression {
  while (
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isParenthesizedExpression(node)
  ) {
    node = node.expression;
  }
  return node;
}

/** The identifier a member chain starts from (`a` of `a.b[c].d`), if any. */
function rootName(node: ts.Expression): string | undefined {
  const inner = unwrap(node);
  if (ts.isIdentifier(inner)) return inner.text;
  if (ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner))
    return rootName(inner.expression);
  return undefined;
}

const isMember = (node: ts.Expression) => {
  const inner = unwrap(node);
  return ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner);
};

const ASSIGNMENTS = new Set([
  ts.SyntaxKind.EqualsToken,
  ts.SyntaxKind.PlusEqualsToken,
  ts.SyntaxKind.MinusEqualsToken,
  ts.SyntaxKind.AsteriskEqualsToken,
  ts.SyntaxKind.SlashEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
]);

/** The top-level bindings of a file that something in it writes to: the binding whose member is written. */
function writtenBindings(source: ts.SourceFile, topLevel: Set<string>): Map<string, number> {
  const written = new Map<string, number>();
  const note = (target: ts.Expression, at: ts.Node) => {
    const name = rootName(target);
    if (name && topLevel.has(name) && !written.has(name)) {
      written.set(name, source.getLineAndCharacterOfPosition(at.getStart(source)).line + 1);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && ASSIGNMENTS.has(node.operatorToken.kind) && isMember(node.left)) {
      note(node.left, node);
    } else if (
      (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
      (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken) &&
      isMember(node.operand)
    ) {
      note(node.operand, node);
    } else if (ts.isDeleteExpression(node)) {
      note(node.expression, node);
    } else if (ts.isCallExpression(node)) {
      const callee = unwrap(node.expression);
      if (ts.isPropertyAccessExpression(callee) && MUTATORS.has(callee.name.text))
        note(callee.expression, node);
      if (callee.getText(source) === 'Object.assign' && node.arguments[0]) note(node.arguments[0], node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return written;
}

/** The module-level state of one file. */
function findingsOf(file: string): Finding[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const relative = path.relative(SRC, file);
  const findings: Finding[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const topLevel = new Map<string, ts.VariableDeclaration>();
  const collections = new Set<string>();

  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of list.declarations) {
      const names = ts.isIdentifier(declaration.name)
        ? [declaration.name.text]
        : declaration.name.elements.flatMap((e) =>
            ts.isBindingElement(e) && ts.isIdentifier(e.name) ? [e.name.text] : [],
          );
      for (const name of names) {
        topLevel.set(name, declaration);
        if (!isConst) {
          findings.push({ file: relative, line: lineOf(declaration), name, what: 'top-level let/var' });
          continue;
        }
        const init = declaration.initializer && unwrap(declaration.initializer);
        if (!init || !ts.isNewExpression(init)) continue;
        const made = init.expression.getText(source);
        if (STATELESS.has(made)) continue;
        if (COLLECTIONS.has(made)) collections.add(name);
        else
          findings.push({
            file: relative,
            line: lineOf(declaration),
            name,
            what: `module-level new ${made}`,
          });
      }
    }
  }

  for (const [name, line] of writtenBindings(source, new Set(topLevel.keys()))) {
    const init = topLevel.get(name)?.initializer;
    const made =
      init && ts.isNewExpression(unwrap(init)) ? (unwrap(init) as ts.NewExpression).expression : undefined;
    if (made && STATELESS.has(made.getText(source))) continue;
    findings.push({ file: relative, line, name, what: 'module-level value written to' });
  }
  return findings.filter((f) => !(`${f.file}:${f.name}` in ALLOWED));
}

describe('module-level state in apps/server/src', () => {
  it('has none: what changes belongs to an app', () => {
    const findings = sourceFiles(SRC).flatMap(findingsOf);
    expect(findings.map((f) => `${f.file}:${f.line} ${f.name}: ${f.what}`)).toEqual([]);
  });

  it('finds each kind it refuses, and lets constants, weak maps and locals be', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'module-state-'));
    try {
      const file = path.join(dir, 'sample.ts');
      fs.writeFileSync(
        file,
        `let counter = 0;
export var legacy = 1;
const cache = new Map<string, number>();
const queue = new Queue();
const table = { a: 1 };
const names = ['a'];
const spellings = new Map([['a', 'b']]);
const perRequest = new WeakMap<object, number>();
const pattern = new RegExp('x');
export function f(key: string) {
  cache.set(key, 1);
  table.a = 2;
  names.push('b');
  perRequest.set({}, 1);
  const local = new Map();
  local.set('x', 1);
  return spellings.get(key) ?? pattern.test(key);
}
`,
      );
      const found = findingsOf(file).map((f) => `${f.name}: ${f.what}`);
      expect(found.sort()).toEqual(
        [
          'counter: top-level let/var',
          'legacy: top-level let/var',
          'queue: module-level new Queue',
          'cache: module-level value written to',
          'table: module-level value written to',
          'names: module-level value written to',
        ].sort(),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
