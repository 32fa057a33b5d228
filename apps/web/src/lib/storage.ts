import { STORAGE_KEYS } from '@scholar/shared';

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The browser's storage areas; none where there is no browser (the server's renderer). */
const hasStorage = typeof localStorage !== 'undefined';

function read(area: Storage | undefined, key: Key): string | null {
  try {
    return area?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** JSON values in localStorage; a broken or missing entry reads as null. */
export const storage = {
  get<T>(key: Key): T | null {
    if (!hasStorage) return null;
    const raw = read(localStorage, key) ?? read(sessionStorage, key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  set(key: Key, value: unknown, area: Storage = localStorage): void {
    area.setItem(key, JSON.stringify(value));
  },
  remove(...keys: Key[]): void {
    for (const key of keys) {
      localStorage.removeItem(key);
      sessionStorage.removeItem(key);
    }
  },
};

const SESSION_KEYS = [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.user] as const;

/** Where the session lives: localStorage when "Remember me" was ticked, else this tab's sessionStorage. */
function sessionArea(): Storage {
  return read(sessionStorage, STORAGE_KEYS.refreshToken) !== null ? sessionStorage : localStorage;
}

export const tokens = {
  access: () => storage.get<string>(STORAGE_KEYS.accessToken),
  refresh: () => storage.get<string>(STORAGE_KEYS.refreshToken),
  save(accessToken: string, refreshToken: string, remember?: boolean) {
    const area = remember === undefined ? sessionArea() : remember ? localStorage : sessionStorage;
    const other = area === localStorage ? sessionStorage : localStorage;
    for (const key of SESSION_KEYS) other.removeItem(key);
    storage.set(STORAGE_KEYS.accessToken, accessToken, area);
    storage.set(STORAGE_KEYS.refreshToken, refreshToken, area);
  },
  /** The stored user goes where the tokens are. */
  saveUser(user: unknown) {
    storage.set(STORAGE_KEYS.user, user, sessionArea());
  },
  clear() {
    storage.remove(...SESSION_KEYS);
  },
};
