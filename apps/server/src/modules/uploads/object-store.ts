import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config';

/** One stored upload, ready to stream to a client. */
export interface StoredObject {
  body: Readable;
  length: number;
  contentType: string;
  /** A strong validator, quoted as HTTP sends it. */
  etag: string;
}

export interface UploadEntry {
  key: string;
  size: number;
}

/**
 * Where uploads live: `DATA_DIR/uploads` (the default) or an S3-compatible bucket (S3_BUCKET). Keys are paths below
 * `/api/uploads/`, like `books/<name>.png`; only keys of `isUploadKey` are ever read or written.
 */
export interface UploadStore {
  readonly kind: 'disk' | 's3';
  /**
   * Stores `data` under `key`. Without `replace`, an existing file on disk is never overwritten (the write fails);
   * a bucket cannot promise that everywhere, so uploads rely on their 128-bit random names.
   */
  put(key: string, data: Buffer, contentType: string, options?: { replace?: boolean }): Promise<void>;
  /** The object, or undefined when there is none (or the key is not one of ours). */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes the objects; keys already gone are fine. */
  deleteMany(keys: readonly string[]): Promise<void>;
  /** Every stored object with its size, in no particular order. */
  list(): AsyncIterable<UploadEntry>;
  /** Throws when the store cannot be reached or used (GET /api/ready). */
  ping(): Promise<void>;
  close(): void;
}

/** A segment is letters, digits, `-`, `_` and `.`, never first: no `..`, no hidden files, no separators. */
const KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_DEPTH = 4;

/** Whether `key` may name an upload: the only keys the stores read, write or serve, so none leaves the folder. */
export function isUploadKey(key: string): boolean {
  const segments = key.split('/');
  return segments.length <= MAX_KEY_DEPTH && segments.every((segment) => KEY_SEGMENT.test(segment));
}

function checkedKey(key: string): string {
  if (!isUploadKey(key)) throw new Error(`not an upload key: ${JSON.stringify(key)}`);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.txt': 'text/plain; charset=utf-8',
};

/** The type a stored file is served with, from its extension (the bytes of an image were checked on upload). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

const isMissing = (error: unknown) =>
  ['ENOENT', 'EISDIR', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** Uploads as files under `root` (DATA_DIR/uploads): the embedded default. */
export function createDiskStore(root: string): UploadStore {
  fsSync.mkdirSync(root, { recursive: true });
  const fileOf = (key: string) => path.join(root, ...checkedKey(key).split('/'));

  async function* walk(dir: string, prefix: string): AsyncGenerator<UploadEntry> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const key = `${prefix}${entry.name}`;
      if (!isUploadKey(key)) continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(file, `${key}/`);
      else if (entry.isFile()) yield { key, size: (await fs.stat(file)).size };
    }
  }

  return {
    kind: 'disk',
    async put(key, data, _contentType, options = {}) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      if (!options.replace) {
        // 'wx': never overwrite (a name collision of 128 random bits would be a bug worth failing on).
        await fs.writeFile(file, data, { flag: 'wx' });
        return;
      }
      // A reader never sees half a file: write beside it, then rename over it.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temporary, data, { flag: 'wx' });
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      if (!isUploadKey(key)) return undefined;
      let handle;
      try {
        handle = await fs.open(fileOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return undefined;
      }
      return {
        body: handle.createReadStream(),
        length: stat.size,
        contentType: contentTypeOf(key),
        // Names never change and a file is written once, so size and time identify its bytes.
        etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      };
    },
    async deleteMany(keys) {
      await Promise.all(keys.map((key) => fs.rm(fileOf(key), { force: true })));
    },
    list: () => walk(root, ''),
    async ping() {
      await fs.access(root, fs.constants.R_OK | fs.constants.W_OK);
    },
    close() {},
  };
}

export interface S3Settings {
  bucket: string;
  /** Unset: AWS S3 itself. R2: `https://<account>.r2.cloudflarestorage.com`; MinIO: its URL. */
  endpoint: string | undefined;
  /** `us-east-1` by default; R2 takes `auto`. */
  region: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: MinIO and most self-hosted servers. */
  forcePathStyle: boolean;
}

const S3_CONNECT_TIMEOUT_MS = 2_000;
const S3_REQUEST_TIMEOUT_MS = 10_000;

/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Uploads as objects in an S3-compatible bucket. Credentials come from the SDK's usual sources (AWS_ACCESS_KEY_ID
 * and AWS_SECRET_ACCESS_KEY, a profile, an instance role). The SDK is loaded only here, so a server without
 * S3_BUCKET never pays for it.
 */
export async function createS3Store(settings: S3Settings): Promise<UploadStore> {
  const s3 = await import('@aws-sdk/client-s3');
  const client: S3Client = new s3.S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: R2, MinIO and older S3-compatible servers refuse or ignore the SDK's
    // newer default (a CRC32 on every upload and download).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that does not answer is given up on rather than waited for (an image request holds a connection):
    // 2 s to connect, 10 s without a byte of the answer, two tries in all.
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS },
    maxAttempts: 2,
  });
  const Bucket = settings.bucket;

  return {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(
        new s3.PutObjectCommand({ Bucket, Key: checkedKey(key), Body: data, ContentType: contentType }),
      );
    },
    async get(key) {
      if (!isUploadKey(key)) return undefined;
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
        return {
          body: object.Body as Readable,
          length: object.ContentLength ?? 0,
          contentType: object.ContentType ?? contentTypeOf(key),
          etag: object.ETag ?? `"${key}"`,
        };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async deleteMany(keys) {
      const objects = keys.map((key) => ({ Key: checkedKey(key) }));
      for (let i = 0; i < objects.length; i += DELETE_BATCH) {
        const batch = objects.slice(i, i + DELETE_BATCH);
        const result = await client.send(
          new s3.DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }),
        );
        const failed = result.Errors ?? [];
        if (failed.length > 0) {
          throw new Error(`could not delete ${failed.map((e) => `${e.Key} (${e.Code})`).join(', ')}`);
        }
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async ping() {
      try {
        await client.send(new s3.HeadBucketCommand({ Bucket }));
      } catch (error) {
        // HeadBucket answers without a body: the SDK's own message is often just "UnknownError".
        const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        const status = e.$metadata?.httpStatusCode ? ` (HTTP ${e.$metadata.httpStatusCode})` : '';
        const where = settings.endpoint ? ` at ${settings.endpoint}` : '';
        throw new Error(`the bucket ${Bucket}${where} cannot be used: ${e.name ?? 'error'}${status}`, {
          cause: error,
        });
      }
    },
    close() {
      client.destroy();
    },
  };
}

/** The configured store: the bucket when S3_BUCKET is set, DATA_DIR/uploads otherwise. */
export async function createUploadStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<UploadStore> {
  return config.s3 ? createS3Store(config.s3) : createDiskStore(path.join(config.dataDir, 'uploads'));
}
