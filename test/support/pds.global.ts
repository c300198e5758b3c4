import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';

interface PdsAddresses {
  url: string;
  plcUrl: string;
}

/**
 * The run's PDS process, kept on the global object: vitest runs this setup once for each project that lists it, in one
 * process, and the projects share the PDS (a start costs 4 s of CPU). The last project's teardown stops it.
 */
interface RunPds {
  child?: ChildProcess;
  started?: Promise<PdsAddresses>;
  projects: number;
}
const run: RunPds = ((globalThis as { __studioTestPds?: RunPds }).__studioTestPds ??= { projects: 0 });

/**
 * globalSetup of the projects whose tests post to Bluesky: one PDS (and PLC directory) for the whole run instead of one
 * per file, in a process of its own. It starts when the first file asks for it (sharedPds() in shared-pds.ts), so a
 * narrow run that needs none starts none; with TEST_PDS_AT_START=1 (`npm test` sets it) it starts at once, beside
 * the first tests, so no file waits for it. Tests reach it through a small address server: `inject('pdsBroker')`.
 */
export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  run.projects += 1;
  const start = () =>
    new Promise<PdsAddresses>((resolve, reject) => {
      // An IPC channel, so the PDS stops with the run even if the run is killed.
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/pds-process.ts'], {
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      run.child = child;
      let out = '';
      let err = '';
      child.stdout!.on('data', (d) => {
        out += d;
        if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]) as PdsAddresses);
      });
      child.stderr!.on('data', (d) => (err = (err + d).slice(-4000)));
      child.on('error', reject);
      child.on('exit', (code, signal) => reject(new Error(`the PDS process ended (${signal ?? code}):\n${err}`)));
    });
  const broker = http.createServer((_req, res) => {
    run.started ??= start();
    run.started.then(
      (addresses) => res.end(JSON.stringify(addresses)),
      (error: Error) => {
        res.statusCode = 500;
        res.end(error.message);
      },
    );
  });
  if (process.env.TEST_PDS_AT_START === '1' && !run.started) {
    run.started = start();
    // Asked for later; a failure is answered to the first file that asks.
    run.started.catch(() => undefined);
  }
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  provide('pdsBroker', `http://127.0.0.1:${(broker.address() as AddressInfo).port}`);
  return async () => {
    broker.close();
    run.projects -= 1;
    const { child } = run;
    if (run.projects > 0) return;
    // A watch run's next round starts a PDS again.
    run.started = run.child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
}
