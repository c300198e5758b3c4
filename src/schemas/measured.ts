import type { Dimensions } from './artwork.schema';
import type { MediaItem } from './media.schema';
import type { MediaType } from './media-type.schema';

export type Measured = Partial<Pick<Dimensions, 'height' | 'width' | 'durationInSeconds'>>;

/** What the rule reads of each file, oldest first. */
export type MeasuredFile = Pick<MediaItem, 'isPrimary' | 'kind' | 'width' | 'height' | 'durationMs'>;

const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

/**
 * What the work's own file says of the dimensions read from it, from its media list, the rule the server stores them
 * by (server/media/measure.ts) and the editor shows them by: a digital picture's primary image, a video's first video, a
 * sound's first audio file. Null when it has none yet.
 */
export function measuredFromMedia(type: MediaType, items: readonly MeasuredFile[]): Measured | null {
  switch (type) {
    case 'DIGITAL_2D': {
      const image = items.find((i) => i.isPrimary);
      return image?.width && image.height ? { width: image.width, height: image.height } : null;
    }
    case 'VIDEO': {
      const video = items.find((i) => i.kind === 'video' && i.width);
      if (!video?.width || !video.height) return null;
      return { width: video.width, height: video.height, ...(video.durationMs ? { durationInSeconds: seconds(video.durationMs) } : {}) };
    }
    case 'AUDIO': {
      const audio = items.find((i) => i.kind === 'audio' && i.durationMs);
      return audio?.durationMs ? { durationInSeconds: seconds(audio.durationMs) } : null;
    }
    default:
      return null;
  }
}
