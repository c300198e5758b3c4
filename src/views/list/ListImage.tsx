import { useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { MESSAGES } from '../../schemas/messages';
import type { ListView } from './list-types';
import { isWallOfPrints } from './list-view';

const frame = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  bg: 'bg.subtle',
  overflow: 'hidden',
  flexShrink: 0,
  w: 'full',
  '&[data-aspect=original]': { bg: 'transparent' },
});
const unavailable = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  color: 'fg.muted',
  fontSize: 'xs',
  p: '1',
});

/** Inside the box: a crop fills it; 'original' shows the uncropped picture whole in its own shape, as large as fits. */
const fit = (aspect: ListView['aspect'], { height }: ListView['image']) =>
  aspect === 'original'
    ? { width: 'auto', height: 'auto', maxWidth: '100%', maxHeight: height, objectFit: 'contain' as const }
    : { width: '100%', height, objectFit: 'cover' as const };
/** A tile in its own shape, its size known: the box takes the picture's proportions before it loads (no shift). */
const ownShape = { width: '100%', height: '100%', objectFit: 'contain' as const };

/**
 * An item's picture in the image box of the current view: lazy-loaded with its size set (no layout shift), cropped
 * to fill the chosen aspect ('original' shows it whole: give it the uncropped address); with no address, the
 * placeholder given (else 'Image not available'), and 'Image not available' when it fails to load.
 */
export function ListImage({
  src,
  view,
  alt = '',
  placeholder,
  size,
}: {
  src: string | null | undefined;
  view: ListView;
  alt?: string;
  /** Shown when the item has no picture at all (its media type's own); a picture that fails to load says 'Image not available'. */
  placeholder?: ReactNode;
  /** The picture's own pixel size: with the 'original' aspect, a tile then takes its shape (the masonry wall). */
  size?: { width: number; height: number } | null;
}) {
  // Which address failed to load: a local fact about this <img>, not part of the list's flow.
  const [failed, setFailed] = useState<string | null>(null);
  const { width, height } = view.image;
  const shaped = isWallOfPrints(view) && size && src ? size : null;
  const box = shaped ? { aspectRatio: `${shaped.width} / ${shaped.height}` } : view.tiles ? { height } : { width, height };
  return (
    <div className={frame} style={box} data-aspect={view.aspect}>
      {src && failed !== src ? (
        <img
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(src)}
          style={shaped ? ownShape : fit(view.aspect, view.image)}
        />
      ) : (
        <span className={unavailable} style={{ width, height }}>
          {!src && placeholder ? placeholder : MESSAGES.imageNotAvailable}
        </span>
      )}
    </div>
  );
}
