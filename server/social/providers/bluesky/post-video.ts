import type { Agent } from '@atproto/api';
import { atprotoApi } from './atproto-libs';
import { BLOB_VIDEO_TYPE, VIDEO_MESSAGES } from '../../../../src/schemas/post-video.schema';
import type { AppDeps } from '../../../context';
import type { PostMediaRow } from '../../posts.dto';
import { BlueskyError, toBlueskyError, type PostVideo } from './bluesky';
import type { DeliveryRow } from '../../delivery.repo';
import { startVideoJob, usesVideoService, waitForJob } from './video-service';
import { setVideoState, type VideoColumns } from './video-state.repo';

/** Records where the video stands, while this instance still holds the attempt. */
const setVideo = (deps: AppDeps, d: DeliveryRow, me: string, change: VideoColumns) => setVideoState(deps.db, d, me, change);

/** Forgets the video's upload (a failed job, an expired blob): the next attempt sends it again. */
export const forgetVideo = (deps: AppDeps, d: DeliveryRow, me: string) =>
  setVideo(deps, d, me, { videoState: null, videoJobId: null, videoProgress: null, videoBlob: null });

/** The blob ref as JSON (what a record carries, and what is stored). */
const blobJson = (blob: unknown) => JSON.parse(JSON.stringify(blob)) as Record<string, unknown>;

/**
 * The post's video, ready to embed: its blob on the account's PDS, its alt text and aspect ratio. Sent through
 * Bluesky's video service when the PDS uses it (the job's id is kept, so a retry waits for the same job), as a blob
 * otherwise (MP4 only: a PDS keeps a file as it is, and the record's blob must be MP4). The blob ref is stored once it
 * is there, so a retry writes the post without sending the video again. Null: the post has no video.
 */
export async function videoOf(
  deps: AppDeps,
  d: DeliveryRow,
  me: string,
  agent: Agent,
  pdsUrl: string | null,
  /** The post's files in order (the delivery has read them already). */
  media: PostMediaRow[],
): Promise<(PostVideo & { stored: boolean }) | null> {
  const m = media.find((f) => f.contentType.startsWith('video/'));
  if (!m) return null;
  const meta = { alt: m.altText, aspectRatio: m.width && m.height ? { width: m.width, height: m.height } : null };
  if (d.videoBlob) return { blob: d.videoBlob, ...meta, stored: true };

  const settings = deps.config.social.video;
  const viaService = usesVideoService(pdsUrl, settings.pdsHosts);
  if (!viaService && m.contentType !== BLOB_VIDEO_TYPE) throw new BlueskyError('rejected', VIDEO_MESSAGES.onlyMp4(d.handle, m.fileName));
  const object = await deps.storage.read(m.storageKey);
  if (!object) throw new BlueskyError('rejected', `The video ${m.fileName} is missing from storage.`);
  const bytes = Buffer.concat(await object.body.toArray());

  let blob: Record<string, unknown>;
  if (viaService) {
    let jobId = d.videoJobId;
    if (!jobId) {
      await setVideo(deps, d, me, { videoState: 'uploading', videoProgress: null });
      const job = await startVideoJob(agent, settings, deps.outbound.fetch, { bytes, contentType: m.contentType, fileName: m.fileName });
      jobId = job.jobId;
      await setVideo(deps, d, me, { videoState: 'processing', videoJobId: jobId, videoProgress: job.progress ?? null });
    }
    try {
      blob = await waitForJob(settings, deps.outbound.fetch, jobId, m.fileName, (progress) =>
        setVideo(deps, d, me, { videoState: 'processing', videoProgress: progress }).then(() => undefined),
      );
    } catch (err) {
      // A job that failed is not waited for again: Post again sends the video anew.
      if (err instanceof BlueskyError && err.kind === 'rejected') await forgetVideo(deps, d, me);
      throw err;
    }
  } else {
    await setVideo(deps, d, me, { videoState: 'uploading', videoProgress: null });
    const { AtpAgent } = await atprotoApi();
    const service = agent instanceof AtpAgent ? agent.serviceUrl.origin : 'your Bluesky server';
    const uploaded = await agent.uploadBlob(bytes, { encoding: BLOB_VIDEO_TYPE }).catch((err: unknown) => {
      throw toBlueskyError(err, service);
    });
    blob = blobJson(uploaded.data.blob);
  }
  await setVideo(deps, d, me, { videoState: 'ready', videoProgress: 100, videoBlob: blob });
  return { blob, ...meta, stored: false };
}
