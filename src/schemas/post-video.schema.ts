import * as z from 'zod/mini';

/**
 * Bluesky's limits for a post's video, as of 2025: app.bsky.embed.video takes a blob of at most 100,000,000 bytes
 * (formerly 50 MB), and Bluesky's app and video service take videos of at most 3 minutes (formerly 60 seconds). The
 * studio's own upload limit (20 MB) is lower still; the size check stands for the day that one is raised.
 */
export const VIDEO_MAX_BYTES = 100_000_000;
export const VIDEO_MAX_SECONDS = 180;
/** app.bsky.embed.video's alt is at most 1000 graphemes (an image's has no such limit). */
export const VIDEO_ALT_MAX_LENGTH = 1000;

/** The kinds of video Bluesky takes (its video service converts WebM and MOV to MP4); AVI can be attached, not posted. */
export const POSTABLE_VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
/** Without the video service, a PDS keeps the file as it is, and the record's blob must be MP4 (the lexicon's accept). */
export const BLOB_VIDEO_TYPE = 'video/mp4';

export const isVideoType = (type: string) => type.startsWith('video/');
export const isImageType = (type: string) => type.startsWith('image/');

/** 3:05 */
export const formatVideoLength = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export const VIDEO_MESSAGES = {
  oneVideo: 'A post can have one video.',
  videoWithImages: 'A post can have images or one video, not both.',
  notPostable: (name: string) => `Bluesky takes MP4, WebM or MOV videos: convert ${name} to one of them.`,
  tooLong: (name: string, ms: number) =>
    `${name} is ${formatVideoLength(ms)} long; Bluesky takes videos of at most ${VIDEO_MAX_SECONDS / 60} minutes.`,
  tooLarge: (name: string) => `${name} is larger than ${VIDEO_MAX_BYTES / 1_000_000} MB, the most Bluesky takes for a video.`,
  unreadable: (name: string) => `${name} could not be read as a video.`,
  altTooLong: (name: string) => `Alt text of the video ${name} must be at most ${VIDEO_ALT_MAX_LENGTH} characters`,
  onlyMp4: (handle: string, name: string) =>
    `The server of @${handle} has no video service and takes only MP4 videos: convert ${name} to MP4 and post again.`,
} as const;

/** A file as far as the video rules care. */
interface MediaFacts {
  name: string;
  type: string;
  size: number;
  /** Known once uploaded (null: the container does not say). */
  durationMs?: number | null;
  altText?: string;
}

/** What is wrong with one video for Bluesky, or null. */
export function videoFileProblem(file: MediaFacts): string | null {
  if (!isVideoType(file.type)) return null;
  if (!(POSTABLE_VIDEO_TYPES as readonly string[]).includes(file.type)) return VIDEO_MESSAGES.notPostable(file.name);
  if (file.size > VIDEO_MAX_BYTES) return VIDEO_MESSAGES.tooLarge(file.name);
  if (file.durationMs != null && file.durationMs > VIDEO_MAX_SECONDS * 1000) return VIDEO_MESSAGES.tooLong(file.name, file.durationMs);
  // Code points: never more than graphemes, so within this Bluesky takes it.
  if (file.altText && [...file.altText].length > VIDEO_ALT_MAX_LENGTH) return VIDEO_MESSAGES.altTooLong(file.name);
  return null;
}

/** A post's files together: at most one video, and never beside images (Bluesky embeds one or the other). */
export function videoMixProblem(types: string[]): string | null {
  const videos = types.filter(isVideoType).length;
  if (videos > 1) return VIDEO_MESSAGES.oneVideo;
  if (videos && types.some(isImageType)) return VIDEO_MESSAGES.videoWithImages;
  return null;
}

/** Every video problem of a post's files, for the `mediaIds` field. */
export const postVideoProblems = (files: MediaFacts[]) =>
  [videoMixProblem(files.map((f) => f.type)), ...files.map(videoFileProblem)].filter((p): p is string => p !== null);

/** Where a post's video stands on one account, while it is sent (shown with the post's responses). */
export const postVideoStatusSchema = z.object({
  state: z.enum(['uploading', 'processing', 'ready']),
  /** 0 to 100 while Bluesky's video service processes it (null when it does not say). */
  progress: z.nullable(z.number()),
});
export type PostVideoStatus = z.infer<typeof postVideoStatusSchema>;
