import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './postgres-cluster';

/** A throwaway redis-server on loopback. */
export interface RedisServer {
  /** host:port, as dev-env's REDIS_HOST takes it. */
  host: string;
  port: number;
  /** Stops the server (SIGTERM, then SIGKILL) and removes its directory. Safe to call twice. */
  stop(): Promise<void>;
}

export const REDIS_INSTALL_HINT =
  'redis-server is needed for the tests against a real Bluesky AppView (dev-env TestNetwork). ' +
  'Install it with `sudo apt-get install -y redis-server` (Debian), or set REDIS_BIN to its path.';

/** The redis-server binary: env REDIS_BIN, else Debian's. */
export function redisBin(): string {
  return process.env.REDIS_BIN || '/usr/bin/redis-server';
}

/** Whether redisBin() is there to run. */
export function redisServerMissing(bin = redisBin()): boolean {
  try {
    fs.accessSync(bin, fs.constants.X_OK);
    return false;
  } catch {
    return true;
  }
}

/** Answers once the server replies +PONG to PING on `port`, or false after one try. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    let reply = '';
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      reply += d;
      if (reply.includes('\r\n')) {
        socket.destroy();
        resolve(reply.startsWith('+PONG'));
      }
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * Starts redis-server on a free 127.0.0.1 port with nothing kept on disk (no RDB snapshots, no append-only file), its
 * working directory a temp folder of its own. Throws with install instructions when the binary is missing.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const bin = redisBin();
  if (redisServerMissing(bin)) throw new Error(`${bin} not found. ${REDIS_INSTALL_HINT}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'redis-test-'));
  let lastError: unknown;
  // A free port can be taken between the check and the bind: try a few.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'];
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    let exited = false;
    const exit = new Promise<void>((resolve) =>
      child.once('exit', () => {
        exited = true;
        resolve();
      }),
    );
    child.once('error', (err) => (output += `\n${err.message}`));
    // Last resort when the process exits without calling stop(): do not leave a server running.
    const killSync = () => {
      if (!exited) child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    };
    process.once('exit', killSync);
    const deadline = Date.now() + 10_000;
    while (!exited && Date.now() < deadline && !(await pings(port))) await new Promise((r) => setTimeout(r, 50));
    if (!exited && Date.now() < deadline) {
      let stopped = false;
      return {
        host: `127.0.0.1:${port}`,
        port,
        async stop() {
          if (stopped) return;
          stopped = true;
          process.removeListener('exit', killSync);
          if (!exited) {
            child.kill('SIGTERM');
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            await exit;
            clearTimeout(timer);
          }
          await rm(dir, { recursive: true, force: true });
        },
      };
    }
    process.removeListener('exit', killSync);
    if (!exited) {
      child.kill('SIGKILL');
      await exit;
    }
    lastError = new Error(`redis-server on port ${port} did not start:\n${output.trim().split('\n').slice(-20).join('\n')}`);
  }
  await rm(dir, { recursive: true, force: true });
  throw lastError;
}
