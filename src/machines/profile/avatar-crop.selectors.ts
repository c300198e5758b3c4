import type { SnapshotFrom } from 'xstate';
import { cropOf, type avatarCropMachine } from './avatar-crop.machine';

type CropSnapshot = SnapshotFrom<typeof avatarCropMachine>;

/** Where the crop stands: the picture loading, unreadable, or being framed. */
export const selectCropState = (s: CropSnapshot) =>
  s.matches('positioning') ? 'positioning' : s.matches('unreadable') ? 'unreadable' : 'loading';
export const selectCropFile = (s: CropSnapshot) => s.context.file;
export const selectZoom = (s: CropSnapshot) => s.context.zoom;

/**
 * The picture's place under the frame, in percent of the frame: its size, and its top-left corner. (The frame shows
 * `crop` of the picture, so the picture is frame × width / crop wide.)
 */
export function selectPicturePlacement(s: CropSnapshot) {
  const crop = cropOf(s.context);
  const size = s.context.size;
  if (!crop || !size) return null;
  return {
    width: (size.width / crop.width) * 100,
    height: (size.height / crop.width) * 100,
    left: (-crop.x / crop.width) * 100,
    top: (-crop.y / crop.width) * 100,
  };
}
