import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  /** `http://127.0.0.1:<port>`: S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  /** What a server needs to keep its uploads there: the S3 variables and the credentials the SDK reads. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver only knows this account (it checks the key id, not SigV4 signatures). */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

/**
 * An S3-protocol server (s3rver) in this process, on a free port, with one empty bucket whose objects are files in
 * a temporary folder. Path-style addressing, as for MinIO.
 */
export async function startS3Server(bucket = 'uploads'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3-test-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { address, port } = await server.run();
  const endpoint = `http://${address}:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      ...CREDENTIALS,
      // The SDK warns once per process that Node 20 will lose support in 2027; tests need not hear it.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
