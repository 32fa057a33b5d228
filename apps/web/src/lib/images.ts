import { BOOK_IMAGE_VARIANT_WIDTHS, bookImageVariantPath, resolveImageUrl } from '@scholar/shared';

export const PLACEHOLDER_IMAGE = '/placeholder-book.svg';

/** The URL to put in `src`: the resolved path, or the placeholder when there is no image. */
export function imageSrc(path: string | null | undefined): string {
  return resolveImageUrl(path, '') ?? PLACEHOLDER_IMAGE;
}

/**
 * `srcset` for an uploaded book image: its WebP variants 400 and 800 px wide (the naming rule of
 * `bookImageVariantPath`). Undefined for other images (demo covers, full URLs), which keep their `src` alone.
 */
export function imageSrcSet(path: string | null | undefined): string | undefined {
  const value = path?.trim();
  if (!value) return undefined;
  const candidates: string[] = [];
  for (const width of BOOK_IMAGE_VARIANT_WIDTHS) {
    const variant = bookImageVariantPath(value, width);
    if (!variant) return undefined;
    candidates.push(`${resolveImageUrl(variant, '')} ${width}w`);
  }
  return candidates.join(', ');
}
