import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_DIST } from './support/site';

/**
 * What the public pages' code brings with it, read from the real build: its manifest (each chunk and the chunks it
 * imports) and the chunks' source maps (the modules in each). The pages a reader only reads load no schema library
 * (zod, about 24 KB gzip): the forms' checks come with the forms' own code.
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const manifest = JSON.parse(fs.readFileSync(path.join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

/** The modules of a screen's chunk and of every chunk it imports, the entry's included. */
function modulesOf(screen: string): string[] {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) walk(imported);
  };
  walk(screen);
  return [...seen].flatMap((key) => {
    const map = path.join(WEB_DIST, `${manifest[key]!.file}.map`);
    return fs.existsSync(map)
      ? (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources
      : [];
  });
}

const READING_SCREENS = [
  'src/app/pages/home-page.tsx',
  'src/features/books/pages/books-page.tsx',
  'src/features/books/pages/book-page.tsx',
  'src/features/fatwahs/pages/fatwahs-page.tsx',
  'src/features/fatwahs/pages/fatwah-page.tsx',
  'src/features/articles/pages/articles-page.tsx',
  'src/features/articles/pages/article-page.tsx',
  'src/features/static-pages/pages/about-page.tsx',
];

describe("the reading pages' first code", () => {
  it('is in the build, with the modules of each chunk', () => {
    for (const screen of READING_SCREENS) expect(modulesOf(screen).length, screen).toBeGreaterThan(1);
  });

  it('carries no schema library', () => {
    for (const screen of READING_SCREENS) {
      expect(
        modulesOf(screen).filter((module) => module.includes('node_modules/zod/')),
        screen,
      ).toEqual([]);
    }
    // The check itself sees zod where it is: the question form's code checks with it.
    expect(
      modulesOf('src/features/fatwahs/pages/ask-fatwah-page.tsx').some((m) =>
        m.includes('node_modules/zod/'),
      ),
    ).toBe(true);
  });
});
