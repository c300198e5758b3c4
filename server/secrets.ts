import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret from config, or one generated on first start and kept in DATA_DIR/keys so that tokens survive restarts.
 * Instances sharing a PostgreSQL database must be given the same value in config (required there): a data directory
 * belongs to one server only.
 */
export function loadOrCreateSecret(dataDir: string, name: string, configured?: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'keys', `${name}.key`);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = crypto.randomBytes(32).toString('base64url');
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw err;
  }
}

/** A separate key for one purpose, derived from the master secret. */
export const deriveKey = (secret: string, purpose: string) =>
  Buffer.from(crypto.hkdfSync('sha256', secret, 'artist-studio', purpose, 32)).toString('base64url');

export const randomToken = () => crypto.randomBytes(32).toString('base64url');
export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
