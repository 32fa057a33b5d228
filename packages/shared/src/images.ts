const ABSOLUTE_URL = /^(?:[a-z][a-z\d+.-]*:)?\/\//i;
const INLINE_URL = /^(?:data|blob):/i;

/**
 * Resolves an image path as docs/product.md, "API", describes: a full URL is kept, `/api/uploads/...` is
 * prefixed with the server origin, `uploads/...` becomes `/api/uploads/...` and a bare name `/api/uploads/{name}`.
 * Returns null when there is no image, so the caller can show its placeholder.
 */
export function resolveImageUrl(path: string | null | undefined, origin = ''): string | null {
  const value = path?.trim();
  if (!value) return null;
  if (ABSOLUTE_URL.test(value) || INLINE_URL.test(value)) return value;
  const base = origin.replace(/\/+$/, '');
  if (value.startsWith('/api/uploads/')) return `${base}${value}`;
  // Another site-relative path (a bundled asset) stays on this origin.
  if (value.startsWith('/')) return `${base}${value}`;
  if (value.startsWith('uploads/')) return `${base}/api/${value}`;
  if (value.startsWith('api/uploads/')) return `${base}/${value}`;
  return `${base}/api/uploads/${value}`;
}
