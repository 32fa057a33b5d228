import sharp from 'sharp';
import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../test/support/factories';
import { prepareData } from '../../db/seed';
import { authHeader, createTestApp, type TestContext } from '../../../test/support/app';
import { truncateAll } from '../../../test/support/database';
import { startS3Server, type TestS3Server } from '../../../test/support/s3';
import { createS3Store, type UploadStore } from './object-store';
import { makeImage } from '../../../test/support/test-images';

let s3: TestS3Server;
let ctx: TestContext;
/** The bucket as seen from outside the app. */
let bucket: UploadStore;
let admin: { authorization: string };

beforeAll(async () => {
  s3 = await startS3Server();
  for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
  ctx = await createTestApp(s3.env);
  await ctx.app.ready();
  bucket = await createS3Store({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
  });
});

afterAll(async () => {
  bucket.close();
  await ctx.close();
  await s3.close();
  vi.unstubAllEnvs();
});

async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of bucket.list()) keys.push(entry.key);
  return keys.sort();
}

beforeEach(async () => {
  await truncateAll(ctx.database);
  await bucket.deleteMany(await bucketKeys());
  const user = await createUser(ctx.database.db, { role: 'admin' });
  admin = await authHeader(ctx, { id: user.id, role: 'admin' });
});

/** A multipart body built by the platform's FormData, as a browser would send it. */
async function multipart(
  fields: Record<string, string>,
  files: { field: string; data: Buffer; name: string }[],
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.data)]), file.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

const bookFields = {
  name: 'Riyad as-Salihin',
  description: 'Gardens of the righteous.',
  author: 'An-Nawawi',
  price: '420',
};

async function postBook(images: Buffer[]) {
  const body = await multipart(
    bookFields,
    images.map((data, i) => ({ field: 'images', data, name: `cover-${i}.png` })),
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/api/books',
    payload: body.payload,
    headers: { ...body.headers, ...admin },
  });
}

const nameOf = (imagePath: string) => path.posix.basename(imagePath).replace(/\.\w+$/, '');

describe('uploads in an S3 bucket (S3_BUCKET)', () => {
  it('the app keeps uploads in the bucket', () => {
    expect(ctx.app.uploads.kind).toBe('s3');
  });

  it('stores a book image and its variants in the bucket and serves them at their /api/uploads/ URLs', async () => {
    const png = await makeImage('png', 900, 600);
    const res = await postBook([png]);
    expect(res.statusCode).toBe(201);
    const [imagePath] = res.json().data.images as string[];
    expect(imagePath).toMatch(/^\/api\/uploads\/books\/[a-f0-9]{32}\.png$/);
    const name = nameOf(imagePath!);
    expect(await bucketKeys()).toEqual([
      `books/${name}-400.webp`,
      `books/${name}-800.webp`,
      `books/${name}.png`,
    ]);
    // Nothing on the local disk: another server must see the same files.
    expect(fs.existsSync(path.join(ctx.dataDir, 'uploads', 'books'))).toBe(false);

    const served = await ctx.app.inject({ url: imagePath! });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    const stored = await bucket.get(`books/${name}.png`);
    expect((await buffer(stored!.body)).equals(png)).toBe(true);
    expect(served.headers.etag).toBe(stored!.etag);

    const variant = await ctx.app.inject({ url: `/api/uploads/books/${name}-400.webp` });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');

    // A browser that has the picture is told it is still good.
    const again = await ctx.app.inject({
      url: imagePath!,
      headers: { 'if-none-match': served.headers.etag! },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a name the bucket does not hold, and never reads outside the rule', async () => {
    await bucket.put('books/present.png', Buffer.from('x'), 'image/png');
    for (const url of [
      '/api/uploads/books/absent.png',
      '/api/uploads/..%2fbooks/present.png',
      '/api/uploads/books/.env',
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('removes the objects of a deleted book', async () => {
    const created = await postBook([await makeImage('png', 500, 500), await makeImage('jpeg', 500, 500)]);
    const book = created.json().data as { _id: string; images: string[] };
    expect(await bucketKeys()).toHaveLength(6);

    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/books/${book._id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(await bucketKeys()).toEqual([]);
    expect((await ctx.app.inject({ url: book.images[0]! })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, and writes nothing', async () => {
    const res = await postBook([Buffer.from('hello, I am a text file')]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_IMAGE_TYPE' });
    expect(await bucketKeys()).toEqual([]);
  });

  it("stores an article's featured image in the bucket", async () => {
    const body = await multipart({}, [
      { field: 'image', data: await makeImage('jpeg', 640, 480), name: 'a.jpg' },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/articles/admin/images',
      payload: body.payload,
      headers: { ...body.headers, ...admin },
    });
    expect(res.statusCode).toBe(201);
    const imagePath = res.json().data.path as string;
    expect(await bucketKeys()).toContain(`books/${path.posix.basename(imagePath)}`);
    expect((await ctx.app.inject({ url: imagePath })).headers['content-type']).toBe('image/jpeg');
  });

  it('puts the demo covers in the bucket', async () => {
    await truncateAll(ctx.database);
    await prepareData(
      ctx.database.db,
      { ...ctx.config, seedDemo: true },
      ctx.app.log,
      () => undefined,
      ctx.app.uploads,
    );
    const keys = await bucketKeys();
    expect(keys).toContain('demo/book-1.webp');
    expect(keys.every((key) => key.startsWith('demo/'))).toBe(true);
    const cover = await ctx.app.inject({ url: '/api/uploads/demo/book-1.webp' });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/webp');
    // With its narrower copies, as an upload has: 400 px wide, and the 800 one never wider than the cover (600).
    expect(keys).toEqual(expect.arrayContaining(['demo/book-1-400.webp', 'demo/book-1-800.webp']));
    for (const [width, expected] of [
      [400, 400],
      [800, 600],
    ] as const) {
      const variant = await ctx.app.inject({ url: `/api/uploads/demo/book-1-${width}.webp` });
      expect(variant.statusCode).toBe(200);
      expect((await sharp(variant.rawPayload).metadata()).width).toBe(expected);
    }
  });
});
