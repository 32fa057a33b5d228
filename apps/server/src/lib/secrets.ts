import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

interface Secrets {
  jwtSecret: string;
}

/** The secrets kept in `file`, or undefined when there is none (or it holds no usable key). */
function readSecrets(file: string): Secrets | undefined {
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
    if (typeof stored.jwtSecret === 'string' && stored.jwtSecret.length >= 32)
      return { jwtSecret: stored.jwtSecret };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return undefined;
}

/**
 * Secrets generated once and kept in DATA_DIR/secrets.json (mode 600), so that sessions survive restarts. A new
 * file is written beside it and linked into place, so that two processes starting at once never read half a file:
 * the second finds the first one's (and uses it) or links its own.
 */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored = readSecrets(file);
  if (stored) return stored;
  const secrets: Secrets = { jwtSecret: randomBytes(48).toString('base64url') };
  fs.mkdirSync(dataDir, { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temp, file);
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Made meanwhile by another process; a file left without a usable key (written by hand) is replaced.
    const theirs = readSecrets(file);
    if (theirs) return theirs;
    fs.renameSync(temp, file);
    return secrets;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}
