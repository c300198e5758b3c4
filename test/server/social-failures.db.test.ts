import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialAccount } from '../../src/schemas/social.schema';
import { mailOutbox, socialAccounts, socialDeliveries, socialPosts, users } from '../../server/db/schema';
import { claimDue, insertDeliveries, releaseAfterReconnect } from '../../server/social/delivery.repo';
import { seedAccount } from '../support/posted-seed';
import { getPost } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

/** What the artist hears when a post does not go out, and what waits for an account that must be reconnected. */
describe(`failed posts and accounts to reconnect (${dbLabel()})`, () => {
  let t: TestApp;
  let artist: { token: string; email: string; userId: string };
  beforeAll(async () => {
    t = await createTestApp();
    const a = await signedInUser(t);
    const [u] = await t.deps.db.select().from(users).where(eq(users.email, a.email));
    artist = { token: a.idToken, email: a.email, userId: u.id };
  });
  afterAll(() => t?.close());

  const failedMails = () => t.mails.filter((m) => m.subject.includes('was not published'));
  const ref = (handle: string) => ({ platform: 'bluesky' as const, handle });

  it('a scheduled post whose account is gone when it comes due: the post shows why and the artist gets one mail linking to it', async () => {
    const { db } = t.deps;
    const before = failedMails().length;
    const [post] = await db
      .insert(socialPosts)
      .values({
        userId: artist.userId,
        content: 'Studio sale tonight',
        accounts: [ref('gone.test')],
        dateScheduled: new Date(Date.now() - 60_000),
      })
      .returning();
    await t.deps.social.worker.runOnce();
    await t.sendMail();

    const shown = await getPost(t, artist.token, post.id);
    expect(shown.isDraft).toBe(false);
    expect(shown.responses[0]).toMatchObject({ postStatus: 'error', postError: expect.stringContaining('@gone.test is not connected') });
    const mails = failedMails().slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: artist.email, subject: 'A scheduled post to @gone.test was not published' });
    expect(mails[0].text).toContain('“Studio sale tonight”');
    expect(mails[0].text).toContain(shown.responses[0].postError);
    expect(mails[0].link).toMatch(new RegExp(`/social-media/post/${post.id}$`));
  });

  it('a delivery that fails for good at its attempt is mailed once; a post sent with Post (not scheduled) is not mailed', async () => {
    const { db } = t.deps;
    const before = failedMails().length;
    const account = await seedAccount(db, artist.userId);
    const due = new Date(Date.now() - 60_000);
    const [scheduled, now] = await db
      .insert(socialPosts)
      .values([
        {
          userId: artist.userId,
          content: 'Scheduled',
          accounts: [ref(account.handle)],
          isDraft: false,
          dateScheduled: due,
          datePublished: new Date(),
        },
        { userId: artist.userId, content: 'Right now', accounts: [ref(account.handle)], isDraft: false, datePublished: new Date() },
      ])
      .returning();
    await insertDeliveries(db, scheduled.id, 'Scheduled', [{ accountId: account.id, platform: 'bluesky', handle: account.handle }]);
    await insertDeliveries(db, now.id, 'Right now', [{ accountId: account.id, platform: 'bluesky', handle: account.handle }]);
    // Disconnected between publishing and the attempt.
    await db.delete(socialAccounts).where(eq(socialAccounts.id, account.id));
    await t.deps.social.worker.runOnce();
    await t.deps.social.worker.runOnce();
    await t.sendMail();

    for (const p of [scheduled, now]) expect((await getPost(t, artist.token, p.id)).responses[0].postStatus).toBe('error');
    const mails = failedMails().slice(before);
    expect(mails.map((m) => m.text.includes('“Scheduled”'))).toEqual([true]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'post-failed'))).toEqual([]);
  });

  it('an account that needs reconnecting holds its deliveries (not failed); connected again, they are due at once', async () => {
    const { db } = t.deps;
    const account = await seedAccount(db, artist.userId);
    const [post] = await db
      .insert(socialPosts)
      .values({ userId: artist.userId, content: 'Waits', accounts: [ref(account.handle)], isDraft: false, datePublished: new Date() })
      .returning();
    const [d] = await insertDeliveries(db, post.id, 'Waits', [{ accountId: account.id, platform: 'bluesky', handle: account.handle }]);
    await db.update(socialDeliveries).set({ attempts: 3 }).where(eq(socialDeliveries.id, d.id));
    await db.update(socialAccounts).set({ needsReconnectAt: new Date() }).where(eq(socialAccounts.id, account.id));

    expect(await claimDue(db, 'x', 10, 5, [d.id])).toEqual([]);
    const listed = (await (await t.request('/api/social-media/accounts', { token: artist.token })).json()) as SocialAccount[];
    expect(listed.find((a) => a.handle === account.handle)?.needsReconnectAt).toEqual(expect.any(String));

    expect(await releaseAfterReconnect(db, account.id)).toBe(1);
    const [claimed] = await claimDue(db, 'x', 10, 5, [d.id]);
    // Attempt 2 under the same key: the first thing it does is look for the record an earlier attempt may have written.
    expect([claimed.rkey, claimed.attempts, claimed.status]).toEqual([d.rkey, 2, 'pending']);
    const [row] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
    expect(row.needsReconnectAt).toBeNull();
  });

  it("the calendar's list of posts that failed: published in the last 30 days with a failed delivery, of this artist only", async () => {
    const { db } = t.deps;
    const list = async (token: string) =>
      ((await (await t.request('/api/social-media/post?failed=true', { token })).json()) as { postId: string }[]).map((p) => p.postId);
    const published = (content: string, daysAgo: number) =>
      db
        .insert(socialPosts)
        .values({
          userId: artist.userId,
          content,
          accounts: [ref('x.test')],
          isDraft: false,
          datePublished: new Date(Date.now() - daysAgo * 86_400_000),
        })
        .returning()
        .then(([p]) => p);
    const [recent, old, fine] = [await published('Recent', 2), await published('Old', 31), await published('Fine', 1)];
    await insertDeliveries(db, recent.id, 'Recent', [{ accountId: null, platform: 'bluesky', handle: 'x.test', error: 'Refused.' }]);
    await insertDeliveries(db, old.id, 'Old', [{ accountId: null, platform: 'bluesky', handle: 'x.test', error: 'Refused.' }]);
    await insertDeliveries(db, fine.id, 'Fine', [{ accountId: null, platform: 'bluesky', handle: 'x.test' }]);

    const listed = await list(artist.token);
    expect(listed).toContain(recent.id);
    expect(listed).not.toContain(old.id);
    expect(listed).not.toContain(fine.id);
    expect(await list((await signedInUser(t)).idToken)).toEqual([]);
    // Posted again: it leaves the list.
    await db.update(socialDeliveries).set({ status: 'posted' }).where(eq(socialDeliveries.postId, recent.id));
    expect(await list(artist.token)).not.toContain(recent.id);
  });
});
