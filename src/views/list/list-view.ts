import { IMAGE_ASPECT_RATIOS, TILE_IMAGE_HEIGHT, isSmallMode, isTileMode, type ImageAspect, type ListMode } from '../../schemas/list.schema';
import type { ListView } from './list-types';

/** Row thumbnails: 40px high in small rows, 64px in large ones. */
export const ROW_IMAGE_HEIGHT = { small: 40, large: 64 } as const;

/** The view a mode and an image aspect make: tiles or rows, small or large, and the image box. */
export function listView(mode: ListMode, aspect: ImageAspect): ListView {
  const tiles = isTileMode(mode);
  const small = isSmallMode(mode);
  const height = (tiles ? TILE_IMAGE_HEIGHT : ROW_IMAGE_HEIGHT)[small ? 'small' : 'large'];
  return { mode, aspect, tiles, small, image: { width: Math.round(height * IMAGE_ASPECT_RATIOS[aspect]), height } };
}

/** Tiles are as wide as their image, and never narrower than their text needs. */
export const tileWidth = (view: ListView) => Math.max(view.image.width, view.small ? 150 : 200);
