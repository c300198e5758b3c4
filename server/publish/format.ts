export { formatDimensions, formatDuration } from '../../src/schemas/dimensions-format';

/** The size an image gets when it is fit inside a box of `max` pixels and never enlarged (as sharp computes it). */
export function fitInside(width: number, height: number, max: number) {
  const scale = Math.min(1, max / width, max / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
