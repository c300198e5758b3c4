import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import type { Db } from './db/database';
import { deriveKey } from './secrets';
import { recordedFingerprints, recordFingerprintsIfAbsent } from './shared-settings.repo';
import { oauthModeOf } from './social/providers/bluesky/oauth/oauth-mode';

/** A start-up check that failed: main.ts prints the message as one line and exits non-zero. */
export class StartError extends Error {}

const LOCK_FILE = 'server.pid';

const REASONS: Record<string, string> = {
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOSPC: 'no space left',
  ENOTDIR: 'a part of the path is a file',
  ENOENT: 'a part of the path is missing',
};
const reasonOf = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  return REASONS[code] ?? (code || String(err));
};

/** What this configuration keeps under DATA_DIR, by subdirectory; empty when it needs nothing there. */
export function dataDirUses(config: Config): Array<{ dir: string; what: string }> {
  const uses = [];
  if (config.database.kind === 'pglite') uses.push({ dir: config.database.dir, what: 'database' });
  if (config.storage.kind === 'local') uses.push({ dir: config.storage.dir, what: 'files' });
  if (!config.mail.smtpUrl) uses.push({ dir: config.mail.dir, what: 'outgoing mail' });
  const oauthKeyMade = oauthModeOf(config.appUrl) === 'confidential' && !config.social.oauth.privateKey;
  if (!config.jwtSecret || !config.social.secretKey || oauthKeyMade) uses.push({ dir: path.join(config.dataDir, 'keys'), what: 'keys' });
  return uses;
}

/** The error of making the first missing folder of a path: a recursive mkdir reports only that the path is missing. */
function whyNotCreated(dir: string): unknown {
  let missing = dir;
  while (!fs.existsSync(path.dirname(missing)) && path.dirname(missing) !== missing) missing = path.dirname(missing);
  try {
    fs.mkdirSync(missing);
    fs.rmdirSync(missing);
    return undefined;
  } catch (err) {
    return err;
  }
}

/**
 * DATA_DIR must exist (or be made) and take writes before anything starts: a server that started anyway would fail
 * on the first upload or sign-up. Each folder the server uses that already exists is tried too, as one may be a
 * mount of its own. Written and removed: a file, as permission bits alone do not tell (root ignores them, a
 * read-only mount does not).
 */
export function checkDataDir(config: Config) {
  const uses = dataDirUses(config);
  if (!uses.length) return;
  const whats = uses.map((u) => u.what);
  const keeps = `the server keeps its ${whats.length > 1 ? `${whats.slice(0, -1).join(', ')} and ${whats.at(-1)}` : whats[0]} there`;
  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
  } catch (err) {
    throw new StartError(
      `DATA_DIR ${config.dataDir} does not exist and cannot be created (${reasonOf(whyNotCreated(config.dataDir) ?? err)}); ${keeps}.`,
    );
  }
  for (const dir of [config.dataDir, ...uses.map((u) => u.dir).filter((d) => fs.existsSync(d))]) {
    const probe = path.join(dir, `.write-check-${process.pid}`);
    try {
      fs.writeFileSync(probe, 'ok', { flag: 'w', mode: 0o600 });
      fs.rmSync(probe, { force: true });
    } catch (err) {
      const which = dir === config.dataDir ? `DATA_DIR ${dir}` : `${dir} (in DATA_DIR)`;
      throw new StartError(`${which} is not writable (${reasonOf(err)}); ${keeps}.`);
    }
  }
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The embedded database belongs to one process: a second server on the same DATA_DIR would never see the first one's
 * writes and would overwrite them. The lock is a file holding the owner's PID, taken with O_EXCL; one left by a
 * process that no longer runs is taken over. It is removed when the process exits.
 */
export function lockDataDir(dataDir: string) {
  const file = path.join(dataDir, LOCK_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      process.once('exit', () => {
        // The file may be gone already (the data directory removed under us); exiting must not throw for that.
        const holder = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
        if (holder === String(process.pid)) fs.rmSync(file, { force: true });
      });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number(fs.readFileSync(file, 'utf8').trim());
    if (holder && holder !== process.pid && running(holder)) {
      throw new StartError(
        `DATA_DIR ${path.resolve(dataDir)} is in use by another server (PID ${holder}); one embedded database has one server (use DATABASE_URL for several).`,
      );
    }
    // Left by a server that is gone: take it over (O_EXCL again, so two newcomers cannot both win).
    fs.rmSync(file, { force: true });
  }
  throw new StartError(`DATA_DIR ${path.resolve(dataDir)} could not be locked (${file}).`);
}

/** A keyed hash of a setting: equal values give equal fingerprints, and the fingerprint does not reveal the value. */
const fingerprint = (name: string, value: string) => deriveKey(value, `fingerprint:${name}`).slice(0, 22);

/**
 * Instances sharing one database must agree on the keys that sign sessions and seal Bluesky credentials, and on the
 * public address that tokens name; one that disagrees would reject everyone else's sessions or seal accounts with a
 * key the others cannot read. The first instance records fingerprints; every later one compares its own.
 */
export async function checkSharedSettings(db: Db, settings: Record<string, string>) {
  const mine = Object.entries(settings).map(([name, value]) => ({ name, fingerprint: fingerprint(name, value) }));
  await recordFingerprintsIfAbsent(db, mine);
  const recorded = await recordedFingerprints(db, Object.keys(settings));
  const differing = mine.filter((m) => recorded.find((r) => r.name === m.name)?.fingerprint !== m.fingerprint).map((m) => m.name);
  if (differing.length) {
    throw new StartError(
      `${differing.join(', ')} differ${differing.length === 1 ? 's' : ''} from the value the other instances sharing this database use; ` +
        'give every instance the same value (to change it on purpose, see "Changing a shared key" in README.md).',
    );
  }
}
