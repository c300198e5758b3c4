import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { RAM_TMPDIR } from './ram-tmpdir';

/** A throwaway PostgreSQL 15 cluster made from Debian's server binaries. */
export interface PostgresCluster {
  /** URL of the `postgres` database as the `postgres` superuser. */
  url: string;
  /** Same as url: a superuser URL from which databases can be created. */
  adminUrl: string;
  /** Stops the server (`pg_ctl stop -m fast`) and removes its directory. Safe to call twice. */
  stop(): Promise<void>;
  /** Restarts the server the way an operator does (`pg_ctl restart -m fast`): every connection is cut. */
  restart(): Promise<void>;
}

export const INSTALL_HINT =
  'PostgreSQL 15 server binaries are needed for the server:postgres tests. ' +
  'Install them with `sudo apt-get install -y postgresql-15` (Debian), ' +
  'or set PG_BIN to a directory holding initdb, pg_ctl and postgres, ' +
  'or set DATABASE_URL_ADMIN to a superuser URL of a running server.';

/** Directory of initdb/pg_ctl/postgres: env PG_BIN, else Debian's PostgreSQL 15. */
export function postgresBinDir(): string {
  return process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
}

/** The names of the binaries that are missing from postgresBinDir() (empty when all are there). */
export function missingPostgresBinaries(binDir = postgresBinDir()): string[] {
  return ['initdb', 'pg_ctl', 'postgres'].filter((name) => {
    try {
      fs.accessSync(path.join(binDir, name), fs.constants.X_OK);
      return false;
    } catch {
      return true;
    }
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a command (as the postgres user when we are root: PostgreSQL refuses to run as root). */
function run(cmd: string, args: string[]): Promise<void> {
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return new Promise((resolve, reject) => {
    // stdin ignored and server output sent to a log file (pg_ctl -l), so no child keeps our pipes open.
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (err) => reject(new Error(`${cmd} could not start: ${err.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(cmd)} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${output.trim()}`));
    });
  });
}

/** A port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function readLog(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}

/**
 * Makes and starts a throwaway PostgreSQL 15 cluster on 127.0.0.1 (trust auth, durability off for speed).
 * Throws with install instructions when the server binaries are missing.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const binDir = postgresBinDir();
  const missing = missingPostgresBinaries(binDir);
  if (missing.length) throw new Error(`${missing.join(', ')} not found in ${binDir}. ${INSTALL_HINT}`);
  const bin = (name: string) => path.join(binDir, name);

  // As root the cluster belongs to the postgres user, which must be able to reach the directory: /tmp and the tests' RAM
  // folder are world-traversable.
  const dir = await mkdtemp(path.join(isRoot() && os.tmpdir() !== RAM_TMPDIR ? '/tmp' : os.tmpdir(), 'pg-test-'));
  const dataDir = path.join(dir, 'data');
  const sockDir = path.join(dir, 'sock');
  const logFile = path.join(dir, 'server.log');
  fs.mkdirSync(sockDir);
  if (isRoot()) {
    const owner = spawnSync('chown', ['-R', 'postgres:postgres', dir], { encoding: 'utf8' });
    if (owner.status !== 0) {
      await rm(dir, { recursive: true, force: true });
      throw new Error(`chown postgres ${dir} failed (is there a postgres user?): ${owner.stderr || owner.error?.message}`);
    }
  }

  let started = false;
  let stopped = false;
  const stopSync = () => {
    // Last resort when the process exits without calling stop(): do not leave a server running.
    if (started && !stopped) {
      const [file, argv] = isRoot()
        ? ['runuser', ['-u', 'postgres', '--', bin('pg_ctl'), 'stop', '-D', dataDir, '-m', 'immediate']]
        : [bin('pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate']];
      spawnSync(file, argv, { stdio: 'ignore' });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopSync);

  try {
    await run(bin('initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);
    // A free port can be taken between the check and the bind: try a few.
    let lastError: unknown;
    for (let attempt = 0; attempt < 3 && !started; attempt++) {
      const port = await freePort();
      const options = [
        '-c listen_addresses=127.0.0.1',
        `-p ${port}`,
        `-k ${sockDir}`,
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=200',
      ].join(' ');
      try {
        await run(bin('pg_ctl'), ['start', '-w', '-t', '60', '-D', dataDir, '-l', logFile, '-o', options]);
        started = true;
        const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
        return {
          url,
          adminUrl: url,
          restart: () => run(bin('pg_ctl'), ['restart', '-w', '-t', '60', '-D', dataDir, '-m', 'fast', '-l', logFile, '-o', options]),
          async stop() {
            if (stopped) return;
            stopped = true;
            process.removeListener('exit', stopSync);
            try {
              await run(bin('pg_ctl'), ['stop', '-w', '-D', dataDir, '-m', 'fast']);
            } finally {
              await rm(dir, { recursive: true, force: true });
            }
          },
        };
      } catch (err) {
        lastError = new Error(`${(err as Error).message}\n--- server log ---\n${readLog(logFile)}`);
      }
    }
    throw lastError;
  } catch (err) {
    process.removeListener('exit', stopSync);
    stopSync();
    stopped = true;
    throw err;
  }
}

/**
 * Creates database `name` on the server of adminUrl (a superuser URL), as a copy of database `template` when given, and
 * returns the new database's URL.
 */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  for (const n of [name, template ?? name]) if (!/^[a-z_][a-z0-9_]{0,62}$/.test(n)) throw new Error(`Invalid database name: ${n}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * What a server process needs to run on the database at `url`: with DATABASE_URL the shared keys are required (every
 * instance sharing the database must use the same ones), so they are made once per database here.
 */
export function postgresServerEnv(url: string): Record<string, string> {
  const key = () => crypto.randomBytes(24).toString('base64url');
  return { DATABASE_URL: url, JWT_SECRET: key(), SOCIAL_SECRET_KEY: key() };
}

/** Runs `fn` with the settings of a server on a throwaway PostgreSQL cluster, stopped afterwards whatever happens. */
export async function onThrowawayPostgres<T>(fn: (env: Record<string, string>) => Promise<T>): Promise<T> {
  const cluster = await startPostgresCluster();
  try {
    return await fn(postgresServerEnv(cluster.url));
  } finally {
    await cluster.stop();
  }
}
