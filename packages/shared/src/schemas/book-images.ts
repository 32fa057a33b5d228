/**
 * Book images: what an upload may be, and where its resized variants are (zod-free, so that the pages that only
 * show books stay small).
 */

/** What an upload may be: checked by the browser for a quick answer and by the server on the bytes. */
export const BOOK_IMAGE_LIMITS = {
  maxFiles: 10,
  maxBytes: 5 * 1024 * 1024,
  /** Width × height; more is refused before decoding (decompression bombs). */
  maxPixels: 40_000_000,
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
} as const;

/**
 * Image naming rule. An uploaded book image is stored as `/api/uploads/books/<name>.<ext>` (`<name>`: 32 random
 * hex digits, `<ext>`: jpg, png, webp or gif, the original bytes). Beside it sit WebP variants resized to these
 * widths (never enlarged, so a narrow original gives narrower files): `/api/uploads/books/<name>-<width>.webp`.
 * The demo content's pictures (`/api/uploads/demo/<name>.webp`) have theirs the same way,
 * `/api/uploads/demo/<name>-<width>.webp`. Other images (full URLs) have none.
 */
export const BOOK_IMAGE_VARIANT_WIDTHS = [400, 800] as const;
export type BookImageVariantWidth = (typeof BOOK_IMAGE_VARIANT_WIDTHS)[number];
export const BOOK_IMAGE_PATH_PREFIX = '/api/uploads/books/';
const UPLOADED_BOOK_IMAGE = /^\/api\/uploads\/books\/([a-f0-9]{32})\.(?:jpg|png|webp|gif)$/;

/** The stored name (`<name>` above) of an uploaded book image, or null for any other path. */
export function uploadedBookImageName(path: string): string | null {
  return UPLOADED_BOOK_IMAGE.exec(path)?.[1] ?? null;
}

/** A picture of the demo content: `/api/uploads/demo/<name>.webp` (written by the seed, with its variants). */
const DEMO_IMAGE = /^\/api\/uploads\/demo\/([a-z0-9-]+)\.webp$/;

/** The path of a resized variant of an uploaded book image (or a demo picture), or null when the image has none. */
export function bookImageVariantPath(path: string, width: BookImageVariantWidth): string | null {
  const name = uploadedBookImageName(path);
  if (name) return `${BOOK_IMAGE_PATH_PREFIX}${name}-${width}.webp`;
  const demo = DEMO_IMAGE.exec(path)?.[1];
  return demo ? `/api/uploads/demo/${demo}-${width}.webp` : null;
}

/**
 * `srcset` of an uploaded image (a book's, an article's) or a demo picture: its WebP variants (site-relative paths).
 * Undefined for other images (full URLs), which keep their `src` alone.
 */
export function bookImageSrcSet(path: string | null | undefined): string | undefined {
  const value = path?.trim();
  if (!value || bookImageVariantPath(value, BOOK_IMAGE_VARIANT_WIDTHS[0]) === null) return undefined;
  return BOOK_IMAGE_VARIANT_WIDTHS.map((width) => `${bookImageVariantPath(value, width)} ${width}w`).join(
    ', ',
  );
}

/**
 * `sizes` of the picture on a book's page: the web page's image and the server's preload of it (modules/pages)
 * must agree, or the browser would fetch a second file.
 */
export const BOOK_PAGE_IMAGE_SIZES = '(min-width: 1152px) 540px, (min-width: 768px) 46vw, 92vw';

/** `sizes` of an article's picture on its card: three cards a row in the widest lists, two, then one. */
export const ARTICLE_CARD_IMAGE_SIZES =
  '(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw';

/** `sizes` of an article's picture on its page (the page's column, 56rem less its margins): as the preload says. */
export const ARTICLE_PAGE_IMAGE_SIZES = '(min-width: 896px) 864px, 92vw';
