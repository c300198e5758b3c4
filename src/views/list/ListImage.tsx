import { useState } from 'react';
import { css } from 'styled-system/css';
import { MESSAGES } from '../../schemas/messages';
import type { ListView } from './list-types';

const frame = css({ display: 'flex', alignItems: 'center', justifyContent: 'center', bg: 'bg.subtle', overflow: 'hidden', flexShrink: 0, w: 'full' });
const placeholder = css({ display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center', color: 'fg.muted', fontSize: 'xs', p: '1' });

/**
 * An item's picture in the image box of the current view: lazy-loaded with its size set (no layout shift), cropped
 * to the chosen aspect ('original' shows it whole), and 'Image not available' when there is none or it fails.
 */
export function ListImage({ src, view, alt = '' }: { src: string | null | undefined; view: ListView; alt?: string }) {
  // Which address failed to load: a local fact about this <img>, not part of the list's flow.
  const [failed, setFailed] = useState<string | null>(null);
  const { width, height } = view.image;
  const box = view.tiles ? { height } : { width, height };
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
          style={{ width, height, objectFit: view.aspect === 'original' ? 'contain' : 'cover' }}
        />
      ) : (
        <span className={placeholder} style={{ width, height }}>
          {MESSAGES.imageNotAvailable}
        </span>
      )}
    </div>
  );
}
