import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { BOOK_IMAGE_PATH_PREFIX, BOOK_IMAGE_VARIANT_WIDTHS, uploadedBookImageName } from '@scholar/shared';
import type { CheckedImage } from './images';

/** Book images live in DATA_DIR/uploads/books, served at /api/uploads/books/ (see BOOK_IMAGE_VARIANT_WIDTHS). */
export const BOOK_IMAGES_FOLDER = 'books';

const bookImagesDir = (uploadsDir: string) => path.join(uploadsDir, BOOK_IMAGES_FOLDER);

async function removeFiles(files: string[]): Promise<void> {
  await Promise.all(files.map((file) => fs.rm(file, { force: true })));
}

/**
 * Writes checked images and their variants under random names and answers their public paths, in order. All
 * or nothing: when one write fails, the files already written are removed before the error is rethrown.
 */
export async function storeBookImages(uploadsDir: string, images: CheckedImage[]): Promise<string[]> {
  const dir = bookImagesDir(uploadsDir);
  await fs.mkdir(dir, { recursive: true });
  const written: string[] = [];
  const write = async (name: string, data: Buffer) => {
    const file = path.join(dir, name);
    // 'wx': never overwrite (a name collision of 128 random bits would be a bug worth failing on).
    await fs.writeFile(file, data, { flag: 'wx' });
    written.push(file);
  };
  try {
    const paths: string[] = [];
    for (const image of images) {
      const name = randomBytes(16).toString('hex');
      await write(`${name}.${image.extension}`, image.original);
      for (const variant of image.variants) await write(`${name}-${variant.width}.webp`, variant.data);
      paths.push(`${BOOK_IMAGE_PATH_PREFIX}${name}.${image.extension}`);
    }
    return paths;
  } catch (error) {
    await removeFiles(written);
    throw error;
  }
}

/**
 * Removes uploaded book images (originals and variants). Other paths (demo covers, full URLs) are left alone;
 * only names of the storage rule are touched, so a stored path can never point outside the folder.
 */
export async function removeBookImages(uploadsDir: string, imagePaths: readonly string[]): Promise<void> {
  const dir = bookImagesDir(uploadsDir);
  const files: string[] = [];
  for (const imagePath of imagePaths) {
    const name = uploadedBookImageName(imagePath);
    if (!name) continue;
    files.push(path.join(dir, path.basename(imagePath)));
    for (const width of BOOK_IMAGE_VARIANT_WIDTHS) files.push(path.join(dir, `${name}-${width}.webp`));
  }
  await removeFiles(files);
}
