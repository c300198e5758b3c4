import { lengthUnit, type Dimensions } from './artwork.schema';

const number = (n: number) => String(Number(n.toFixed(2)));

/** 125 -> '2:05', 3725 -> '1:02:05'. */
export function formatDuration(totalSeconds: number): string {
  const total = Math.round(totalSeconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The lengths with their unit, then the duration: height × width (× depth) as catalogues write objects
 * ('24 × 36 in', '12 × 8 × 4.5 in'), but width × height for flat pixel work, as screens are written
 * ('1920 × 1080 px, 2:05'); audio has its duration only ('3:25').
 */
export function formatDimensions(d: Dimensions): string {
  const order = d.mediaType === 'DIGITAL_2D' || d.mediaType === 'VIDEO' ? [d.width, d.height] : [d.height, d.width, d.depth];
  const lengths = order.filter((n): n is number => typeof n === 'number').map(number);
  const parts: string[] = [];
  if (lengths.length) parts.push(`${lengths.join(' × ')} ${lengthUnit(d.mediaType, d.measurementSystem ?? undefined)}`);
  if (typeof d.durationInSeconds === 'number') parts.push(formatDuration(d.durationInSeconds));
  return parts.join(', ');
}
