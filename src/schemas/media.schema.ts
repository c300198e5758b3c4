import * as z from 'zod/mini';
import { MAX_FILE_BYTES } from './upload.schema';

/** What an artwork's media may be: images sharp can read, and video and audio that browsers play. */
export const ARTWORK_MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'audio/mpeg',
  'audio/wav',
  'audio/ogg',
  'audio/flac',
  'audio/aac',
] as const;

export const mediaKindOf = (contentType: string): 'image' | 'video' | 'audio' =>
  contentType.startsWith('video/') ? 'video' : contentType.startsWith('audio/') ? 'audio' : 'image';

/**
 * Image variants: the list's square crop, a small uncropped one, the 400 x 400 preview, a medium one (the public
 * site's picture on a phone) and a large web size. Images uploaded before 'medium' existed have none.
 */
export const IMAGE_SIZES = ['smCrop', 'sm', 'preview', 'medium', 'large'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
export const imageSizeQuerySchema = z.object({
  size: z.optional(z.enum([...IMAGE_SIZES, 'original'], { error: `Size must be one of ${IMAGE_SIZES.join(', ')} or original` })),
});

export const mediaItemSchema = z.object({
  mediaId: z.string(),
  artworkId: z.string(),
  fileName: z.string(),
  /** ISO date-time the file was added. */
  dateCreated: z.string(),
  fileSizeInBytes: z.nullable(z.number()),
  contentType: z.string(),
  kind: z.enum(['image', 'video', 'audio']),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  /** A video's or a sound's length as the file says, in milliseconds. */
  durationMs: z.optional(z.nullable(z.number())),
  isPrimary: z.boolean(),
  /** Signed, expiring addresses usable in <img>, <video> and <audio>: each image size, and the original file. */
  urls: z.object({
    smCrop: z.nullable(z.string()),
    sm: z.nullable(z.string()),
    preview: z.nullable(z.string()),
    medium: z.nullable(z.string()),
    large: z.nullable(z.string()),
    original: z.string(),
  }),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const mediaListSchema = z.object({ items: z.array(mediaItemSchema) });

export const setPrimarySchema = z.object({ mediaId: z.uuid({ error: 'Media ID must be a valid UUID' }) });

/** 'B', 'KB' or 'MB', or 'Unknown size'. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return 'Unknown size';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export { MAX_FILE_BYTES };
