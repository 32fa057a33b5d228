import fs from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/**
 * The message catalogues: a folder per language (src/locales/<language>/), one JSON file per part of the site
 * (message id → ICU message), the same files in every language.
 */
const LOCALES_DIR = path.join(import.meta.dirname, 'src/locales');
/** The app imports a language's compiled messages as `virtual:catalogue/<language>` (src/lib/i18n.tsx). */
const PREFIX = 'virtual:catalogue/';
const RESOLVED = `\0${PREFIX}`;
const SOURCE = 'en';

/**
 * Turns a catalogue into the form Lingui reads at run time (docs/decisions/042): each ICU message compiled once,
 * here, so that the browser needs no message parser. A message a translation lacks is the English one, so that a
 * reader never sees a message id. A message that does not parse fails the build with its id and language.
 */
export function messageCatalogues(): Plugin {
  return {
    name: 'message-catalogues',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const language = id.slice(RESOLVED.length);
      if (!/^[a-z]{2}$/.test(language)) throw new Error(`No catalogue for "${language}"`);
      const read = (name: string) => {
        const folder = path.join(LOCALES_DIR, name);
        const messages: Record<string, string> = {};
        for (const file of fs
          .readdirSync(folder)
          .filter((each) => each.endsWith('.json'))
          .sort()) {
          const at = path.join(folder, file);
          this.addWatchFile(at);
          for (const [key, message] of Object.entries(
            JSON.parse(fs.readFileSync(at, 'utf8')) as Record<string, string>,
          )) {
            if (key in messages) throw new Error(`The ${name} message "${key}" is in two files (${file})`);
            messages[key] = message;
          }
        }
        return messages;
      };
      const messages = language === SOURCE ? read(SOURCE) : { ...read(SOURCE), ...read(language) };
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(messages)) {
        try {
          compiled[key] = compileMessageOrThrow(message);
        } catch (error) {
          throw new Error(
            `The ${language} message "${key}" does not parse: ${error instanceof Error ? error.message : String(error)}`,
            { cause: error },
          );
        }
      }
      return { code: `export default ${JSON.stringify(compiled)};`, map: null };
    },
  };
}
