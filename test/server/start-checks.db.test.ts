import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { checkDataDir, checkSharedSettings, lockDataDir, StartError } from '../../server/start-checks';
import { startServer, type RunningServer } from '../support/browser';
import { mountTmpfs, unmount } from '../support/mount';
import { dbLabel, openTestDatabase } from '../support/test-db';

const JWT = 'jwt-secret-jwt-secret-jwt-secret-jwt!';
const SOCIAL = 'social-key-social-key-social-key-social!';

/** Starts the server as `npm start` does and answers its exit code and everything it printed. */
async function startAndFail(env: Record<string, string>) {
  const child = spawn('sh', ['scripts/serve.sh'], {
    env: { ...process.env, NODE: process.execPath, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  return { code, lines: output.trim().split('\n') };
}

describe(`instances sharing a database must agree (${dbLabel()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('records fingerprints first, accepts the same settings, and refuses naming only the setting that differs', async () => {
    const settings = { JWT_SECRET: JWT, SOCIAL_SECRET_KEY: SOCIAL, APP_URL: 'https://studio.example' };
    await checkSharedSettings(database.db, settings);
    await checkSharedSettings(database.db, settings);
    const other = { ...settings, SOCIAL_SECRET_KEY: `${SOCIAL}x` };
    const err = await checkSharedSettings(database.db, other).catch((e: Error) => e);
    expect(err).toBeInstanceOf(StartError);
    expect((err as Error).message).toMatch(/^SOCIAL_SECRET_KEY differs/);
    expect((err as Error).message).not.toMatch(/JWT_SECRET|APP_URL/);
    await expect(checkSharedSettings(database.db, { ...settings, APP_URL: 'https://other.example' })).rejects.toThrow(/^APP_URL differs/);
    // Only keyed hashes are stored, never the values.
    const stored = JSON.stringify((await database.db.execute('select * from shared_settings')) as unknown);
    for (const value of [JWT, SOCIAL, 'studio.example']) expect(stored).not.toContain(value);
  });

  it('requires JWT_SECRET and SOCIAL_SECRET_KEY with DATABASE_URL instead of making its own', () => {
    const base = { DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://db.example/studio' };
    expect(() => loadConfig(base)).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, JWT_SECRET: JWT })).toThrow(/SOCIAL_SECRET_KEY is required with DATABASE_URL/);
    expect(() => loadConfig({ ...base, SOCIAL_SECRET_KEY: SOCIAL })).toThrow(/JWT_SECRET is required with DATABASE_URL/);
    expect(loadConfig({ ...base, JWT_SECRET: JWT, SOCIAL_SECRET_KEY: SOCIAL }).database.kind).toBe('postgres');
    // On https the OAuth client's key too: instances that each made one would sign with keys Bluesky does not know.
    const https = { ...base, JWT_SECRET: JWT, SOCIAL_SECRET_KEY: SOCIAL, APP_URL: 'https://studio.example' };
    expect(() => loadConfig(https)).toThrow(/OAUTH_PRIVATE_KEY is required with DATABASE_URL and an https APP_URL/);
    expect(() => loadConfig({ ...https, OAUTH_PRIVATE_KEY: '{"kty":"EC"}' })).toThrow(/OAUTH_PRIVATE_KEY must be a private JWK/);
    const jwk = JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd' });
    expect(loadConfig({ ...https, OAUTH_PRIVATE_KEY: jwk }).social.oauth.privateKey).toBe(jwk);
  });
});

describe(`one server per data directory (${dbLabel()})`, () => {
  let dir: string;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-lock-'));
  });
  afterAll(async () => {
    await server?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('refuses a directory held by a running process and takes over one left by a dead one', async () => {
    const held = path.join(dir, 'held');
    await fs.mkdir(held);
    await fs.writeFile(path.join(held, 'server.pid'), String(process.ppid));
    expect(() => lockDataDir(held)).toThrow(new RegExp(`DATA_DIR ${held} is in use by another server \\(PID ${process.ppid}\\)`));

    const stale = path.join(dir, 'stale');
    await fs.mkdir(stale);
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    await fs.writeFile(path.join(stale, 'server.pid'), gone);
    lockDataDir(stale);
    expect(await fs.readFile(path.join(stale, 'server.pid'), 'utf8')).toBe(String(process.pid));
  });

  it('exits cleanly when its data directory was removed under it, and removes only its own lock', async () => {
    const before = new Set(process.listeners('exit'));
    const gone = path.join(dir, 'gone');
    lockDataDir(gone);
    const [onExit] = process.listeners('exit').filter((l) => !before.has(l));
    process.removeListener('exit', onExit);
    await fs.rm(gone, { recursive: true });
    expect(() => onExit.call(process, 0)).not.toThrow();

    const taken = path.join(dir, 'taken');
    lockDataDir(taken);
    const [onTakenExit] = process.listeners('exit').filter((l) => !before.has(l));
    process.removeListener('exit', onTakenExit);
    await fs.writeFile(path.join(taken, 'server.pid'), '1');
    onTakenExit.call(process, 0);
    expect(await fs.readFile(path.join(taken, 'server.pid'), 'utf8')).toBe('1');
  });

  it('a second server on the same DATA_DIR exits non-zero with one line naming the directory and the PID', async () => {
    // An empty DATA_DIR, as on the first `npm start`: the server creates its database.
    server = await startServer({ JWT_SECRET: JWT, SOCIAL_SECRET_KEY: SOCIAL }, { freshDatabase: true });
    const { code, lines } = await startAndFail({ DATA_DIR: server.dataDir });
    expect(code).not.toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`DATA_DIR ${path.resolve(server.dataDir)} is in use by another server (PID ${server.pid})`);
    // The first server is untouched.
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
  });
});

describe('a data directory the server cannot write', () => {
  let readOnly: string;
  beforeAll(async () => {
    // A read-only mount: root ignores permission bits, so only a real read-only file system is one for every user.
    readOnly = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-ro-'));
    mountTmpfs(readOnly, '1m', { readOnly: true });
  });
  afterAll(async () => {
    unmount(readOnly);
    await fs.rm(readOnly, { recursive: true, force: true });
  });

  it('a read-only DATA_DIR stops the start with one line naming it and a non-zero exit', async () => {
    const { code, lines } = await startAndFail({ DATA_DIR: readOnly });
    expect(code).not.toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`DATA_DIR ${readOnly} is not writable (read-only file system)`);
  });

  it('a missing DATA_DIR that cannot be made stops the start the same way', async () => {
    const missing = path.join(readOnly, 'studio', 'data');
    const { code, lines } = await startAndFail({ DATA_DIR: missing });
    expect(code).not.toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(
      `DATA_DIR ${missing} does not exist and cannot be created (read-only file system); the server keeps its database`,
    );
  });

  it('is not asked of a server that keeps nothing there (PostgreSQL, a bucket, SMTP and given keys)', () => {
    const external = {
      DATA_DIR: path.join(readOnly, 'unused'),
      DATABASE_URL: 'postgres://db.example/studio',
      S3_BUCKET: 'studio',
      SMTP_URL: 'smtp://mail.example:587',
      JWT_SECRET: JWT,
      SOCIAL_SECRET_KEY: SOCIAL,
    };
    expect(() => checkDataDir(loadConfig(external))).not.toThrow();
    expect(() => checkDataDir(loadConfig({ ...external, S3_BUCKET: '' }))).toThrow(/^DATA_DIR .* the server keeps its files there\.$/);
  });

  it('a read-only folder inside DATA_DIR (its own mount) is named too', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-files-ro-'));
    const files = path.join(dataDir, 'files');
    await fs.mkdir(files);
    mountTmpfs(files, '1m', { readOnly: true });
    try {
      const { code, lines } = await startAndFail({ DATA_DIR: dataDir });
      expect(code).not.toBe(0);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`${files} (in DATA_DIR) is not writable (read-only file system)`);
    } finally {
      unmount(files);
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
