import { resolveImageUrl } from '@scholar/shared';

export const PLACEHOLDER_IMAGE = '/placeholder-book.svg';

/** The URL to put in `src`: the resolved path, or the placeholder when there is no image. */
export function imageSrc(path: string | null | undefined): string {
  return resolveImageUrl(path, '') ?? PLACEHOLDER_IMAGE;
}
