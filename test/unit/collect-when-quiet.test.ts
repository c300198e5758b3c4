import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { collectWhenQuiet } from '../../server/memory/collect-when-quiet';

const QUIET = 250;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('collecting once the server is quiet', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  /** A server whose requests answer after `ms`, with what it told the collector recorded in order. */
  async function serverWithCollector() {
    const server = http.createServer((req, res) => {
      const ms = Number(new URL(req.url!, 'http://x').searchParams.get('ms') ?? 0);
      setTimeout(() => res.end('ok'), ms);
    });
    servers.push(server);
    const calls: Array<'quiet' | 'busy'> = [];
    collectWhenQuiet(server, { quiet: () => calls.push('quiet'), busy: () => calls.push('busy') }, QUIET);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      get: (ms = 0) => fetch(`${url}/?ms=${ms}`).then((r) => r.text()),
      collections: () => calls.filter((c) => c === 'quiet').length,
      calls,
    };
  }

  it('does nothing while no request has come', async () => {
    const s = await serverWithCollector();
    await sleep(QUIET * 3);
    expect(s.collections()).toBe(0);
  });

  it('collects once after a burst, and not again while the server stays idle', async () => {
    const s = await serverWithCollector();
    await Promise.all([s.get(), s.get(), s.get()]);
    expect(s.collections()).toBe(0);
    await sleep(QUIET * 3);
    expect(s.collections()).toBe(1);
    await sleep(QUIET * 3);
    expect(s.collections()).toBe(1);
    await s.get();
    await sleep(QUIET * 3);
    expect(s.collections()).toBe(2);
  });

  it('waits for the request still in flight, and a new request puts it off', async () => {
    const s = await serverWithCollector();
    const slow = s.get(QUIET * 4);
    await s.get();
    await sleep(QUIET * 2);
    expect(s.collections()).toBe(0);
    await slow;
    await sleep(QUIET / 5);
    await s.get();
    await sleep(QUIET / 5);
    expect(s.collections()).toBe(0);
    await sleep(QUIET * 2);
    expect(s.collections()).toBe(1);
  });

  it('tells the collector of every request, so the quiet heuristics end as work comes back', async () => {
    const s = await serverWithCollector();
    await Promise.all([s.get(), s.get()]);
    await sleep(QUIET * 3);
    await s.get();
    expect(s.calls).toEqual(['busy', 'busy', 'quiet', 'busy']);
  });

  /** V8's committed heap after the quiet collection and 12 s later, in a process of its own (the flags are global). */
  async function burstThenQuiet(then: 'idle' | 'busy') {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'test/support/burst-then-quiet.ts', then]);
    return JSON.parse(stdout) as { afterCollection: number; later: number };
  }

  it("hands a burst's heap back within seconds once quiet, and leaves V8's heuristics alone once busy", async () => {
    const [idle, busy] = await Promise.all([burstThenQuiet('idle'), burstThenQuiet('busy')]);
    // Left quiet, the memory reducer compacts what the burst left: measured ~44 -> ~7 MB.
    expect(idle.later).toBeLessThan(idle.afterCollection / 2);
    // Busy again straight away, it waits for the allocation rate to drop, as it did before (44 MB for 15 s and more).
    expect(busy.later).toBeGreaterThan(busy.afterCollection * 0.8);
  }, 60_000);
});
