import { spawn } from 'node:child_process';
import { freePort } from './browser';
import { eventually } from './social';

/**
 * HAProxy configured by deploy/haproxy.cfg (Debian's haproxy), in front of the instances on `ports` (three server
 * lines: fewer ports repeat the last), listening on `port` (a free one if not given). Resolves once it sends requests
 * to a ready instance.
 */
export async function startHaproxy(ports: number[], port?: number) {
  port ??= await freePort();
  const servers = Object.fromEntries([0, 1, 2].map((i) => [`STUDIO_${i + 1}`, `127.0.0.1:${ports[Math.min(i, ports.length - 1)]}`]));
  const child = spawn('haproxy', ['-db', '-f', 'deploy/haproxy.cfg'], {
    env: { ...process.env, STUDIO_LISTEN: `127.0.0.1:${port}`, ...servers },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let failure: Error | undefined;
  child.on('error', (err) => (failure = new Error(`haproxy could not start (apt-get install haproxy): ${err.message}`)));
  const url = `http://127.0.0.1:${port}`;
  await eventually(
    async () => {
      if (failure) throw failure;
      return (await fetch(`${url}/api/health/ready`).catch(() => null))?.ok || null;
    },
    20_000,
    200,
  );
  return {
    url,
    /** Stops it; safe to call twice. */
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
