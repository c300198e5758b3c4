import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { socialDeliveries, socialPosts, users } from '../../server/db/schema';
import { blueskySuite } from '../support/bluesky-suite';
import { collectEvery } from '../support/gc';
import { connectOk, eventually, newPdsAccount, postRecords, startFlakyProxy } from '../support/social';
import { signedInUser } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const ATTEMPT_SECONDS = 8;
const POLL_MS = 400;

/**
 * One artist's Bluesky server that accepts and never answers must not stop anyone else's scheduled posts: each attempt
 * has its own deadline, and one account or artist holds at most its share of the slots while others wait.
 */
describe(`a hostile Bluesky server delays only its own posts (${dbLabel()})`, () => {
  const { ctx } = blueskySuite({ env: () => ({ SOCIAL_ATTEMPT_SECONDS: String(ATTEMPT_SECONDS), SOCIAL_POLL_MS: String(POLL_MS) }) });

  const userIdOf = async (email: string) => (await ctx.t.deps.db.select().from(users).where(eq(users.email, email)))[0].id;
  /** Drafts scheduled for `at`, as the calendar saves them; the worker publishes them when they come due. */
  const schedule = (userId: string, handle: string, texts: string[], at: Date) =>
    ctx.t.deps.db
      .insert(socialPosts)
      .values(texts.map((content) => ({ userId, content, accounts: [{ platform: 'bluesky' as const, handle }], dateScheduled: at })))
      .returning();
  const deliveriesOf = (postIds: string[]) =>
    ctx.t.deps.db.select().from(socialDeliveries).where(inArray(socialDeliveries.postId, postIds));

  it("ten posts to a server that never answers: another artist's post goes out within a poll and its own attempt", async () => {
    const { t } = ctx;
    // Mallory's account is connected while its server answers; then the server accepts and never answers again.
    const proxy = await startFlakyProxy(ctx.pds.url);
    const mallory = await signedInUser(t);
    const hostile = await newPdsAccount(ctx.pds, 'mallory');
    await connectOk(t, mallory.idToken, hostile, proxy.url);
    proxy.set('hang');
    const bea = await signedInUser(t);
    const honest = await newPdsAccount(ctx.pds, 'bea');
    await connectOk(t, bea.idToken, honest, ctx.pds.url);

    const due = new Date(Date.now() + 1500);
    const flood = await schedule(
      await userIdOf(mallory.email),
      hostile.handle,
      Array.from({ length: 10 }, (_, i) => `Flood ${i + 1}`),
      due,
    );
    const [post] = await schedule(await userIdOf(bea.email), honest.handle, ['Opening tonight at the studio'], due);
    // Collections throughout, as the server makes them when it is quiet: no deadline may depend on a weak reference.
    const stopCollecting = collectEvery(1000);
    t.deps.social.worker.start();
    try {
      const [delivered] = await eventually(async () => {
        const rows = await deliveriesOf([post.id]);
        return rows[0]?.status === 'posted' ? rows : null;
      }, 30_000);
      const lag = delivered.postedAt!.getTime() - due.getTime();
      expect(lag).toBeLessThan(POLL_MS + ATTEMPT_SECONDS * 1000);
      expect((await postRecords(honest.agent, honest.did)).map((r) => r.value.text)).toEqual(['Opening tonight at the studio']);

      // Mallory's attempts end at their deadline, give their slots and leases back, and wait to be tried again. The
      // first names the deadline; attempts stalled on the same server at that moment may end as it being unreachable.
      const ended = await eventually(async () => {
        const rows = await deliveriesOf(flood.map((p) => p.id));
        const failed = rows.filter((r) => r.error);
        const timedOut = failed.some((r) => r.error!.includes(`did not answer within ${ATTEMPT_SECONDS} s`));
        return timedOut && failed.length >= 2 ? failed : null;
      }, 15_000);
      expect(ended.every((r) => r.error!.startsWith('The Bluesky server at'))).toBe(true);
      for (const row of ended) expect(row.status).toBe('pending');
    } finally {
      stopCollecting();
      await t.deps.social.worker.stop();
      await proxy.close();
    }
  });

  it('an answer that comes after the deadline: the attempt is tried again and the post is on the server once', async () => {
    const { t } = ctx;
    // The first write reaches the server, which keeps its answer: the attempt's deadline passes first.
    const proxy = await startFlakyProxy(ctx.pds.url, (n) => (n === 1 ? 'hold' : undefined));
    const cara = await signedInUser(t);
    const account = await newPdsAccount(ctx.pds, 'cara');
    await connectOk(t, cara.idToken, account, proxy.url);
    const [post] = await schedule(await userIdOf(cara.email), account.handle, ['Late answer'], new Date());
    t.deps.social.worker.start();
    try {
      const [row] = await eventually(async () => {
        const rows = await deliveriesOf([post.id]);
        return rows[0]?.status === 'posted' ? rows : null;
      }, 30_000);
      expect(row.attempts).toBe(2);
      expect((await postRecords(account.agent, account.did)).map((r) => r.value.text)).toEqual(['Late answer']);
    } finally {
      await t.deps.social.worker.stop();
      await proxy.close();
    }
  });
});
