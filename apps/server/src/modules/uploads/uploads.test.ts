import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkImage, sniffImageFormat } from './images';
import { createDiskStore } from './object-store';
import { removeBookImages, storeBookImages } from './storage';
import { makeImage, makeNoisyImage, pixelFloodPng, truncated } from '../../../test/support/test-images';

describe('sniffImageFormat', () => {
  it('reads the format from the magic number of each accepted type', async () => {
    expect(sniffImageFormat(await makeImage('jpeg', 20, 20))).toBe('jpeg');
    expect(sniffImageFormat(await makeImage('png', 20, 20))).toBe('png');
    expect(sniffImageFormat(await makeImage('webp', 20, 20))).toBe('webp');
    expect(sniffImageFormat(await makeImage('gif', 20, 20))).toBe('gif');
  });

  it('refuses text, SVG, other formats and empty files', async () => {
    expect(sniffImageFormat(Buffer.from('just some text pretending to be a picture'))).toBeNull();
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(
      sniffImageFormat(
        await sharp(await makeImage('png', 20, 20))
          .tiff()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
    expect(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
  });
});

describe('checkImage', () => {
  it('keeps the original bytes and makes WebP variants 400 and 800 px wide', async () => {
    const original = await makeImage('png', 1200, 900);
    const image = await checkImage(original, [400, 800]);
    expect(image).toMatchObject({ format: 'png', extension: 'png', width: 1200, height: 900 });
    expect(image.original.equals(original)).toBe(true);
    expect(image.variants.map((variant) => variant.width)).toEqual([400, 800]);
    for (const variant of image.variants) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(variant.width);
      expect(meta.height).toBe((variant.width * 900) / 1200);
    }
  });

  it('never enlarges a narrow original', async () => {
    const image = await checkImage(await makeImage('jpeg', 300, 450), [400, 800]);
    expect(image.variants.map((variant) => variant.actualWidth)).toEqual([300, 300]);
    expect((await sharp(image.variants[1]!.data).metadata()).width).toBe(300);
  });

  it('accepts JPEG, WebP and GIF with their extensions', async () => {
    expect((await checkImage(await makeImage('jpeg', 40, 40), [400])).extension).toBe('jpg');
    expect((await checkImage(await makeImage('webp', 40, 40), [400])).extension).toBe('webp');
    expect((await checkImage(await makeImage('gif', 40, 40), [400])).extension).toBe('gif');
  });

  it('refuses a file that is not an image', async () => {
    await expect(checkImage(Buffer.from('hello, I am a text file'), [400])).rejects.toMatchObject({
      statusCode: 400,
      code: 'UNSUPPORTED_IMAGE_TYPE',
      message: 'Images must be JPEG, PNG, WebP or GIF files',
    });
  });

  it('refuses truncated PNG and JPEG files', async () => {
    for (const format of ['png', 'jpeg'] as const) {
      const image = await makeNoisyImage(format, 600, 400);
      await expect(checkImage(truncated(image), [400])).rejects.toMatchObject({
        statusCode: 400,
        code: 'INVALID_IMAGE',
      });
    }
  });

  it('refuses a magic number followed by garbage', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 7),
    ]);
    await expect(checkImage(fake, [400])).rejects.toMatchObject({ code: 'INVALID_IMAGE' });
  });

  it('refuses a decompression bomb without decoding it', async () => {
    const bomb = pixelFloodPng(20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const started = Date.now();
    await expect(checkImage(bomb, [400, 800])).rejects.toMatchObject({
      statusCode: 400,
      code: 'IMAGE_TOO_MANY_PIXELS',
      message: 'An image has too many pixels (at most 40 megapixels)',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('book image storage', () => {
  let uploadsDir: string;
  beforeEach(() => {
    uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-test-'));
  });
  afterEach(() => {
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  const listBooksDir = () => fs.readdirSync(path.join(uploadsDir, 'books')).sort();

  it('writes originals and variants under random names by the naming rule, and removes them', async () => {
    const images = [
      await checkImage(await makeImage('png', 900, 600), [400, 800]),
      await checkImage(await makeImage('jpeg', 900, 600), [400, 800]),
    ];
    const paths = await storeBookImages(createDiskStore(uploadsDir), images);
    expect(paths).toHaveLength(2);
    expect(paths[0]).toMatch(/^\/api\/uploads\/books\/[a-f0-9]{32}\.png$/);
    expect(paths[1]).toMatch(/^\/api\/uploads\/books\/[a-f0-9]{32}\.jpg$/);
    expect(paths[0]).not.toBe(paths[1]);
    const names = paths.map((p) => path.basename(p).replace(/\.\w+$/, ''));
    expect(listBooksDir()).toEqual(
      [
        ...names.flatMap((name) => [`${name}-400.webp`, `${name}-800.webp`]),
        path.basename(paths[0]!),
        path.basename(paths[1]!),
      ].sort(),
    );
    const stored = fs.readFileSync(path.join(uploadsDir, 'books', path.basename(paths[0]!)));
    expect(stored.equals(images[0]!.original)).toBe(true);

    await removeBookImages(createDiskStore(uploadsDir), [
      paths[0]!,
      '/api/uploads/demo/book-1.webp',
      'https://x.example/a.jpg',
    ]);
    expect(listBooksDir()).toEqual(
      [`${names[1]}-400.webp`, `${names[1]}-800.webp`, path.basename(paths[1]!)].sort(),
    );
  });

  it('leaves nothing behind when a write fails midway', async () => {
    const good = await checkImage(await makeImage('png', 100, 100), [400, 800]);
    // A variant whose bytes are not a Buffer makes the third write throw.
    const broken = {
      ...good,
      variants: [good.variants[0]!, { ...good.variants[1]!, data: 42 as unknown as Buffer }],
    };
    await expect(storeBookImages(createDiskStore(uploadsDir), [good, broken])).rejects.toThrow();
    expect(listBooksDir()).toEqual([]);
  });

  it('never removes files outside the naming rule', async () => {
    fs.mkdirSync(path.join(uploadsDir, 'books'), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir, 'secret.txt'), 'keep');
    await removeBookImages(createDiskStore(uploadsDir), [
      '/api/uploads/books/../secret.txt',
      '/api/uploads/books/x.png',
    ]);
    expect(fs.existsSync(path.join(uploadsDir, 'secret.txt'))).toBe(true);
  });
});
