import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { uploadsToS3 } from '../../cli/uploads-to-s3';
import { startS3Server, type TestS3Server } from '../../../test/support/s3';
import {
  contentTypeOf,
  createDiskStore,
  createS3Store,
  createUploadStore,
  isUploadKey,
  type UploadStore,
} from './object-store';

let s3: TestS3Server;
const folders: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'object-store-test-'));
  folders.push(dir);
  return dir;
};
const settings = () => ({
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
});

beforeAll(async () => {
  s3 = await startS3Server();
  // The SDK reads its credentials from the environment, as in production.
  for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await s3.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

async function readAll(store: UploadStore, key: string) {
  const object = await store.get(key);
  if (!object) return undefined;
  return { ...object, data: await buffer(object.body) };
}

async function keysOf(store: UploadStore): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for await (const entry of store.list()) found[entry.key] = entry.size;
  return found;
}

describe('isUploadKey', () => {
  it('accepts the keys uploads are stored under', () => {
    for (const key of [
      'books/0123abcd.png',
      'books/0123abcd-400.webp',
      'demo/book-1.webp',
      'books/matrix.txt',
    ]) {
      expect(isUploadKey(key), key).toBe(true);
    }
  });

  it('refuses anything that could leave the folder or name a hidden file', () => {
    for (const key of [
      '',
      '../secrets.json',
      'books/../../x',
      'books/.env',
      '.hidden',
      'books//x.png',
      '/abs.png',
    ]) {
      expect(isUploadKey(key), key).toBe(false);
    }
    expect(isUploadKey('books\\..\\x')).toBe(false);
    expect(isUploadKey('a/b/c/d/e.png')).toBe(false);
  });

  it('names the content type by extension', () => {
    expect(contentTypeOf('books/a.jpg')).toBe('image/jpeg');
    expect(contentTypeOf('books/a-400.webp')).toBe('image/webp');
    expect(contentTypeOf('books/a.bin')).toBe('application/octet-stream');
  });
});

describe.each([
  ['disk', () => createDiskStore(tempDir())],
  ['S3', () => createS3Store(settings())],
] as const)('the %s store', (_kind, open) => {
  let store: UploadStore;
  afterEach(async () => {
    const keys = Object.keys(await keysOf(store));
    await store.deleteMany(keys);
    store.close();
  });

  it('keeps bytes with their type, length and a validator, lists them and removes them', async () => {
    store = await open();
    await store.ping();
    const png = Buffer.from('not really a png, but bytes all the same');
    await store.put('books/one.png', png, 'image/png');
    await store.put('books/one-400.webp', Buffer.from('variant'), 'image/webp');

    const read = await readAll(store, 'books/one.png');
    expect(read?.data.equals(png)).toBe(true);
    expect(read).toMatchObject({ length: png.length, contentType: 'image/png' });
    expect(read?.etag).toMatch(/^".+"$/);
    expect(await keysOf(store)).toEqual({ 'books/one.png': png.length, 'books/one-400.webp': 7 });

    await store.deleteMany(['books/one.png', 'books/never-there.png']);
    expect(await store.get('books/one.png')).toBeUndefined();
    expect(await keysOf(store)).toEqual({ 'books/one-400.webp': 7 });
  });

  it('answers undefined for a missing object or a key outside the rule, and refuses to write one', async () => {
    store = await open();
    expect(await store.get('books/missing.png')).toBeUndefined();
    expect(await store.get('../secrets.json')).toBeUndefined();
    await expect(store.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /not an upload key/,
    );
  });

  it('replaces an object when asked to', async () => {
    store = await open();
    await store.put('demo/cover.webp', Buffer.from('first'), 'image/webp', { replace: true });
    await store.put('demo/cover.webp', Buffer.from('second!'), 'image/webp', { replace: true });
    expect((await readAll(store, 'demo/cover.webp'))?.data.toString()).toBe('second!');
  });
});

describe('the disk store', () => {
  it('never overwrites a file unless asked to (an upload name is written once)', async () => {
    const root = tempDir();
    const store = createDiskStore(root);
    await store.put('books/a.png', Buffer.from('first'), 'image/png');
    await expect(store.put('books/a.png', Buffer.from('second'), 'image/png')).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(fs.readFileSync(path.join(root, 'books', 'a.png'), 'utf8')).toBe('first');
    // No temporary file is left beside a replaced one.
    await store.put('books/a.png', Buffer.from('third'), 'image/png', { replace: true });
    expect(fs.readdirSync(path.join(root, 'books'))).toEqual(['a.png']);
  });
});

describe('the S3 store', () => {
  it('fails its ping when the bucket does not exist', async () => {
    const store = await createS3Store({ ...settings(), bucket: 'no-such-bucket' });
    await expect(store.ping()).rejects.toThrow(
      `the bucket no-such-bucket at ${s3.endpoint} cannot be used: NotFound (HTTP 404)`,
    );
    store.close();
  });

  it('is the configured store when S3_BUCKET is set, and the disk otherwise', async () => {
    const dataDir = tempDir();
    const withBucket = await createUploadStore(loadConfig({ DATA_DIR: dataDir, ...s3.env }));
    const withoutBucket = await createUploadStore(loadConfig({ DATA_DIR: dataDir }));
    expect([withBucket.kind, withoutBucket.kind]).toEqual(['s3', 'disk']);
    withBucket.close();
  });
});

describe('configuration', () => {
  it('reads the S3 variables, with the region us-east-1 and virtual-host addressing by default', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'site' }).s3).toEqual({
      bucket: 'site',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'site',
        S3_ENDPOINT: 'https://acct.r2.cloudflarestorage.com',
        S3_REGION: 'auto',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'site',
      endpoint: 'https://acct.r2.cloudflarestorage.com',
      region: 'auto',
      forcePathStyle: true,
    });
  });

  it('refuses an endpoint that is not a URL, and S3 settings without a bucket', () => {
    expect(() => loadConfig({ S3_BUCKET: 'site', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT must be a URL starting with http/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'true' })).toThrow(/need S3_BUCKET/);
  });
});

