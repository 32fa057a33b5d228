// The layers' import zones of eslint.config.js, each broken on purpose by a file that would cross it.
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { ZONES } from '../../eslint.config.js';
import importZones from './eslint-import-zones.js';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The zone rule alone, as eslint.config.js sets it, on `code` as if it were the file at `file`. */
async function zoneErrors(file, code) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: { rules: { 'import-zones': importZones } } },
        rules: { 'local/import-zones': ['error', { zones: ZONES }] },
      },
    ],
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((message) => message.message);
}

describe('the import zones', () => {
  it("keeps a server module off another module's repository, not off its service or its own repository", async () => {
    const file = 'apps/server/src/modules/checkout/crossing.ts';
    expect(await zoneErrors(file, "import { clearCart } from '../cart/cart.repository';\n")).toEqual([
      expect.stringMatching(
        /^'\.\.\/cart\/cart\.repository' is out of bounds here: a module does not import/,
      ),
    ]);
    expect(await zoneErrors(file, "import { emptyCart } from '../cart/cart.service';\n")).toEqual([]);
    expect(await zoneErrors(file, "import { findCheckout } from './checkout.repository';\n")).toEqual([]);
  });

  it('keeps the server plugins off the modules', async () => {
    const errors = await zoneErrors(
      'apps/server/src/plugins/crossing.ts',
      "import { userOfAccessToken } from '../modules/auth/access-token-user';\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/is out of bounds here/);
  });

  it('keeps a web feature off another feature, and shipped code off test code', async () => {
    expect(
      await zoneErrors('apps/web/src/features/cart/crossing.ts', "import { x } from '../books/book-page';\n"),
    ).toHaveLength(1);
    expect(
      await zoneErrors(
        'apps/server/src/modules/cart/crossing.ts',
        "import { x } from '../../../test/support/app';\n",
      ),
    ).toEqual([expect.stringMatching(/production code must not import test code/)]);
  });
});
