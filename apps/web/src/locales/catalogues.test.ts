import fs from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LOCALES } from '@scholar/shared';
import { describe, expect, it } from 'vitest';

/** The files of a language's catalogue (src/locales/<language>/*.json): message id → ICU message. */
const files = (locale: string) =>
  fs
    .readdirSync(path.join(import.meta.dirname, locale))
    .filter((file) => file.endsWith('.json'))
    .sort();
const readFile = (locale: string, file: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, locale, file), 'utf8')) as Record<string, string>;
/** A language's catalogue, its files together. */
const read = (locale: string) =>
  Object.assign({}, ...files(locale).map((file) => readFile(locale, file))) as Record<string, string>;

/** The values and numbered tags a message uses (`{name}`, `{count, plural, …}`, `<0>`), read from its compiled form. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (typeof tokens === 'string') {
      for (const match of tokens.matchAll(/<(\d+)>/g)) found.add(`<${match[1]}>`);
      return;
    }
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (typeof token === 'string') walk(token);
      else if (Array.isArray(token)) {
        found.add(`{${String(token[0])}}`);
        const options: unknown = token[2];
        if (options && typeof options === 'object') Object.values(options).forEach(walk);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return [...found].sort();
}

const english = read('en');
/** Messages of the desks, which stay in English (the other catalogues leave them out and get the English). */
const DESK_ONLY = /^nav\.(orders|manage|admins|siteSettings|adminDashboard)/;

describe('the message catalogues', () => {
  it.each(LOCALES)(
    '%s: has the same files as English, each message in the file English has it in',
    (locale) => {
      expect(files(locale)).toEqual(files('en'));
      const seen = new Set<string>();
      for (const file of files(locale)) {
        const english = readFile('en', file);
        for (const id of Object.keys(readFile(locale, file))) {
          expect(id in english, `${locale}/${file}: ${id}`).toBe(true);
          expect(seen.has(id), `${id} is in two files`).toBe(false);
          seen.add(id);
        }
      }
    },
  );

  it.each(LOCALES)('%s: every message parses as ICU', (locale) => {
    for (const [id, message] of Object.entries(read(locale))) {
      expect(() => compileMessageOrThrow(message), `${locale} ${id}`).not.toThrow();
    }
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s: has every message of the public screens, and no message English lacks',
    (locale) => {
      const catalogue = read(locale);
      const missing = Object.keys(english).filter((id) => !DESK_ONLY.test(id) && !(id in catalogue));
      expect(missing, `${locale} lacks these messages`).toEqual([]);
      expect(Object.keys(catalogue).filter((id) => !(id in english))).toEqual([]);
    },
  );

  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s: each message takes the same values and tags as the English one',
    (locale) => {
      for (const [id, message] of Object.entries(read(locale))) {
        expect(placeholders(message), `${locale} ${id}`).toEqual(placeholders(english[id] ?? ''));
      }
    },
  );

  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s: is written in its own script, not left in English',
    (locale) => {
      const script = locale === 'ur' ? /[\u0600-\u06FF]/ : /[\u0980-\u09FF]/;
      const untranslated = Object.entries(read(locale)).filter(([, message]) => !script.test(message));
      expect(untranslated).toEqual([]);
    },
  );
});
