import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintainPglite } from '../../server/db/pglite-maintenance';
import { artworks } from '../../server/db/schema';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`PGlite maintenance in place of autovacuum (${dbLabel()})`, () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const { idToken } = await signedInUser(t);
    userId = (await (await t.request('/api/user', { token: idToken })).json()).userId;
  });
  afterAll(() => t.close());

  const rows = (n: number) =>
    Array.from({ length: n }, () => ({
      userId,
      saleStatus: 'AVAILABLE',
      mediaType: 'AUDIO',
      dimensions: { mediaType: 'AUDIO' as const, durationInSeconds: 1 },
    }));

  // One test per database kind: each project runs the one that applies (no skipped tests).
  const pgliteOnly = dbLabel() === 'pglite';
  const title = pgliteOnly
    ? 'analyzes a table once enough rows changed, vacuums once enough are dead, then rests'
    : 'leaves PostgreSQL to its own autovacuum';

  it(title, async () => {
    if (!pgliteOnly) {
      await t.deps.db.insert(artworks).values(rows(500));
      expect(await maintainPglite(t.deps.database)).toEqual([]);
      return;
    }
    await maintainPglite(t.deps.database);
    await t.deps.db.insert(artworks).values(rows(500));
    expect(await maintainPglite(t.deps.database)).toContain('analyze artworks');
    expect(await maintainPglite(t.deps.database)).toEqual([]);
    await t.deps.db.execute(sql`delete from artworks where ctid in (select ctid from artworks limit 300)`);
    expect(await maintainPglite(t.deps.database)).toContain('vacuum analyze artworks');
    const { rows: stats } = (await t.deps.db.execute(
      sql`select last_analyze, last_vacuum from pg_stat_user_tables where relname = 'artworks'`,
    )) as unknown as {
      rows: Array<{ last_analyze: unknown; last_vacuum: unknown }>;
    };
    expect(stats[0].last_analyze).not.toBeNull();
    expect(stats[0].last_vacuum).not.toBeNull();
  });
});
