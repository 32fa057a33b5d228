import { buffer } from 'node:stream/consumers';
import type { UploadStore } from './object-store';

export interface CopyReport {
  copied: number;
  /** Already in the target with the same size. */
  skipped: number;
  bytes: number;
}

/**
 * Copies every object of `from` into `to`, skipping keys the target already holds with the same size, so that a
 * second run copies nothing and an interrupted one picks up where it stopped. Objects of the target that the
 * source lacks are left alone.
 */
export async function copyUploads(
  from: UploadStore,
  to: UploadStore,
  onCopied: (key: string) => void = () => undefined,
): Promise<CopyReport> {
  const present = new Map<string, number>();
  for await (const entry of to.list()) present.set(entry.key, entry.size);
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for await (const entry of from.list()) {
    if (present.get(entry.key) === entry.size) {
      report.skipped += 1;
      continue;
    }
    const object = await from.get(entry.key);
    if (!object) continue; // removed since it was listed
    const data = await buffer(object.body);
    await to.put(entry.key, data, object.contentType, { replace: true });
    report.copied += 1;
    report.bytes += data.length;
    onCopied(entry.key);
  }
  return report;
}
