import * as z from 'zod/mini';

/** Requirements §2, generic list behaviour: four modes, large tiles by default. */
export const LIST_MODES = ['large-tiles', 'small-tiles', 'large-rows', 'small-rows'] as const;
export type ListMode = (typeof LIST_MODES)[number];
export const DEFAULT_LIST_MODE: ListMode = 'large-tiles';
export const LIST_MODE_LABELS: Record<ListMode, string> = {
  'large-tiles': 'Large tiles',
  'small-tiles': 'Small tiles',
  'large-rows': 'Large rows',
  'small-rows': 'Small rows',
};
export const isTileMode = (mode: ListMode) => mode.endsWith('-tiles');
export const isSmallMode = (mode: ListMode) => mode.startsWith('small-');

/** Requirements §9: the generic list pages by 10 (options 10, 25, 50, 100). */
export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The image aspect ratios a list of pictures offers; 'original' does not crop. */
export const IMAGE_ASPECTS = ['square', 'landscape', 'portrait', 'original'] as const;
export type ImageAspect = (typeof IMAGE_ASPECTS)[number];
export const DEFAULT_IMAGE_ASPECT: ImageAspect = 'square';
export const IMAGE_ASPECT_LABELS: Record<ImageAspect, string> = {
  square: 'Square',
  landscape: 'Landscape (16:9)',
  portrait: 'Portrait (3:4)',
  original: 'Original',
};
/** Width over height; 'original' keeps the image's own shape inside a square frame. */
export const IMAGE_ASPECT_RATIOS: Record<ImageAspect, number> = { square: 1, landscape: 16 / 9, portrait: 3 / 4, original: 1 };

/** Requirements §9: tile image heights, 150px small and 200px large. */
export const TILE_IMAGE_HEIGHT = { small: 150, large: 200 } as const;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const LIST_MESSAGES = {
  empty: 'No items found',
  failed: 'The list could not be loaded.',
} as const;

/** A list's view settings kept between visits (under the userSettings key of local storage). */
export const listSettingsSchema = z.object({
  mode: z.optional(z.enum(LIST_MODES)),
  pageSize: z.optional(z.number().check(z.int(), z.positive())),
  aspect: z.optional(z.enum(IMAGE_ASPECTS)),
});
export type ListSettings = z.infer<typeof listSettingsSchema>;
