// An ESLint rule that keeps each folder of the code to the imports its layer allows, by zones as bulletproof-react
// draws them with `import/no-restricted-paths`: a file inside a zone's `target` may not import a module inside its
// `from`, unless that module is also inside one of the zone's `except` folders. Relative imports only (package
// imports such as `@scholar/shared` are the layer below everything and always allowed). Folders are given relative
// to the project's root; `target` may name the folder `*`, which stands for each folder at that place
// (`apps/web/src/features/*` with `except: ['.']`: a feature may import from itself and not from another feature).
// A zone with `files` holds only the imports of files whose name (without its extension) matches one of those
// patterns, where `*` stands for any part of a name (`files: ['*.repository']`: a module's repository, and nothing
// else of it, is out of bounds).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Whether `file` is `folder` or inside it. */
const inside = (file, folder) => file === folder || file.startsWith(`${folder}${path.sep}`);

/** The name of an imported file without its extension (`./users.repository.js` and `./users.repository`: users.repository). */
const fileName = (file) => path.basename(file).replace(/\.(?:[cm]?[jt]s|[jt]sx)$/, '');

/** A test of a file name against a pattern in which `*` stands for any run of characters. */
function namePattern(pattern) {
  const escaped = pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`);
}

/** The folder a `*` target stands for, for this file: the target's path with `*` replaced by the file's folder. */
function matchTarget(file, target) {
  const star = target.indexOf('*');
  if (star < 0) return inside(file, path.join(root, target)) ? path.join(root, target) : undefined;
  const base = path.join(root, target.slice(0, star));
  if (!file.startsWith(base)) return undefined;
  const name = file.slice(base.length).split(path.sep)[0];
  return name ? path.join(base, name) : undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps each layer of the code to the imports it may make (zones).' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { type: 'array', items: { type: 'string' } },
                except: { type: 'array', items: { type: 'string' } },
                files: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: { restricted: "'{{source}}' is out of bounds here: {{message}}" },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const zones = (context.options[0]?.zones ?? []).flatMap((zone) => {
      const target = matchTarget(file, zone.target);
      if (target === undefined) return [];
      // `except` and `from` of a `*` target are read from the folder it stands for.
      const at = (folder) => (folder === '.' ? target : path.join(root, folder));
      return [
        {
          from: zone.from.map((folder) => path.join(root, folder)),
          except: (zone.except ?? []).map(at),
          files: zone.files?.map(namePattern),
          message: zone.message ?? 'this layer may not import from there.',
        },
      ];
    });
    if (zones.length === 0) return {};

    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = path.resolve(path.dirname(file), source);
      for (const zone of zones) {
        if (!zone.from.some((folder) => inside(imported, folder))) continue;
        if (zone.files && !zone.files.some((pattern) => pattern.test(fileName(imported)))) continue;
        if (zone.except.some((folder) => inside(imported, folder))) continue;
        context.report({
          node: node.source,
          messageId: 'restricted',
          data: { source, message: zone.message },
        });
        return;
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
