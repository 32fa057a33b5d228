import {
  DEFAULT_SITE_SETTINGS,
  siteSettingsSchema,
  type SiteSettings,
  type SiteSettingsBody,
} from '@scholar/shared';
import type { Db } from '../../db/client';
import { readSettingsRow, writeSettingsRow } from './settings.repository';

/** The fields the settings' translations hold (docs/decisions/078). */
const LOCAL_FIELDS = ['scholarName', 'officeAddress', 'openingHours'] as const;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The stored settings over the defaults: a field the row lacks (added to the schema after the row was saved) or
 * holds in a shape the schema no longer accepts takes its default, so that one bad field never hides the others.
 */
export function mergeWithDefaults(stored: Record<string, unknown> | undefined): SiteSettings {
  if (!stored) return DEFAULT_SITE_SETTINGS;
  const result = { ...DEFAULT_SITE_SETTINGS } as Record<string, unknown>;
  const shape = siteSettingsSchema.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    if (!(key in stored)) continue;
    const fallback = DEFAULT_SITE_SETTINGS[key];
    // The translations are the admin's words as saved: a language they left out is not the demo's.
    const value =
      key !== 'translations' && fallback !== null && typeof fallback === 'object' && !Array.isArray(fallback)
        ? { ...fallback, ...(stored[key] as object) }
        : stored[key];
    const parsed = shape[key].safeParse(value);
    if (parsed.success) result[key] = parsed.data;
  }
  // Saved before the settings had translations: the default ones describe the default office only.
  if (
    !('translations' in stored) &&
    LOCAL_FIELDS.some((field) => !sameJson(result[field], DEFAULT_SITE_SETTINGS[field]))
  ) {
    result.translations = {};
  }
  return result as SiteSettings;
}

/** The settings as stored right now, read with `db` (a transaction's: a bill takes its seller there), never kept. */
export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  return mergeWithDefaults(await readSettingsRow(db));
}

/**
 * The site's settings, read once and kept in memory like the public reads: until they change (a save through
 * this store, or `forget()` when another instance saved them) and at most `ttlMs`, the net should a change go
 * unheard; 0 reads the database every time.
 */
export class SiteSettingsStore {
  private cached: { settings: SiteSettings; at: number } | undefined;
  private loading: Promise<SiteSettings> | undefined;
  /** Bumped by every save, so that a read that started before it does not keep the old settings. */
  private version = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  async get(): Promise<SiteSettings> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.settings;
    if (this.ttlMs <= 0) return mergeWithDefaults(await readSettingsRow(this.db));
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async load(): Promise<SiteSettings> {
    const version = this.version;
    const settings = mergeWithDefaults(await readSettingsRow(this.db));
    if (version === this.version) this.cached = { settings, at: Date.now() };
    return settings;
  }

  /** Validates and stores the whole settings; answers them as they are now read. */
  async save(body: SiteSettingsBody): Promise<SiteSettings> {
    const settings = siteSettingsSchema.parse(body);
    await writeSettingsRow(this.db, settings);
    this.forget();
    return settings;
  }

  /** Drops the kept copy (and any read under way), so that the next read goes to the database. */
  forget(): void {
    this.version += 1;
    this.cached = undefined;
    this.loading = undefined;
  }
}
