import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
