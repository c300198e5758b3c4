import * as z from 'zod/mini';

export const MEDIA_TYPES = ['PHYSICAL_2D', 'PHYSICAL_3D', 'DIGITAL_2D', 'DIGITAL_3D', 'VIDEO', 'AUDIO'] as const;
export const mediaTypeSchema = z.enum(MEDIA_TYPES, {
  error: 'Media type must be one of PHYSICAL_2D, PHYSICAL_3D, DIGITAL_2D, DIGITAL_3D, VIDEO, AUDIO',
});
export type MediaType = z.infer<typeof mediaTypeSchema>;

/** PHYSICAL_2D -> 'Physical 2D': the media type in title case, as headings and menus show it. */
export const mediaTypeLabel = (type: MediaType) =>
  type
    .split('_')
    .map((word) => (/^\d/.test(word) ? word : word[0] + word.slice(1).toLowerCase()))
    .join(' ');
