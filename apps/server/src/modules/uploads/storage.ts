import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { BOOK_IMAGE_PATH_PREFIX, BOOK_IMAGE_VARIANT_WIDTHS, uploadedBookImageName } from '@scholar/shared';
import type { CheckedImage } from './images';
import type { UploadStore } from './object-store';

/** Book images live under the key `books/` (DATA_DIR/uploads/books or the bucket), served at /api/uploads/books/. */
export const BOOK_IMAGES_FOLDER = 'books';

const bookImageKey = (name: string) => `${BOOK_IMAGES_FOLDER}/${name}`;

/**
 * Writes checked images and their variants under random names and answers their public paths, in order. All
 * or nothing: when one write fails, the objects already written are removed before the error is rethrown.
 */
export async function storeBookImages(store: UploadStore, images: CheckedImage[]): Promise<string[]> {
  const written: string[] = [];
  const write = async (name: string, data: Buffer, contentType: string) => {
    const key = bookImageKey(name);
    await store.put(key, data, contentType);
    written.push(key);
  };
  try {
    const paths: string[] = [];
    for (const image of images) {
      const name = randomBytes(16).toString('hex');
      await write(`${name}.${image.extension}`, image.original, `image/${image.format}`);
      for (const variant of image.variants) {
        await write(`${name}-${variant.width}.webp`, variant.data, 'image/webp');
      }
      paths.push(`${BOOK_IMAGE_PATH_PREFIX}${name}.${image.extension}`);
    }
    return paths;
  } catch (error) {
    await store.deleteMany(written);
    throw error;
  }
}

/**
 * Removes uploaded book images (originals and variants). Other paths (demo covers, full URLs) are left alone;
 * only names of the storage rule are touched, so a stored path can never point outside the folder.
 */
export async function removeBookImages(store: UploadStore, imagePaths: readonly string[]): Promise<void> {
  const keys: string[] = [];
  for (const imagePath of imagePaths) {
    const name = uploadedBookImageName(imagePath);
    if (!name) continue;
    keys.push(bookImageKey(path.posix.basename(imagePath)));
    for (const width of BOOK_IMAGE_VARIANT_WIDTHS) keys.push(bookImageKey(`${name}-${width}.webp`));
  }
  if (keys.length > 0) await store.deleteMany(keys);
}
