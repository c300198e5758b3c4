import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, users } from '../../server/db/schema';
import { claimsSweepJob } from '../../server/worker/claims-sweep.job';
import { limitWindowsJob } from '../../server/worker/limit-windows.job';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';

const DAY = 24 * 3600_000;

/** The upkeep jobs of the worker, each run on its own against the database. */
describe(`worker upkeep jobs (${process.env.TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('limit windows: forgets the windows over a day old and keeps the others', async () => {
    const now = Date.now();
    await t.deps.db.insert(rateLimits).values([
      { key: 'old-window', windowStart: new Date(now - 2 * DAY), hits: 9 },
      { key: 'open-window', windowStart: new Date(now - 60_000), hits: 2 },
    ]);
    await limitWindowsJob(t.deps, 1).run();
    const keys = (await t.deps.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('open-window');
    expect(keys).not.toContain('old-window');
  });

  it('claims sweep: removes a sign-up never verified for over a week, and keeps a verified artist', async () => {
    const stale = `stale-${Date.now()}@example.com`;
    expect((await t.request('/api/auth/create', { method: 'POST', json: { email: stale, password: 'Stranger123' } })).ok).toBe(true);
    expect(await t.deps.db.select().from(users).where(eq(users.email, stale))).toHaveLength(1);
    await t.deps.db
      .update(users)
      .set({ updatedAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(users.email, stale));
    const artist = await signedInUser(t);
    await claimsSweepJob(t.deps, 1).run();
    expect(await t.deps.db.select().from(users).where(eq(users.email, stale))).toEqual([]);
    expect(await t.deps.db.select().from(users).where(eq(users.email, artist.email))).toHaveLength(1);
  });
});
