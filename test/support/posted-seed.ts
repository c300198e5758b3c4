import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/database';
import { socialAccounts, socialDeliveries, socialPosts } from '../../server/db/schema';
import { newRecordKey } from '../../server/social/providers/bluesky/bluesky';

/**
 * A connected account row without real credentials (enough for metrics, which are read without signing in); `did` of
 * a real account (on a test network's PDS), else a made-up one.
 */
export async function seedAccount(
  db: Db,
  userId: string,
  handle = `artist-${randomUUID().slice(0, 8)}.test`,
  did = `did:plc:${randomUUID().replace(/-/g, '').slice(0, 24)}`,
) {
  const [row] = await db
    .insert(socialAccounts)
    .values({
      userId,
      platform: 'bluesky',
      handle,
      did,
      service: 'http://pds.invalid',
    })
    .returning();
  return row;
}

/**
 * Published posts, one delivery each, posted `ageMs` before `now`; answers their deliveries with their AT-URIs. rkeys:
 * the record keys of records that exist (on a test network's PDS), in the order of agesMs; random ones otherwise.
 */
export async function seedPosted(
  db: Db,
  account: { id: string; userId: string; did: string | null; handle: string },
  agesMs: number[],
  now: Date,
  rkeys?: string[],
) {
  const out: { id: string; postId: string; uri: string; postedAt: Date }[] = [];
  for (let i = 0; i < agesMs.length; i += 200) {
    const chunk = agesMs.slice(i, i + 200);
    const posts = await db
      .insert(socialPosts)
      .values(
        chunk.map((age) => ({
          userId: account.userId,
          content: 'posted',
          accounts: [{ platform: 'bluesky' as const, handle: account.handle }],
          isDraft: false,
          datePublished: new Date(now.getTime() - age),
        })),
      )
      .returning({ id: socialPosts.id, datePublished: socialPosts.datePublished });
    const rows = await db
      .insert(socialDeliveries)
      .values(
        posts.map((p, j) => ({
          postId: p.id,
          accountId: account.id,
          platform: 'bluesky',
          handle: account.handle,
          rkey: rkeys?.[i + j] ?? newRecordKey(),
          text: 'posted',
          status: 'posted' as const,
          postUrl: 'https://bsky.app/',
          postedAt: p.datePublished,
        })),
      )
      .returning();
    out.push(
      ...rows.map((r) => ({ id: r.id, postId: r.postId, uri: `at://${account.did}/app.bsky.feed.post/${r.rkey}`, postedAt: r.postedAt! })),
    );
  }
  return out;
}
