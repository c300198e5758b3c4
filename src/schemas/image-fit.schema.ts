import * as z from 'zod/mini';
import { text } from './text.schema';

/**
 * The mat around a work that does not fit a network's ratios: white, black, or the colour of the work's own edge.
 * The work is never cropped; the artist picks the mat per image (the post's `mats`), white by default.
 */
export const MAT_COLOURS = ['white', 'black', 'edge'] as const;
export const matColourSchema = z.enum(MAT_COLOURS, { error: 'Choose a mat: white, black or edge' });
export type MatChoice = z.infer<typeof matColourSchema>;
export const DEFAULT_MAT: MatChoice = 'white';
/** As the editor offers them, under the label 'Mat'. */
export const MAT_LABELS: Record<MatChoice, string> = { white: 'White', black: 'Black', edge: 'Edge colour' };

/** A post's mat per media id (missing ids: white). Sent with POST /api/social-media/post, and returned on the post. */
export const matsSchema = z.record(text('Media ID', [z.uuid({ error: 'Media ID must be a valid UUID' })]), matColourSchema);
export type Mats = z.infer<typeof matsSchema>;

/**
 * POST /api/social-media/fitted-preview: one image of a post as a network will receive it (today: Instagram; other
 * networks take the image as it is). Answers where to see it and where the work sits inside the mat.
 */
export const fittedPreviewRequestSchema = z.object({
  mediaId: z.uuid({ error: 'Media ID must be a valid UUID' }),
  network: z.enum(['instagram'], { error: 'Only Instagram fits images' }),
  mat: z._default(matColourSchema, 'white'),
});
export type FittedPreviewRequest = z.input<typeof fittedPreviewRequestSchema>;

export const fittedPreviewSchema = z.object({
  /** A short-lived address of the fitted JPEG (the one Meta would fetch). */
  url: z.string(),
  width: z.number(),
  height: z.number(),
  /** Where the work sits, whole, inside the image (pixels). Equal to the image when no mat was needed. */
  work: z.object({ left: z.number(), top: z.number(), width: z.number(), height: z.number() }),
  /** The mat's colour as #rrggbb (what 'edge' sampled). */
  matColour: z.string(),
  /** Whether a mat was added at all. */
  matted: z.boolean(),
});
export type FittedPreview = z.infer<typeof fittedPreviewSchema>;
