import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialPostSchema, type SocialPost } from '../../src/schemas/social.schema';
import { MAX_FILE_BYTES } from '../../src/schemas/upload.schema';
import { socialDeliveries, socialPosts } from '../../server/db/schema';
import type { Pds } from '../support/pds';
import { sharedPds } from '../support/shared-pds';
import { makeJpeg, pathOf, readBody, storedFiles } from '../support/portfolio';
import {
  SOCIAL_TEST_ENV,
  addPostMedia,
  connectOk,
  getPost,
  newPdsAccount,
  requestPostTicket,
  savePost,
  savePostOk,
  uploadPostMedia,
  type PdsAccount,
} from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
  Buffer.alloc(2000, 32),
  Buffer.from('\n%%EOF\n'),
]);

describe(`social-media posts: drafts, validation, files (${dbLabel()})`, () => {
  let pds: Pds;
  let t: TestApp;
  let ada: string;
  let alice: PdsAccount;
  let account: { platform: 'bluesky'; handle: string };
  beforeAll(async () => {
    pds = await sharedPds();
    t = await createTestApp(SOCIAL_TEST_ENV);
    ada = (await signedInUser(t)).idToken;
    alice = await newPdsAccount(pds, 'alice');
    await connectOk(t, ada, alice, pds.url);
    account = { platform: 'bluesky', handle: alice.handle };
  });
  afterAll(async () => {
    await t?.close();
    await pds?.close();
  });

  const draft = (overrides: Record<string, unknown> = {}) => ({ content: 'New painting in the studio', accounts: [account], ...overrides });

  it('creates a draft and answers its id and the post; reading and listing answer the same', async () => {
    const before = Date.now();
    const res = await savePost(t, ada, draft({ hashtags: ['#oil', 'painting'], mentions: ['@bob.test'], isDraft: true, dateCreated: 1 }));
    expect(res.status).toBe(200);
    const { postId, post } = await res.json();
    expect(socialPostSchema.parse(post)).toEqual(post);
    expect(post).toMatchObject({
      postId,
      content: 'New painting in the studio',
      accounts: [account],
      hashtags: ['#oil', 'painting'],
      mentions: ['@bob.test'],
      isDraft: true,
      dateScheduled: null,
      datePublished: null,
      responses: [],
      media: [],
      mediaIds: [],
    });
    expect(post.dateCreated).toBeGreaterThanOrEqual(before - 1000);
    expect(await getPost(t, ada, postId)).toEqual(post);
    const list = (await (await t.request('/api/social-media/post', { token: ada })).json()) as SocialPost[];
    expect(list.find((p) => p.postId === postId)).toEqual(post);
  });

  it('updates a draft; a schedule is kept in UTC epoch milliseconds and can be cleared', async () => {
    const post = await savePostOk(t, ada, draft());
    const when = Date.UTC(2031, 2, 30, 1, 30); // the night European clocks go forward
    const scheduled = await savePostOk(t, ada, draft({ postId: post.postId, content: 'Changed', dateScheduled: when }));
    expect(scheduled).toMatchObject({ postId: post.postId, content: 'Changed', dateScheduled: when, isDraft: true });
    const [row] = await t.deps.db.select().from(socialPosts).where(eq(socialPosts.id, post.postId));
    expect(row.dateScheduled?.toISOString()).toBe('2031-03-30T01:30:00.000Z');
    const cleared = await savePostOk(t, ada, draft({ postId: post.postId, dateScheduled: null }));
    expect(cleared.dateScheduled).toBeNull();
  });

  it.each([
    ['281 characters', { content: 'x'.repeat(281) }, { content: ['Post text must be at most 280 characters'] }],
    ['no account', { accounts: [] }, { accounts: ['At least one account is required'] }],
    [
      'an account that is not connected',
      { accounts: [{ platform: 'bluesky', handle: 'nobody.test' }] },
      { accounts: ['Bluesky account @nobody.test is not connected.'] },
    ],
    [
      'an unknown platform',
      { accounts: [{ platform: 'myspace', handle: 'x' }] },
      { 'accounts.0.platform': ['Invalid social media platform type. Please select a valid platform.'] },
    ],
    ['five files', { mediaIds: Array.from({ length: 5 }, () => crypto.randomUUID()) }, { mediaIds: ['Maximum 4 files allowed'] }],
    ['a file not of this post', { mediaIds: [crypto.randomUUID()] }, { mediaIds: ['A file of this post was not found. Upload it again.'] }],
    ['a schedule in the past', { dateScheduled: Date.now() - 3_600_000 }, { dateScheduled: ['Choose a time in the future.'] }],
    ['a schedule that is not a whole number', { dateScheduled: 1.5 }, { dateScheduled: ['Schedule must be a time in epoch milliseconds'] }],
    ['a hashtag with a space', { hashtags: ['two words'] }, { 'hashtags.0': ['A hashtag is one word of at most 64 characters'] }],
    ['a mention that is not a handle', { mentions: ['bob!'] }, { 'mentions.0': ['A mention is a handle like @username.bsky.social'] }],
    [
      'a scheduled post too long for Bluesky with its hashtags',
      { content: 'y'.repeat(280), hashtags: ['abstractexpressionism', 'contemporaryart'], dateScheduled: Date.now() + 3_600_000 },
      {
        content: [
          'With its hashtags and mentions the post is 321 characters long; Bluesky takes at most 300. Shorten the text or remove some hashtags or mentions.',
        ],
      },
    ],
    [
      'a scheduled post with nothing to say',
      { content: '  ', dateScheduled: Date.now() + 3_600_000 },
      { content: ['Write something or add an image before posting.'] },
    ],
  ])('refuses %s with the message under the field', async (_, overrides, fieldErrors) => {
    const res = await savePost(t, ada, draft(overrides) as never);
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toEqual(fieldErrors);
  });

  it('280 characters are allowed, and a draft may be empty until it is scheduled or posted', async () => {
    expect((await savePost(t, ada, draft({ content: 'x'.repeat(280) }))).status).toBe(200);
    expect((await savePost(t, ada, draft({ content: '' }))).status).toBe(200);
  });

  it("another artist's posts are not found, not listed and cannot be changed", async () => {
    const post = await savePostOk(t, ada, draft());
    const bea = (await signedInUser(t)).idToken;
    expect((await t.request(`/api/social-media/post/${post.postId}`, { token: bea })).status).toBe(404);
    expect(await (await t.request('/api/social-media/post', { token: bea })).json()).toEqual([]);
    const update = await savePost(t, bea, { postId: post.postId, content: 'mine now', accounts: [account] });
    expect(update.status).toBe(404);
    expect((await t.request(`/api/social-media/post/${post.postId}/publish`, { method: 'POST', token: bea })).status).toBe(404);
    expect((await requestPostTicket(t, bea, post.postId, { name: 'a.jpg', type: 'image/jpeg', size: 10 })).status).toBe(404);
    expect((await getPost(t, ada, post.postId)).content).toBe('New painting in the studio');
    expect((await t.request(`/api/social-media/post/not-a-uuid`, { token: ada })).status).toBe(400);
    expect((await t.request(`/api/social-media/post/${crypto.randomUUID()}`, { token: ada })).status).toBe(404);
  });

  describe('files', () => {
    it.each([
      [
        { name: 'huge.jpg', type: 'image/jpeg', size: MAX_FILE_BYTES + 1 },
        { fileSizeInBytes: ['File huge.jpg exceeds the maximum size of 20MB'] },
      ],
      [{ name: 'page.html', type: 'text/html', size: 10 }, { fileType: ['File type HTML is not allowed'] }],
      [{ name: 'photo.heic', type: 'image/heic', size: 10 }, { fileType: ['File type HEIC is not allowed'] }],
      [{ name: 'photo.exe', type: 'image/png', size: 10 }, { fileType: ['File type EXE is not allowed'] }],
    ])('refuses $name ($type, $size bytes) before upload', async (file, fieldErrors) => {
      const post = await savePostOk(t, ada, draft());
      const res = await requestPostTicket(t, ada, post.postId, file);
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors).toEqual(fieldErrors);
    });

    it.each([
      ['clip.mp4', 'video/mp4'],
      ['song.mp3', 'audio/mpeg'],
      ['notes.pdf', 'application/pdf'],
      ['drawing.svg', 'image/svg+xml'],
      ['film.avi', 'video/x-msvideo'],
      ['exactly-20mb.mov', 'video/quicktime'],
    ])('gives an upload ticket for %s (%s)', async (name, type) => {
      const post = await savePostOk(t, ada, draft());
      const size = name.startsWith('exactly') ? MAX_FILE_BYTES : 1000;
      expect((await requestPostTicket(t, ada, post.postId, { name, type, size })).status).toBe(200);
    });

    it('uploads up to four files, shows images by a signed preview, keeps order and alt text, removes the ones left out', async () => {
      const post = await savePostOk(t, ada, draft());
      const tall = await makeJpeg(300, 600, { orientation: 6, gps: true });
      const a = await addPostMedia(t, ada, post.postId, tall, 'image/jpeg', 'tall.jpg');
      const b = await addPostMedia(
        t,
        ada,
        post.postId,
        await sharp({ create: { width: 800, height: 500, channels: 3, background: '#336699' } })
          .png()
          .toBuffer(),
        'image/png',
        'wide.png',
      );
      const c = await addPostMedia(t, ada, post.postId, PDF, 'application/pdf', 'notes.pdf');
      const d = await addPostMedia(t, ada, post.postId, tall, 'image/jpeg', 'again.jpg');
      expect([a, b, c, d].map((m) => [m.fileName, m.contentType, m.altText])).toEqual([
        ['tall.jpg', 'image/jpeg', ''],
        ['wide.png', 'image/png', ''],
        ['notes.pdf', 'application/pdf', ''],
        ['again.jpg', 'image/jpeg', ''],
      ]);
      expect(c.fileSizeInBytes).toBe(PDF.length);

      // An image is shown by its preview (upright, at most 400 x 400, WebP, no metadata); the link needs no token.
      const preview = await t.request(pathOf(a.url));
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(await readBody(preview)).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([400, 200, undefined]);
      expect(c.url).toContain(`/api/social-media/media/${c.mediaId}?`);
      expect((await t.request(pathOf(c.url))).headers.get('content-type')).toBe('application/pdf');
      expect((await t.request(pathOf(c.url).replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(403);

      // A fifth file: no ticket.
      const fifth = await requestPostTicket(t, ada, post.postId, { name: 'five.jpg', type: 'image/jpeg', size: tall.length });
      expect(fifth.status).toBe(400);
      expect((await fifth.json()).message).toBe('Maximum 4 files allowed');
      expect((await getPost(t, ada, post.postId)).mediaIds).toEqual([a.mediaId, b.mediaId, c.mediaId, d.mediaId]);

      const filesBefore = await storedFiles(t);
      const saved = await savePostOk(
        t,
        ada,
        draft({
          postId: post.postId,
          mediaIds: [d.mediaId, a.mediaId, c.mediaId],
          altTexts: { [a.mediaId]: 'A tall study in blue', [d.mediaId]: 'The same, again' },
        }),
      );
      expect(saved.media!.map((m) => [m.fileName, m.altText])).toEqual([
        ['again.jpg', 'The same, again'],
        ['tall.jpg', 'A tall study in blue'],
        ['notes.pdf', ''],
      ]);
      const filesAfter = await storedFiles(t);
      expect(filesBefore.filter((f) => f.includes(b.mediaId))).toHaveLength(2);
      expect(filesAfter.filter((f) => f.includes(b.mediaId))).toEqual([]);
      expect(filesAfter.filter((f) => f.includes(a.mediaId))).toHaveLength(2);

      // Alt text of a file that is not in the post is refused.
      const stray = await savePost(t, ada, draft({ postId: post.postId, mediaIds: [a.mediaId], altTexts: { [b.mediaId]: 'gone' } }));
      expect((await stray.json()).fieldErrors).toEqual({ altTexts: ['Alt text was given for a file that is not in the post.'] });
    });

    it('a file whose bytes are not what it claims is refused and nothing is kept', async () => {
      const post = await savePostOk(t, ada, draft());
      const res = await uploadPostMedia(t, ada, post.postId, PDF, 'image/png', 'fake.png');
      expect(res.status).toBe(415);
      expect((await getPost(t, ada, post.postId)).media).toEqual([]);
    });
  });

  describe('published posts', () => {
    let published: SocialPost;
    beforeAll(async () => {
      const post = await savePostOk(t, ada, draft({ content: 'Out in the world' }));
      // Published by hand here (as if its deliveries had been made): this file tests the API around it.
      await t.deps.db.update(socialPosts).set({ isDraft: false, datePublished: new Date() }).where(eq(socialPosts.id, post.postId));
      await t.deps.db.insert(socialDeliveries).values({
        postId: post.postId,
        accountId: null,
        platform: 'bluesky',
        handle: alice.handle,
        rkey: '3zzzzzzzzzz22',
        text: 'Out in the world',
        status: 'posted',
        postUrl: 'https://bsky.app/x',
        postedAt: new Date(1_800_000_000_000),
      });
      published = await getPost(t, ada, post.postId);
    });

    it('answer one response per account', () => {
      expect(published.isDraft).toBe(false);
      expect(published.responses).toEqual([
        {
          platform: 'bluesky',
          handle: alice.handle,
          text: 'Out in the world',
          postUrl: 'https://bsky.app/x',
          postStatus: 'posted',
          datePosted: 1_800_000_000_000,
          postError: null,
          metrics: null,
        },
      ]);
    });

    it('cannot be edited or given files (409)', async () => {
      const res = await savePost(t, ada, draft({ postId: published.postId, content: 'Edited' }));
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe('A published post cannot be edited.');
      expect((await requestPostTicket(t, ada, published.postId, { name: 'a.jpg', type: 'image/jpeg', size: 10 })).status).toBe(409);
    });

    it('the calendar asks for a range by calendar date (published, else scheduled), and for drafts or published posts', async () => {
      const bea = (await signedInUser(t)).idToken;
      const beaPds = await newPdsAccount(pds, 'bea');
      await connectOk(t, bea, beaPds, pds.url);
      const accounts = [{ platform: 'bluesky' as const, handle: beaPds.handle }];
      const day = 86_400_000;
      const soon = Date.now() + day;
      const unscheduled = await savePostOk(t, bea, { content: 'someday', accounts });
      const tomorrow = await savePostOk(t, bea, { content: 'tomorrow', accounts, dateScheduled: soon });
      const nextWeek = await savePostOk(t, bea, { content: 'next week', accounts, dateScheduled: soon + 7 * day });
      const done = await savePostOk(t, bea, { content: 'done', accounts, dateScheduled: soon + 30 * day });
      await t.deps.db
        .update(socialPosts)
        .set({ isDraft: false, datePublished: new Date(soon - day) })
        .where(eq(socialPosts.id, done.postId));
      const ids = async (query: string) =>
        ((await (await t.request(`/api/social-media/post${query}`, { token: bea })).json()) as SocialPost[]).map((p) => p.postId);

      expect(await ids('')).toEqual([unscheduled.postId, nextWeek.postId, tomorrow.postId, done.postId]);
      expect(await ids(`?from=${soon - day}&to=${soon + day}`)).toEqual([tomorrow.postId, done.postId]);
      expect(await ids(`?from=${soon}&to=${soon + 8 * day}`)).toEqual([nextWeek.postId, tomorrow.postId]);
      expect(await ids('?drafts=true')).toEqual([unscheduled.postId, nextWeek.postId, tomorrow.postId]);
      expect(await ids('?drafts=false')).toEqual([done.postId]);
      const bad = await t.request('/api/social-media/post?from=yesterday&drafts=maybe', { token: bea });
      expect((await bad.json()).fieldErrors).toEqual({
        from: ['from must be a time in epoch milliseconds'],
        drafts: ['drafts must be true or false'],
      });
    });
  });
});
