import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialPosts, users } from '../../server/db/schema';
import { claimDue, insertDeliveries, renewLeases } from '../../server/social/delivery.repo';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

/**
 * Leases are short so that a crashed instance's deliveries are taken over within seconds; the heartbeat renews the
 * lease of an attempt that is still running, so no other instance takes it meanwhile.
 */
describe(`delivery leases (${dbLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a renewed lease is not taken over; one left to run out is', async () => {
    const { db } = t.deps;
    const artist = await signedInUser(t);
    const [user] = await db.select().from(users);
    expect(user.email).toBe(artist.email);
    const [post] = await db.insert(socialPosts).values({ userId: user.id, content: 'lease', accounts: [], isDraft: false }).returning();
    const [renewed, abandoned] = await insertDeliveries(db, post.id, 'lease', [
      { accountId: null, platform: 'bluesky', handle: 'renewed.test' },
      { accountId: null, platform: 'bluesky', handle: 'abandoned.test' },
    ]);
    const claimed = await claimDue(db, 'instance-a', 10, 1, [renewed.id, abandoned.id]);
    expect(claimed).toHaveLength(2);

    // The heartbeat of instance a, for one of its two deliveries only.
    const beat = () => renewLeases(db, 'instance-a', [renewed.id], 3);
    await beat();
    const renewals = setInterval(() => void beat(), 500);
    await new Promise((r) => setTimeout(r, 1600));
    const takenOver = await claimDue(db, 'instance-b', 10, 1, [renewed.id, abandoned.id]);
    clearInterval(renewals);
    expect(takenOver.map((d) => d.id)).toEqual([abandoned.id]);
    // Instance a's lease on what b took is gone: its heartbeat no longer renews it.
    await renewLeases(db, 'instance-a', [abandoned.id], 60);
    expect((await claimDue(db, 'instance-c', 10, 1, [abandoned.id])).length).toBe(0);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await claimDue(db, 'instance-c', 10, 1, [abandoned.id])).map((d) => d.lockedBy)).toEqual(['instance-c']);
  });
});
