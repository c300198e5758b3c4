import * as z from 'zod/mini';
import { artworkSchema } from './artwork.schema';
import { ARTWORK_MEDIA_TYPES, mediaItemSchema, mediaKindOf } from './media.schema';
import { mediaTypeLabel, mediaTypeSchema, type MediaType } from './media-type.schema';
import { uploadRequestSchema } from './upload.schema';

export type MediaKind = ReturnType<typeof mediaKindOf>;

/** The kinds of work a file can start: a picture any 2D or 3D work, a video a video work, a sound an audio work. */
export const TYPES_FOR_KIND: Record<MediaKind, readonly MediaType[]> = {
  image: ['PHYSICAL_2D', 'DIGITAL_2D', 'PHYSICAL_3D', 'DIGITAL_3D'],
  video: ['VIDEO'],
  audio: ['AUDIO'],
};

const KIND_NAMES: Record<MediaKind, string> = { image: 'A picture', video: 'A video', audio: 'A sound file' };
const listed = (labels: string[]) => (labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : labels[0]);

/** 'A video makes a Video artwork', said when a file is given a kind of work it cannot start. */
export const kindMismatchMessage = (kind: MediaKind) => {
  const labels = listed(TYPES_FOR_KIND[kind].map(mediaTypeLabel));
  return `${KIND_NAMES[kind]} makes ${/^[AEIOU]/.test(labels) ? 'an' : 'a'} ${labels} artwork`;
};

/**
 * POST /api/artwork/from-file: a new artwork made from one file (an upload ticket as for any file; confirming the
 * upload creates the artwork with the file as its first media). The title comes from the file's name.
 */
export const artworkFromFileSchema = z.extend(uploadRequestSchema(ARTWORK_MEDIA_TYPES), { mediaType: mediaTypeSchema }).check(
  z.superRefine((v, ctx) => {
    if (!(ARTWORK_MEDIA_TYPES as readonly string[]).includes(v.fileType)) return;
    const kind = mediaKindOf(v.fileType);
    if (!TYPES_FOR_KIND[kind].includes(v.mediaType)) {
      ctx.issues.push({ code: 'custom', path: ['mediaType'], message: kindMismatchMessage(kind), input: v.mediaType });
    }
  }),
);
export type ArtworkFromFileRequest = z.infer<typeof artworkFromFileSchema>;

/** What confirming such an upload answers: the new artwork and its first media item. */
export const createdFromFileSchema = z.object({ artwork: artworkSchema, media: mediaItemSchema });
export type CreatedFromFile = z.infer<typeof createdFromFileSchema>;
