import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST_TOO_LONG } from '../../src/schemas/social.schema';
import { THREAD_MESSAGES, autoBreaks, threadTexts } from '../../src/schemas/post-thread';
import { socialDeliveries } from '../../server/db/schema';
import { publishNow } from '../../server/social/publishing';
import { startPds, type Pds } from '../support/pds';
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
    pds = await startPds();
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

  it('publishes a four-part thread in order: reply root and parent on every later part, media on the first, langs on all', async () => {
    const { account, ref } = await connected('threader');
    const content = fourPartText('paint');
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
    rest.forEach((part, i) => {
      expect(part.value.reply).toEqual({ root: { uri: first.uri, cid: first.cid }, parent: { uri: byText[i].uri, cid: byText[i].cid } });
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

  it('resumes a thread after its second part: the parts already written are found, not written again', async () => {
    const { account, ref } = await connected('resume');
    const content = fourPartText('resume');
    const threadBreaks = autoBreaks(content);
    const draft = await savePostOk(t, ada, { content, accounts: [ref], threadBreaks });
    // Published without an attempt (as when the instance died right after), then two parts written as that attempt would.
    const [d] = await publishNow(t.deps.db, draft.userId, draft.postId);
    const texts = threadTexts({ content, hashtags: [], mentions: [], threadBreaks });
    const write = (i: number, reply?: object) =>
      account.agent.com.atproto.repo.createRecord({
        repo: account.did,
        collection: 'app.bsky.feed.post',
        rkey: [d.rkey, ...d.partRkeys][i],
        record: { $type: 'app.bsky.feed.post', text: texts[i], createdAt: new Date().toISOString(), ...(reply ? { reply } : {}) },
      });
    const one = (await write(0)).data;
    await write(1, { root: one, parent: one });
    // Its first attempt had begun: the next one looks for each part before writing it.
    await t.deps.db.update(socialDeliveries).set({ attempts: 1 }).where(eq(socialDeliveries.id, d.id));
    await t.deps.social.worker.runOnce();
    const post = await settled(draft.postId);
    expect(post.responses[0].postStatus).toBe('posted');
    const records = (await postRecords(account.agent, account.did)) as ReplyRecord[];
    expect(records.map((r) => r.value.text).sort()).toEqual([...texts].sort());
    const two = records.find((r) => r.value.text === texts[1])!;
    const three = records.find((r) => r.value.text === texts[2])!;
    expect(three.value.reply).toEqual({ root: { uri: one.uri, cid: one.cid }, parent: { uri: two.uri, cid: two.cid } });
  });
});
