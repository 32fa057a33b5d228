import { useSearchParams } from 'react-router';
import { paths } from '@scholar/shared';

/** The query key of the login and registration pages that says where to go once signed in. */
export const RETURN_PATH_KEY = 'redirect';

const ORIGIN = 'https://site.invalid';
/** Pages a return path never leads to: they would only send a signed-in visitor on again. */
const SIGN_IN_PAGES: readonly string[] = [paths.login, paths.adminLogin, paths.register];

/**
 * The path of this site that `value` names (path, query and fragment), or undefined. Only a relative path of this
 * site is followed: it starts with one '/', and holds no backslash or control character (a browser reads '/\' and
 * '/<tab>/' as '//', the start of another site's address), so a crafted link cannot send a visitor elsewhere
 * after they sign in.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== ORIGIN || SIGN_IN_PAGES.includes(url.pathname)) return undefined;
  return url.pathname + url.search + url.hash;
}

/** `page` with `?redirect=` naming `returnPath`, when there is one. */
export function withReturnPath(page: string, returnPath: string | undefined): string {
  const safe = safeReturnPath(returnPath);
  return safe ? `${page}?${new URLSearchParams({ [RETURN_PATH_KEY]: safe }).toString()}` : page;
}

/** On the login and registration pages: the safe `?redirect=` path, or undefined. */
export function useReturnPath(): string | undefined {
  const [params] = useSearchParams();
  return safeReturnPath(params.get(RETURN_PATH_KEY));
}

/** The query key of the add-address page that names the page to return to once the address is saved. */
export const RETURN_TO_KEY = 'returnTo';
/** The query key of the checkout page that names the address to select (the one just added). */
export const SELECTED_ADDRESS_KEY = 'address';

/** A same-site `path` with `key` set to `value` in its query (other keys kept). */
export function withQueryValue(path: string, key: string, value: string): string {
  const url = new URL(path, ORIGIN);
  url.searchParams.set(key, value);
  return url.pathname + url.search + url.hash;
}
