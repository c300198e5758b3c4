import {
  IMAGE_ASPECT_RATIOS,
  TILE_IMAGE_HEIGHT,
  isSmallMode,
  isTileMode,
  type ImageAspect,
  type ListMode,
} from '../../schemas/list.schema';
import type { ListView } from './list-types';

/** Row thumbnails: 40px high in small rows, 64px in large ones. */
export const ROW_IMAGE_HEIGHT = { small: 40, large: 64 } as const;

/** The narrowest tile its text fits in. */
const MIN_TILE_WIDTH = { small: 150, large: 200 } as const;

/**
 * The view a mode and an image aspect make: tiles or rows, small or large, and the image box. The box has the
 * aspect's shape at the required height; a tile's box is never narrower than its text needs, so a portrait tile grows
 * taller instead (200 x 267, small 150 x 200) and its picture fills it with no bars beside it.
 */
export function listView(mode: ListMode, aspect: ImageAspect): ListView {
  const tiles = isTileMode(mode);
  const small = isSmallMode(mode);
  const size = small ? 'small' : 'large';
  const ratio = IMAGE_ASPECT_RATIOS[aspect];
  const width = Math.max(Math.round((tiles ? TILE_IMAGE_HEIGHT : ROW_IMAGE_HEIGHT)[size] * ratio), tiles ? MIN_TILE_WIDTH[size] : 0);
  return { mode, aspect, tiles, small, image: { width, height: Math.round(width / ratio) } };
}

/** Tiles are as wide as their image box. */
export const tileWidth = (view: ListView) => view.image.width;

/** 'Original' tiles: a wall of prints, each tile in its picture's own shape. */
export const isWallOfPrints = (view: ListView) => view.tiles && view.aspect === 'original';
