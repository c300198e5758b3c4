import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { createLifecycle } from '../../server/http/health';
import type { BlobStore } from '../../server/storage/blob-store';
import { createTestApp, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`health for load balancers (${dbLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (app: ReturnType<typeof buildApp>, path: string) => app.request(`http://localhost/api${path}`);

  it('is live and ready when the database and the file store answer, and keeps /health as it was', async () => {
    const app = buildApp(t.deps);
    expect((await get(app, '/health/live')).status).toBe(200);
    const ready = await get(app, '/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', database: dbLabel(), storage: 'local' });
    expect(ready.headers.get('connection')).toBeNull();
    expect(await (await get(app, '/health')).json()).toMatchObject({ status: 'ok' });
  });

  it('names the file store when it fails, while /health (database only) stays 200', async () => {
    const broken: BlobStore = { ...t.deps.storage, put: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9000')) };
    const app = buildApp({ ...t.deps, storage: broken });
    const ready = await get(app, '/health/ready');
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { status: string; failing: Record<string, string> };
    expect(body.status).toBe('unavailable');
    expect(Object.keys(body.failing)).toEqual(['storage']);
    expect((await get(app, '/health')).status).toBe(200);
    expect((await get(app, '/health/live')).status).toBe(200);
  });

  it('never runs two file-store probes at once: a slow store reports "in time" until its one probe ends', async () => {
    let puts = 0;
    let release!: () => void;
    // The store's own methods (a class instance), with a put that hangs the first time until released.
    const store = t.deps.storage;
    const slow = Object.assign(Object.create(store) as BlobStore, {
      put: async (...args: Parameters<BlobStore['put']>) => {
        puts += 1;
        if (puts === 1) await new Promise<void>((r) => (release = r));
        return store.put(...args);
      },
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    try {
      const app = buildApp({ ...t.deps, storage: slow });
      const first = get(app, '/health/ready');
      await vi.advanceTimersByTimeAsync(3_100);
      const failing = ((await (await first).json()) as { failing: Record<string, string> }).failing;
      expect(failing.storage).toBe('The file store did not answer in time');
      // Past the 5 s the result is reused: asked again while the first probe still hangs.
      await vi.advanceTimersByTimeAsync(6_000);
      const second = get(app, '/health/ready');
      await vi.advanceTimersByTimeAsync(3_100);
      expect((await second).status).toBe(503);
      expect(puts).toBe(1);
      release();
      await vi.advanceTimersByTimeAsync(6_000);
      // Ready again once the one probe got through.
      expect(await (await get(app, '/health/ready')).json()).toMatchObject({ status: 'ok' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the database when it fails', async () => {
    const app = buildApp({ ...t.deps, database: { ...t.deps.database, ping: () => Promise.reject(new Error('Connection terminated')) } });
    const ready = await get(app, '/health/ready');
    expect(ready.status).toBe(503);
    expect(Object.keys(((await ready.json()) as { failing: object }).failing)).toEqual(['database']);
  });

  it('turns ready to 503 and closes every connection once the instance is draining, while live stays 200', async () => {
    const lifecycle = createLifecycle();
    const app = buildApp(t.deps, lifecycle);
    lifecycle.draining = true;
    const ready = await get(app, '/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'draining' });
    const live = await get(app, '/health/live');
    expect(live.status).toBe(200);
    expect(live.headers.get('connection')).toBe('close');
    expect((await get(app, '/nothing-here')).headers.get('connection')).toBe('close');
  });
});
