import { BOOK_IMAGE_LIMITS, BOOK_MESSAGES } from '@scholar/shared';
import sharp, { type Metadata } from 'sharp';
import { badRequest, type AppError } from '../../lib/errors';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** The file extension an accepted format is stored with. */
export const IMAGE_EXTENSIONS: Record<ImageFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
};

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The format announced by the file's first bytes (magic numbers), whatever its name or declared type. */
export function sniffImageFormat(data: Buffer): ImageFormat | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'webp';
  return null;
}

// libvips keeps recent operations and their pixels (up to 50 MB) for reuse. Every picture here is decoded once, so
// the cache only holds memory the process then never gives back (~80 MB after the demo covers). Process-wide.
sharp.cache(false);

/** Options for every decode: refuse pixel floods before decoding, and damaged or truncated pixel data. */
const decodeOptions = { limitInputPixels: BOOK_IMAGE_LIMITS.maxPixels, failOn: 'error' } as const;

function decodeFailure(error: unknown): AppError {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message))
    return badRequest(BOOK_MESSAGES.imageTooManyPixels, 'IMAGE_TOO_MANY_PIXELS');
  return badRequest(BOOK_MESSAGES.imageCorrupt, 'INVALID_IMAGE');
}

export interface ImageVariant {
  /** The width asked for (the file name's suffix). */
  width: number;
  /** The real width: smaller when the original is narrower (never enlarged). */
  actualWidth: number;
  data: Buffer;
}

export interface CheckedImage {
  format: ImageFormat;
  extension: string;
  width: number;
  height: number;
  /** The uploaded bytes, kept as they came. */
  original: Buffer;
  variants: ImageVariant[];
}

/**
 * Accepts an upload only when its bytes are a JPEG, PNG, WebP or GIF: the magic number and sharp's reading of
 * the header must agree, the picture must stay under the pixel limit, and it must decode completely (making
 * the WebP variants decodes every pixel, so a truncated or corrupt file fails there). Throws a 400 AppError.
 */
export async function checkImage(data: Buffer, variantWidths: readonly number[]): Promise<CheckedImage> {
  const format = sniffImageFormat(data);
  if (!format) throw badRequest(BOOK_MESSAGES.imageType, 'UNSUPPORTED_IMAGE_TYPE');
  let metadata: Metadata;
  try {
    metadata = await sharp(data, decodeOptions).metadata();
  } catch (error) {
    throw decodeFailure(error);
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) {
    throw badRequest(BOOK_MESSAGES.imageCorrupt, 'INVALID_IMAGE');
  }
  if (metadata.width * metadata.height > BOOK_IMAGE_LIMITS.maxPixels) {
    throw badRequest(BOOK_MESSAGES.imageTooManyPixels, 'IMAGE_TOO_MANY_PIXELS');
  }
  const variants: ImageVariant[] = [];
  for (const width of variantWidths) {
    try {
      const { data: webp, info } = await sharp(data, decodeOptions)
        .rotate() // upright by its EXIF orientation
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width, actualWidth: info.width, data: webp });
    } catch (error) {
      throw decodeFailure(error);
    }
  }
  return {
    format,
    extension: IMAGE_EXTENSIONS[format],
    width: metadata.width,
    height: metadata.height,
    original: data,
    variants,
  };
}
