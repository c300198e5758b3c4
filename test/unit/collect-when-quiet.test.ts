import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { collectWhenQuiet, majorCollection } from '../../server/memory/collect-when-quiet';

const QUIET = 250;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('collecting once the server is quiet', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  /** A server whose /slow answers after `ms`, with the collections it asked for counted. */
  async function serverWithCollector() {
    const server = http.createServer((req, res) => {
      const ms = Number(new URL(req.url!, 'http://x').searchParams.get('ms') ?? 0);
      setTimeout(() => res.end('ok'), ms);
    });
    servers.push(server);
    let collections = 0;
    collectWhenQuiet(server, () => (collections += 1), QUIET);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { get: (ms = 0) => fetch(`${url}/?ms=${ms}`).then((r) => r.text()), collections: () => collections };
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

  it("runs a full (major) collection of V8's heap", async () => {
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) kinds.push((entry as unknown as { detail: { kind: number } }).detail.kind);
    });
    observer.observe({ entryTypes: ['gc'] });
    try {
      majorCollection()();
      for (let i = 0; i < 50 && !kinds.includes(constants.NODE_PERFORMANCE_GC_MAJOR); i++) await sleep(20);
      expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
    } finally {
      observer.disconnect();
    }
  });
});
