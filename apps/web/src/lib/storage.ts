import { STORAGE_KEYS } from '@scholar/shared';

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** JSON values in localStorage; a broken or missing entry reads as null. */
export const storage = {
  get<T>(key: Key): T | null {
    try {
      const raw = localStorage.getItem(key);
      return raw === null ? null : (JSON.parse(raw) as T);
    } catch {
      return null;
    }
  },
  set(key: Key, value: unknown): void {
    localStorage.setItem(key, JSON.stringify(value));
  },
  remove(...keys: Key[]): void {
    for (const key of keys) localStorage.removeItem(key);
  },
};

export const tokens = {
  access: () => storage.get<string>(STORAGE_KEYS.accessToken),
  refresh: () => storage.get<string>(STORAGE_KEYS.refreshToken),
  save(accessToken: string, refreshToken: string) {
    storage.set(STORAGE_KEYS.accessToken, accessToken);
    storage.set(STORAGE_KEYS.refreshToken, refreshToken);
  },
  clear() {
    storage.remove(STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.user);
  },
};
