import { LRUCache } from 'lru-cache';
import type { Encodings } from './encode';
import type { CacheArea } from './keys';

/** How much the cache holds: its entries and the bytes they count for (bodies as sent, keys, bookkeeping). */
export interface PublicCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
}

/**
 * The default cap: room for ~1,000 public pages (each carries index.html with its inlined stylesheet, ~60 KB) or
 * tens of thousands of list and item answers (a few KB each), against the ~150 MB the process takes at rest.
 */
export const PUBLIC_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/**
 * An answer larger than this share of the cap is sent but not kept (at the default cap 8 MB, which a sitemap of
 * tens of thousands of URLs still fits in).
 */
const MAX_ENTRY_SHARE = 8;
/** What an entry costs beside its bodies and key: its object, headers, ETag and the cache's own bookkeeping. */
const ENTRY_OVERHEAD = 1024;

/** A kept answer. */
export interface Entry extends Encodings {
  /** The answer as sent, UTF-8, in a buffer of its own (outside the pooled slabs, so its size is what it costs). */
  body: Buffer;
  type: string;
  cacheControl: string;
  etag: string;
  areas: readonly CacheArea[];
  /** The versions of its areas when its request started. */
  version: string;
}

/**
 * The kept answers, by key, and a version per area. A write to an area moves its version on and drops its
 * answers; an answer is current while its areas' versions are those its request started from. At most `maxBytes`
 * (least recently used answers leave first), no answer over an eighth of that, none older than `ttlMs`. With
 * `ttlMs` 0 nothing is kept, and the versions still move (what else keeps answers listens to `clear`).
 */
export class AnswerStore {
  readonly maxBytes: number;
  /** The largest answer kept, in bytes (of its plain body). */
  readonly maxEntryBytes: number;
  private readonly versions: Record<CacheArea, number> = { books: 0, fatwahs: 0, articles: 0, settings: 0 };
  private readonly entries: LRUCache<string, Entry> | undefined;

  constructor({ ttlMs, maxBytes }: { ttlMs: number; maxBytes: number }) {
    this.maxBytes = maxBytes;
    this.maxEntryBytes = Math.floor(maxBytes / MAX_ENTRY_SHARE);
    this.entries =
      ttlMs > 0
        ? new LRUCache<string, Entry>({
            maxSize: maxBytes,
            maxEntrySize: this.maxEntryBytes,
            sizeCalculation: (entry, key) =>
              entry.body.byteLength +
              (entry.br?.body.byteLength ?? 0) +
              (entry.gzip?.body.byteLength ?? 0) +
              2 * key.length +
              ENTRY_OVERHEAD,
            ttl: ttlMs,
          })
        : undefined;
  }

  /** Whether answers are kept at all (`ttlMs` > 0). */
  get keeps(): boolean {
    return this.entries !== undefined;
  }

  /** The versions of these areas now, as one string. */
  versionOf(areas: readonly CacheArea[]): string {
    return areas.length === 1
      ? String(this.versions[areas[0]!])
      : areas.map((area) => this.versions[area]).join('.');
  }

  /** The answer kept under `key` if it is current (which also makes it the most recently used). */
  current(key: string): Entry | undefined {
    const entry = this.entries?.get(key);
    return entry === undefined || entry.version !== this.versionOf(entry.areas) ? undefined : entry;
  }

  /** Keeps an answer (unless it is over `maxEntryBytes`: then nothing is kept). */
  keep(key: string, entry: Entry): void {
    this.entries?.set(key, entry);
  }

  /** Moves the area's version on and frees its answers now, rather than when they would be looked up or pushed out. */
  clear(area: CacheArea): void {
    this.versions[area] += 1;
    if (!this.entries) return;
    const stale: string[] = [];
    for (const [key, entry] of this.entries.entries()) if (entry.areas.includes(area)) stale.push(key);
    for (const key of stale) this.entries.delete(key);
  }

  stats(): PublicCacheStats {
    return {
      entries: this.entries?.size ?? 0,
      bytes: this.entries?.calculatedSize ?? 0,
      maxBytes: this.maxBytes,
    };
  }
}
