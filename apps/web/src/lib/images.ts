import { bookImageSrcSet, resolveImageUrl } from '@scholar/shared';

export const PLACEHOLDER_IMAGE = '/placeholder-book.svg';

/** The URL to put in `src`: the resolved path, or the placeholder when there is no image. */
export function imageSrc(path: string | null | undefined): string {
  return resolveImageUrl(path, '') ?? PLACEHOLDER_IMAGE;
}

/**
 * `srcset` for an uploaded book image: its WebP variants 400 and 800 px wide (the naming rule of
 * `bookImageVariantPath`). Undefined for other images (demo covers, full URLs), which keep their `src` alone.
 */
export const imageSrcSet = bookImageSrcSet;
