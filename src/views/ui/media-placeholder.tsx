import { css } from 'styled-system/css';
import type { MediaType } from '../../schemas/media-type.schema';
import { AudioIcon, VideoIcon } from '../artwork-media/media-icons';

/** What a work with no picture shows in its picture's place, by its media type. */
export const MEDIA_PLACEHOLDER_TEXT: Record<MediaType, string> = {
  PHYSICAL_2D: 'No picture yet',
  PHYSICAL_3D: 'No picture yet',
  DIGITAL_2D: 'No picture yet',
  DIGITAL_3D: 'No picture yet',
  // A video or a recording has no picture of its own: the box says what the work is.
  VIDEO: 'Video',
  AUDIO: 'Audio',
};

const box = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1.5',
  w: 'full',
  h: 'full',
  color: 'fg.muted',
  fontSize: 'xs',
  textAlign: 'center',
  p: '1',
});

function PictureIcon({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} aria-hidden="true">
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="1.75" />
      <path d="m4 18 5-5 4 4 3-3 4 4" />
    </svg>
  );
}

/**
 * The place of a work's picture when it has none: the media type's own sign and words (a film for a video, a note for
 * audio, a frame for the others). 'Image not available' stays for a picture that exists but cannot be loaded.
 */
export function MediaPlaceholder({ mediaType, compact = false }: { mediaType: MediaType; compact?: boolean }) {
  const Icon = mediaType === 'VIDEO' ? VideoIcon : mediaType === 'AUDIO' ? AudioIcon : PictureIcon;
  const text = MEDIA_PLACEHOLDER_TEXT[mediaType];
  // A row's thumbnail is too small for words: the sign alone, its words on hover (the row's title says the rest).
  return (
    <span className={box} data-placeholder={mediaType} title={compact ? text : undefined}>
      <Icon size={compact ? 20 : 28} />
      {compact ? null : <span>{text}</span>}
    </span>
  );
}
