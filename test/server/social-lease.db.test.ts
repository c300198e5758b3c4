import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialDeliveries, socialPosts, users } from '../../server/db/schema';
import { claimDue, insertDeliveries, renewLeases, type DeliveryRow } from '../../server/social/delivery.repo';
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

  it('claims fairly: an artist past their share waits while another is served, and borrows only while two slots stay free', async () => {
    const { db } = t.deps;
    await db.delete(socialDeliveries); // what the test before left due
    const userIdOf = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0].id;
    const [ann, ben] = [await signedInUser(t), await signedInUser(t)];
    const postOf = async (email: string, content: string) =>
      (
        await db
          .insert(socialPosts)
          .values({ userId: await userIdOf(email), content, accounts: [], isDraft: false })
          .returning()
      )[0];
    const target = (handle: string) => ({ accountId: null, platform: 'bluesky', handle });
    // Ann's five deliveries have waited longest; Ben's one came due after them.
    const annPost = await postOf(ann.email, 'many');
    const annRows = await insertDeliveries(
      db,
      annPost.id,
      'many',
      ['a1', 'a2', 'a3', 'a4', 'a5'].map((h) => target(`${h}.test`)),
    );
    await db
      .update(socialDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 60_000) })
      .where(
        inArray(
          socialDeliveries.id,
          annRows.map((r) => r.id),
        ),
      );
    const benPost = await postOf(ben.email, 'one');
    const [benRow] = await insertDeliveries(db, benPost.id, 'one', [target('b1.test')]);
    const mine = (rows: DeliveryRow[], post: { id: string }) => rows.filter((r) => r.postId === post.id).length;

    // Three free slots: Ann's share (two) and Ben's one, though Ann's third waited longer than Ben's.
    const first = await claimDue(db, 'instance-f', 3, 30);
    expect([mine(first, annPost), mine(first, benPost)]).toEqual([2, 1]);
    expect(first.map((r) => r.id)).toContain(benRow.id);
    // Ann holds her share: two free slots are kept for others, so she borrows none of them...
    expect(await claimDue(db, 'instance-f', 2, 30)).toEqual([]);
    // ...nor does the Post button take more of hers; with eight free slots she borrows six.
    expect(
      await claimDue(
        db,
        'instance-g',
        3,
        30,
        annRows.map((r) => r.id),
      ),
    ).toEqual([]);
    const borrowed = await claimDue(db, 'instance-f', 8, 30);
    expect(mine(borrowed, annPost)).toBe(3);
  });
});