describe('npm run uploads:to-s3', () => {
  it('copies DATA_DIR/uploads into the bucket once: a second run copies nothing, a changed file is copied again', async () => {
    const dataDir = tempDir();
    const uploads = path.join(dataDir, 'uploads');
    fs.mkdirSync(path.join(uploads, 'books'), { recursive: true });
    fs.mkdirSync(path.join(uploads, 'demo'), { recursive: true });
    fs.writeFileSync(path.join(uploads, 'books', 'abc.png'), 'png bytes');
    fs.writeFileSync(path.join(uploads, 'books', 'abc-400.webp'), 'webp bytes!');
    fs.writeFileSync(path.join(uploads, 'demo', 'book-1.webp'), 'demo cover');
    // Not an upload: never copied.
    fs.writeFileSync(path.join(uploads, '.DS_Store'), 'finder');
    const env = { DATA_DIR: dataDir, ...s3.env };
    const printed: string[] = [];
    const print = (text: string) => printed.push(text);
    const bucket = await createS3Store(settings());
    try {
      expect(await uploadsToS3(env, print)).toBe(0);
      expect(printed.at(-1)).toBe('Copied 3 files (0.0 MB); 0 already in the bucket.\n');
      expect(await keysOf(bucket)).toEqual({
        'books/abc.png': 9,
        'books/abc-400.webp': 11,
        'demo/book-1.webp': 10,
      });
      const copied = await readAll(bucket, 'books/abc.png');
      expect(copied).toMatchObject({ contentType: 'image/png' });
      expect(copied?.data.toString()).toBe('png bytes');

      expect(await uploadsToS3(env, print)).toBe(0);
      expect(printed.at(-1)).toBe('Copied 0 files (0.0 MB); 3 already in the bucket.\n');

      fs.writeFileSync(path.join(uploads, 'demo', 'book-1.webp'), 'a new demo cover');
      expect(await uploadsToS3(env, print)).toBe(0);
      expect(printed.at(-1)).toBe('Copied 1 file (0.0 MB); 2 already in the bucket.\n');
      expect((await readAll(bucket, 'demo/book-1.webp'))?.data.toString()).toBe('a new demo cover');
    } finally {
      await bucket.deleteMany(Object.keys(await keysOf(bucket)));
      bucket.close();
    }
  });

  it('says what is missing without S3_BUCKET', async () => {
    const printed: string[] = [];
    expect(await uploadsToS3({ DATA_DIR: tempDir() }, (text) => printed.push(text))).toBe(1);
    expect(printed.join('')).toMatch(/S3_BUCKET is not set/);
  });
});
