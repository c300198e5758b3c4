import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_MESSAGES } from '../../src/schemas/post-video.schema';
import type { SocialPost } from '../../src/schemas/social.schema';
import { socialDeliveries } from '../../server/db/schema';
import { startFakeVideoService, type FakeVideoService } from '../support/fake-video-service';
import { blueskySuite } from '../support/bluesky-suite';
import type { Pds } from '../support/pds';
import { sharedPds } from '../support/shared-pds';
import { fakeMp4, makeJpeg } from '../support/portfolio';
import {
  addPostMedia,
  eventually,
  getPost,
  newPdsAccount,
  postRecords,
  publish,
  savePost,
  savePostOk,
  startFlakyProxy,
  uploadPostMedia,
} from '../support/social';
import { dbLabel } from '../support/test-db';
import { makeMp4, makeWebm } from '../support/video';

interface VideoEmbed {
  $type: string;
  video: { mimeType: string; size: number; ref: { toString(): string } };
  alt?: string;
  aspectRatio?: { width: number; height: number };
}

/** An AVI by its magic numbers (RIFF ... AVI LIST): attachable to a post, not postable to Bluesky. */
const AVI = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 16, 0, 0]), Buffer.from('AVI LIST'), Buffer.alloc(4096, 1)]);

/** A post's video on Bluesky, read back from a real PDS: as a blob (this PDS has no video service) and through a fake one. */
describe(`post video (${dbLabel()})`, () => {
  let pds: Pds;
  beforeAll(async () => {
    pds = await sharedPds();
  });
  afterAll(async () => {
    await pds?.close();
  });

  /** A test app on the shared PDS, its env over SOCIAL_TEST_ENV. */
  function setup(env: () => Record<string, string>) {
    const { ctx, connected, settled } = blueskySuite({ env, pds: () => pds, settleMs: 30_000 });
    /** A draft with one uploaded file and its alt text. */
    const draftWith = async (ref: { platform: 'bluesky'; handle: string }, bytes: Buffer, type: string, name: string, content = '') => {
      const draft = await savePostOk(ctx.t, ctx.ada, { content, accounts: [ref] });
      const media = await addPostMedia(ctx.t, ctx.ada, draft.postId, bytes, type, name);
      await savePostOk(ctx.t, ctx.ada, {
        postId: draft.postId,
        content,
        accounts: [ref],
        mediaIds: [media.mediaId],
        altTexts: { [media.mediaId]: 'A hand drawing a line' },
      });
      return draft.postId;
    };
    return { ctx, connected, settled, draftWith };
  }

  describe('on a PDS without a video service: the video goes as a blob', () => {
    const { ctx, connected, settled, draftWith } = setup(() => ({}));

    it('posts one MP4 with its alt text and upright aspect ratio, and shows the video ready on the response', async () => {
      const { account, ref } = await connected('reel');
      const mp4 = makeMp4({ width: 1080, height: 1920, seconds: 42, turned: true });
      const postId = await draftWith(ref, mp4, 'video/mp4', 'line.mp4');
      // A video alone needs no text.
      expect((await publish(ctx.t, ctx.ada, postId)).status).toBe(200);
      const post = await settled(postId);
      expect(post.responses[0]).toMatchObject({ postStatus: 'posted', video: { state: 'ready', progress: 100 } });
      const [record] = await postRecords(account.agent, account.did);
      const embed = record.value.embed as unknown as VideoEmbed;
      expect(embed).toMatchObject({
        $type: 'app.bsky.embed.video',
        alt: 'A hand drawing a line',
        aspectRatio: { width: 1080, height: 1920 },
        video: { mimeType: 'video/mp4', size: mp4.length },
      });
      // The blob is on the PDS, byte for byte.
      const blob = await account.agent.com.atproto.sync.getBlob({ did: account.did, cid: embed.video.ref.toString() });
      expect(Buffer.from(blob.data).equals(mp4)).toBe(true);
    });

    it('a stored video the PDS no longer has is sent again, and the post goes out once', async () => {
      const proxy = await startFlakyProxy(pds.url);
      try {
        const { account, ref } = await connected('expired', proxy.url);
        const mp4 = makeMp4({ width: 640, height: 360, seconds: 8 });
        const postId = await draftWith(ref, mp4, 'video/mp4', 'again.mp4');
        proxy.set('down');
        await publish(ctx.t, ctx.ada, postId);
        // A blob ref this account's PDS does not hold: another account's upload.
        const other = await newPdsAccount(pds, 'other');
        const foreign = (await other.agent.uploadBlob(makeMp4({ width: 8, height: 8, seconds: 1 }), { encoding: 'video/mp4' })).data.blob;
        await ctx.t.deps.db
          .update(socialDeliveries)
          .set({ videoState: 'ready', videoBlob: JSON.parse(JSON.stringify(foreign)), nextAttemptAt: new Date() })
          .where(eq(socialDeliveries.postId, postId));
        proxy.set('up');
        ctx.t.deps.social.worker.start();
        const post = await settled(postId);
        expect(post.responses[0].postStatus).toBe('posted');
        const records = await postRecords(account.agent, account.did);
        expect(records).toHaveLength(1);
        expect((records[0].value.embed as unknown as VideoEmbed).video.size).toBe(mp4.length);
      } finally {
        await proxy.close();
      }
    });

    it('fails a WebM with the reason: such a server takes MP4 only', async () => {
      const { account, ref } = await connected('webm');
      const postId = await draftWith(ref, makeWebm({ width: 800, height: 600, seconds: 5 }), 'video/webm', 'sketch.webm', 'Sketch');
      await publish(ctx.t, ctx.ada, postId);
      const post = await settled(postId);
      expect(post.responses[0]).toMatchObject({ postStatus: 'error', postError: VIDEO_MESSAGES.onlyMp4(account.handle, 'sketch.webm') });
      expect(await postRecords(account.agent, account.did)).toHaveLength(0);
    });

    it('refuses at upload a video longer than 3 minutes or one that cannot be read, with why', async () => {
      const { ref } = await connected('long');
      const draft = await savePostOk(ctx.t, ctx.ada, { content: 'Long', accounts: [ref] });
      const long = await uploadPostMedia(
        ctx.t,
        ctx.ada,
        draft.postId,
        makeMp4({ width: 640, height: 360, seconds: 181 }),
        'video/mp4',
        'long.mp4',
      );
      expect(long.status).toBe(400);
      expect(await long.json()).toMatchObject({
        message: VIDEO_MESSAGES.tooLong('long.mp4', 181_000),
        fieldErrors: { file: [VIDEO_MESSAGES.tooLong('long.mp4', 181_000)] },
      });
      expect(VIDEO_MESSAGES.tooLong('long.mp4', 181_000)).toBe('long.mp4 is 3:01 long; Bluesky takes videos of at most 3 minutes.');
      const webm = await uploadPostMedia(
        ctx.t,
        ctx.ada,
        draft.postId,
        makeWebm({ width: 640, height: 360, seconds: 200 }),
        'video/webm',
        'long.webm',
      );
      expect((await webm.json()).message).toBe(VIDEO_MESSAGES.tooLong('long.webm', 200_000));
      // An MP4 by its magic numbers, with no moov box to say what it holds.
      const unreadable = await uploadPostMedia(ctx.t, ctx.ada, draft.postId, fakeMp4(4000), 'video/mp4', 'broken.mp4');
      expect(unreadable.status).toBe(415);
      expect((await unreadable.json()).message).toBe('broken.mp4 could not be read as a video.');
      // Exactly three minutes is fine.
      expect(
        (await uploadPostMedia(ctx.t, ctx.ada, draft.postId, makeMp4({ width: 640, height: 360, seconds: 180 }), 'video/mp4', 'ok.mp4'))
          .status,
      ).toBe(200);
    });

    it('answers 400 with field messages for two videos, a video with images, or an AVI', async () => {
      const { ref } = await connected('mix');
      const draft = await savePostOk(ctx.t, ctx.ada, { content: 'Mixed', accounts: [ref] });
      const add = (bytes: Buffer, type: string, name: string) => addPostMedia(ctx.t, ctx.ada, draft.postId, bytes, type, name);
      const a = await add(makeMp4({ width: 640, height: 360, seconds: 3 }), 'video/mp4', 'a.mp4');
      const b = await add(makeWebm({ width: 640, height: 360, seconds: 3 }), 'video/webm', 'b.webm');
      const image = await add(await makeJpeg(300, 200), 'image/jpeg', 'c.jpg');
      const avi = await add(AVI, 'video/x-msvideo', 'd.avi');
      const save = async (mediaIds: string[]) => {
        const res = await savePost(ctx.t, ctx.ada, { postId: draft.postId, content: 'Mixed', accounts: [ref], mediaIds });
        return { status: res.status, fieldErrors: (await res.json()).fieldErrors };
      };
      expect(await save([a.mediaId, b.mediaId])).toEqual({ status: 400, fieldErrors: { mediaIds: [VIDEO_MESSAGES.oneVideo] } });
      expect(await save([image.mediaId, a.mediaId])).toEqual({ status: 400, fieldErrors: { mediaIds: [VIDEO_MESSAGES.videoWithImages] } });
      expect(await save([avi.mediaId])).toEqual({
        status: 400,
        fieldErrors: { mediaIds: ['Bluesky takes MP4, WebM or MOV videos: convert d.avi to one of them.'] },
      });
      expect((await save([b.mediaId])).status).toBe(200);
    });
  });

  describe("through Bluesky's video service (a fake one on loopback)", () => {
    let video: FakeVideoService;
    beforeAll(async () => {
      video = await startFakeVideoService(pds.url, { stepsToComplete: 5 });
    });
    afterAll(async () => {
      await video?.close();
    });
    // The local PDS (and a proxy in front of it) counts as a PDS that uses the video service.
    const { ctx, connected, settled, draftWith } = setup(() => ({
      BSKY_VIDEO_URL: video.url,
      BSKY_VIDEO_PDS_HOSTS: 'localhost,127.0.0.1',
      BSKY_VIDEO_POLL_MS: '100',
    }));

    it('uploads with a service-auth token for the PDS, shows the job processing, and posts the processed video when it is done', async () => {
      const { account, ref } = await connected('service');
      const webm = makeWebm({ width: 800, height: 600, seconds: 9 });
      const postId = await draftWith(ref, webm, 'video/webm', 'studio.webm', 'From the studio');
      // Post answers when the delivery is done (or after 10 s): meanwhile the post's responses show the video's state.
      const publishing = publish(ctx.t, ctx.ada, postId);
      const seen = new Set<string>();
      const post = await eventually(
        async () => {
          const p = await getPost(ctx.t, ctx.ada, postId);
          seen.add(JSON.stringify(p.responses[0]?.video ?? null));
          return p.responses[0] && p.responses[0].postStatus !== 'pending' ? p : null;
        },
        30_000,
        30,
      );
      expect(((await (await publishing).json()) as SocialPost).responses[0].postStatus).toBe('posted');
      expect(post.responses[0]).toMatchObject({ postStatus: 'posted', video: { state: 'ready', progress: 100 } });
      expect([...seen].some((s) => s.includes('"processing"'))).toBe(true);
      expect(video.refused).toEqual([]);
      expect(video.uploads.filter((u) => u.did === account.did)).toEqual([
        { did: account.did, name: 'studio.webm', contentType: 'video/webm', bytes: webm.length },
      ]);
      const [record] = await postRecords(account.agent, account.did);
      expect(record.value.embed as unknown).toMatchObject({
        $type: 'app.bsky.embed.video',
        alt: 'A hand drawing a line',
        aspectRatio: { width: 800, height: 600 },
        video: { mimeType: 'video/mp4' },
      });
    });

    it('a failed job fails the post with the reason; Post again sends the video anew', async () => {
      const { account, ref } = await connected('failjob');
      const postId = await draftWith(ref, makeMp4({ width: 640, height: 480, seconds: 4 }), 'video/mp4', 'dark.mp4');
      video.failNextJob('The video has no picture');
      await publish(ctx.t, ctx.ada, postId);
      ctx.t.deps.social.worker.start();
      const failed = await settled(postId);
      expect(failed.responses[0]).toMatchObject({
        postStatus: 'error',
        postError: "Bluesky's video service could not process dark.mp4: The video has no picture.",
      });
      // The failed job is forgotten.
      expect(failed.responses[0].video).toBeUndefined();
      await publish(ctx.t, ctx.ada, postId);
      const post = await settled(postId);
      expect(post.responses[0].postStatus).toBe('posted');
      expect(video.uploads.filter((u) => u.did === account.did)).toHaveLength(2);
      expect(await postRecords(account.agent, account.did)).toHaveLength(1);
    });

    it('an answer lost after the post was written: the retry uses the stored video and posts once', async () => {
      const proxy = await startFlakyProxy(pds.url);
      try {
        const { account, ref } = await connected('lostvideo', proxy.url);
        const postId = await draftWith(ref, makeMp4({ width: 640, height: 360, seconds: 6 }), 'video/mp4', 'once.mp4');
        proxy.set('drop-create');
        await publish(ctx.t, ctx.ada, postId);
        expect(await postRecords(account.agent, account.did)).toHaveLength(1);
        const [row] = await ctx.t.deps.db.select().from(socialDeliveries).where(eq(socialDeliveries.postId, postId));
        expect(row).toMatchObject({ status: 'pending', videoState: 'ready' });
        expect(row.videoBlob).toMatchObject({ $type: 'blob', mimeType: 'video/mp4' });
        const reads = video.statusReadsOf(account.did);
        proxy.set('up');
        ctx.t.deps.social.worker.start();
        const post = await settled(postId);
        expect(post.responses[0].postStatus).toBe('posted');
        // Neither sent nor asked after again: the stored blob ref was embedded.
        expect(video.uploads.filter((u) => u.did === account.did)).toHaveLength(1);
        expect(video.statusReadsOf(account.did)).toBe(reads);
        expect(await postRecords(account.agent, account.did)).toHaveLength(1);
      } finally {
        await proxy.close();
      }
    });
  });
});
