// `npm run uploads:to-s3`: copies DATA_DIR/uploads into the bucket of S3_BUCKET, once, before the servers switch
// to it (docs/decisions/027). Safe to run again: what is already there with the same size is skipped.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config';
import { copyUploads } from '../modules/uploads/copy-uploads';
import { createDiskStore, createS3Store } from '../modules/uploads/object-store';

type Print = (text: string) => void;

/** Runs the copy for `env`; answers the exit code. */
export async function uploadsToS3(
  env: Record<string, string | undefined>,
  print: Print = (text) => process.stdout.write(text),
): Promise<number> {
  const config = loadConfig(env);
  if (!config.s3) {
    print('S3_BUCKET is not set: name the bucket (and S3_ENDPOINT, S3_REGION, credentials) to copy into.\n');
    return 1;
  }
  const folder = path.join(config.dataDir, 'uploads');
  const from = createDiskStore(folder);
  const to = await createS3Store(config.s3);
  try {
    await to.ping();
    print(`Copying ${folder} to the bucket ${config.s3.bucket}...\n`);
    const report = await copyUploads(from, to);
    const megabytes = (report.bytes / 1024 / 1024).toFixed(1);
    const files = report.copied === 1 ? 'file' : 'files';
    print(`Copied ${report.copied} ${files} (${megabytes} MB); ${report.skipped} already in the bucket.\n`);
    return 0;
  } finally {
    to.close();
  }
}

const isEntry = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) {
  uploadsToS3(process.env).then(
    (code) => process.exit(code),
    (error: unknown) => {
      // A ConfigError names every bad variable; an S3 error says which bucket and what it answered.
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`The copy failed: ${message}\n`);
      process.exit(1);
    },
  );
}
