import { useState, type ImgHTMLAttributes } from 'react';
import { imageSrc, imageSrcSet, PLACEHOLDER_IMAGE } from '../lib/images';

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt' | 'onError'>;

/**
 * A book picture: the resized WebP variants through `srcset` when the image is an upload, and the placeholder
 * when there is no image or it fails to load (the placeholder replaces `srcset` too).
 */
export function BookImage({
  path,
  alt,
  sizes,
  ...props
}: ImgProps & { path: string | null | undefined; alt: string }) {
  const [failedPath, setFailedPath] = useState<string | null | undefined>(undefined);
  const failed = failedPath !== undefined && failedPath === path;
  const srcSet = failed ? undefined : imageSrcSet(path);
  return (
    <img
      {...props}
      src={failed ? PLACEHOLDER_IMAGE : imageSrc(path)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      onError={() => {
        if (!failed) setFailedPath(path);
      }}
    />
  );
}
