import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST_TOO_LONG } from '../../src/schemas/social.schema';
import { THREAD_MESSAGES, autoBreaks, threadTexts } from '../../src/schemas/post-thread';
import { socialDeliveries } from '../../server/db/schema';
import { publishNow } from '../../server/social/publishing';
import type { Pds } from '../support/pds';
import { sharedPds } from '../support/shared-pds';
import { makeJpeg } from '../support/portfolio';
import {
  SOCIAL_TEST_ENV,
  addPostMedia,
  connectOk,
  eventually,
  getPost,
  newPdsAccount,
  postRecords,
  publish,
  savePost,
  savePostOk,
  type PostRecord,
} from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

/** A text of about four posts' length, in words. */
export const fourPartText = (tag: string) => Array.from({ length: 110 }, (_, i) => `${tag}${i}${i % 10 === 9 ? '.' : ''}`).join(' ');

type ReplyRecord = PostRecord & {
  cid: string;
  value: PostRecord['value'] & { reply?: { root: { uri: string; cid: string }; parent: { uri: string; cid: string } } };
};

/** Threads: a post longer than one Bluesky post, published as parts that reply to each other, read back from a real PDS. */
describe(`threads (${dbLabel()})`, () => {
  let pds: Pds;
  let t: TestApp;
  let ada: string;
  beforeAll(async () => {
    pds = await sharedPds();
    t = await createTestApp(SOCIAL_TEST_ENV);
    ada = (await signedInUser(t)).idToken;
  });
  afterEach(() => t.deps.social.worker.stop());
  afterAll(async () => {
    await t?.close();
    await pds?.close();
  });

  async function connected(name: string) {
    const account = await newPdsAccount(pds, name);
    await connectOk(t, ada, account, pds.url);
    return { account, ref: { platform: 'bluesky' as const, handle: account.handle } };
  }
  const settled = (id: string) =>
    eventually(async () => {
      const post = await getPost(t, ada, id);
      return post.responses.length && post.responses.every((r) => r.postStatus !== 'pending') ? post : null;
    });

  it('refuses a single post over 280 characters with the spec message, and a thread whose parts do not fit', async () => {
    const { ref } = await connected('limits');
    const long = fourPartText('resize');
    const refused = async (body: Record<string, unknown>) => {
      const res = await savePost(t, ada, { content: long, accounts: [ref], ...body });
      expect(res.status).toBe(400);
      return (await res.json()).fieldErrors;
    };
    expect(await refused({})).toEqual({ content: [POST_TOO_LONG] });
    const breaks = autoBreaks(long);
    expect(breaks).toHaveLength(3);
    expect(await refused({ threadBreaks: [breaks[0] + 40, breaks[1], breaks[2]] })).toEqual({ content: [THREAD_MESSAGES.partTooLong(1)] });
    expect(await refused({ threadBreaks: [breaks[1], breaks[0], breaks[2]] })).toEqual({ content: [THREAD_MESSAGES.badBreaks] });
    expect(await refused({ threadBreaks: [breaks[0], breaks[1], long.length] })).toEqual({ content: [THREAD_MESSAGES.badBreaks] });
    expect(
      await refused({ content: `${long.slice(0, breaks[0])}   ${long.slice(breaks[0])}`, threadBreaks: [breaks[0], breaks[0] + 2] }),
    ).toEqual({
      content: [THREAD_MESSAGES.emptyPart(2)],
    });
    expect(await refused({ content: 'x '.repeat(2000), threadBreaks: [10] })).toEqual({ content: [THREAD_MESSAGES.tooLong] });
    expect(await refused({ threadBreaks: Array.from({ length: 10 }, (_, i) => (i + 1) * 20) })).toEqual({
      threadBreaks: [THREAD_MESSAGES.tooManyParts],
    });
    // The hashtags the text lacks go at the end of the last part, and count there.
    const last = long.slice(0, breaks[0] + 270);
    expect(await refused({ content: last, threadBreaks: [breaks[0]], hashtags: ['a'.repeat(30)] })).toEqual({
      content: [THREAD_MESSAGES.partTooLong(2)],
    });
    const saved = await savePostOk(t, ada, { content: long, accounts: [ref], threadBreaks: breaks });
    expect(saved.threadBreaks).toEqual(breaks);
    expect((await getPost(t, ada, saved.postId)).threadBreaks).toEqual(breaks);
  });

  it('publishes a four-part thread in one write: reply refs naming the CIDs the PDS stored, media on the first, langs on all', async () => {
    const { account, ref } = await connected('threader');
    const friend = await newPdsAccount(pds, 'friend');
    // The hard cases for the CIDs computed before writing: blob refs, facets (link, mention, hashtag), non-ASCII text.
    const content = `Café ☕ opening with @${friend.handle}: https://example.com/show #painting ${fourPartText('paint')} see https://example.com/end`;
    const threadBreaks = autoBreaks(content, 280, 6);
    const draft = await savePostOk(t, ada, {
      content,
      accounts: [ref],
      threadBreaks,
      hashtags: ['ink'],
      langs: ['en', 'pt'],
      labels: ['nudity'],
    });
    const image = await addPostMedia(t, ada, draft.postId, await makeJpeg(300, 200), 'image/jpeg', 'study.jpg');
    await savePostOk(t, ada, {
      postId: draft.postId,
      content,
      accounts: [ref],
      threadBreaks,
      hashtags: ['ink'],
      langs: ['en', 'pt'],
      labels: ['nudity'],
      mediaIds: [image.mediaId],
      altTexts: { [image.mediaId]: 'Ink study' },
    });
    expect((await publish(t, ada, draft.postId)).status).toBe(200);
    const post = await settled(draft.postId);
    expect(post.responses[0].postStatus).toBe('posted');

    const texts = threadTexts({ content, hashtags: ['ink'], mentions: [], threadBreaks });
    expect(texts).toHaveLength(4);
    expect(texts[3].endsWith('\n\n#ink')).toBe(true);
    const records = (await postRecords(account.agent, account.did)) as ReplyRecord[];
    expect(records).toHaveLength(4);
    const byText = texts.map((text) => records.find((r) => r.value.text === text)!);
    expect(byText.every(Boolean)).toBe(true);
    const [first, ...rest] = byText;
    expect(first.value.reply).toBeUndefined();
    expect(first.value.embed?.$type).toBe('app.bsky.embed.images');
    expect(first.value.labels?.values).toEqual([{ val: 'nudity' }]);
    const facets = (r: ReplyRecord) => (r.value as { facets?: Array<{ features: Array<{ $type: string }> }> }).facets ?? [];
    expect(facets(first).map((f) => f.features[0].$type.split('#')[1])).toEqual(['mention', 'link', 'tag']);
    expect(facets(byText[3]).map((f) => f.features[0].$type.split('#')[1])).toEqual(['link', 'tag']);
    // Each part's CID as the PDS stores it: the next part's parent, and the first part's is every later part's root.
    const stored = await Promise.all(
      byText.map(async (r) => {
        const { data } = await account.agent.com.atproto.repo.getRecord({
          repo: account.did,
          collection: 'app.bsky.feed.post',
          rkey: r.uri.split('/').pop()!,
        });
        return { uri: data.uri, cid: data.cid };
      }),
    );
    rest.forEach((part, i) => {
      expect(part.value.reply).toEqual({ root: stored[0], parent: stored[i] });
      expect(part.value.embed).toBeUndefined();
      expect(part.value.labels).toBeUndefined();
    });
    expect(byText.every((r) => JSON.stringify(r.value.langs) === '["en","pt"]')).toBe(true);
    // In order of time as well, and the post's address is the first part's.
    expect(byText.map((r) => r.value.createdAt)).toEqual([...byText.map((r) => r.value.createdAt)].sort());
    const [delivery] = await t.deps.db.select().from(socialDeliveries).where(eq(socialDeliveries.postId, draft.postId));
    expect(first.uri.endsWith(`/${delivery.rkey}`)).toBe(true);
    expect(rest.map((r) => r.uri.split('/').pop())).toEqual(delivery.partRkeys);
    expect(post.responses[0].postUrl).toBe(`https://bsky.app/profile/${account.handle}/post/${delivery.rkey}`);
  });

  it('a retry after the write landed finds the first part and writes nothing again', async () => {
    const { account, ref } = await connected('retry');
    const content = fourPartText('again');
    const threadBreaks = autoBreaks(content);
    const draft = await savePostOk(t, ada, { content, accounts: [ref], threadBreaks });
    const [d] = await publishNow(t.deps.db, draft.userId, draft.postId);
    await t.deps.social.worker.runOnce();
    expect((await settled(draft.postId)).responses[0].postStatus).toBe('posted');
    // As if its answer had been lost: the delivery is due again, its attempt having begun.
    await t.deps.db
      .update(socialDeliveries)
      .set({ status: 'pending', attempts: 1, nextAttemptAt: new Date(), postUrl: '' })
      .where(eq(socialDeliveries.id, d.id));
    await t.deps.social.worker.runOnce();
    const [row] = await t.deps.db.select().from(socialDeliveries).where(eq(socialDeliveries.id, d.id));
    expect([row.status, row.attempts]).toEqual(['posted', 2]);
    const texts = threadTexts({ content, hashtags: [], mentions: [], threadBreaks });
    expect((await postRecords(account.agent, account.did)).map((r) => r.value.text).sort()).toEqual([...texts].sort());
  });

  it("a part's key taken by another record: nothing of the thread is written, that key alone changes, then every part goes out", async () => {
    const { account, ref } = await connected('taken');
    const content = fourPartText('taken');
    const threadBreaks = autoBreaks(content);
    const draft = await savePostOk(t, ada, { content, accounts: [ref], threadBreaks });
    const [d] = await publishNow(t.deps.db, draft.userId, draft.postId);
    const stranger = { $type: 'app.bsky.feed.post', text: 'Not from the studio', createdAt: new Date().toISOString() };
    await account.agent.com.atproto.repo.createRecord({
      repo: account.did,
      collection: 'app.bsky.feed.post',
      rkey: d.partRkeys[1],
      record: stranger,
    });
    await t.deps.social.worker.runOnce();
    // All or none: the write was refused, so parts 1 and 2 are not there either.
    expect((await postRecords(account.agent, account.did)).map((r) => r.value.text)).toEqual([stranger.text]);
    const [changed] = await t.deps.db.select().from(socialDeliveries).where(eq(socialDeliveries.id, d.id));
    expect([changed.rkey, changed.partRkeys[0], changed.partRkeys[2]]).toEqual([d.rkey, d.partRkeys[0], d.partRkeys[2]]);
    expect(changed.partRkeys[1]).not.toBe(d.partRkeys[1]);
    await t.deps.social.worker.runOnce();
    expect((await settled(draft.postId)).responses[0].postStatus).toBe('posted');
    const texts = threadTexts({ content, hashtags: [], mentions: [], threadBreaks });
    const records = (await postRecords(account.agent, account.did)) as ReplyRecord[];
    expect(records.map((r) => r.value.text).sort()).toEqual([...texts, stranger.text].sort());
    const three = records.find((r) => r.value.text === texts[2])!;
    expect(three.uri.endsWith(`/${changed.partRkeys[1]}`)).toBe(true);
  });
});
