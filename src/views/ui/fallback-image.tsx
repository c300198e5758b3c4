import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { MESSAGES } from '../../schemas/messages';

const placeholder = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  bg: 'bg.subtle',
  color: 'fg.muted',
  fontSize: 'sm',
  textAlign: 'center',
  p: '2',
});

export interface FallbackImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  width?: number;
  height?: number;
}

/** An image, or the 'Image not available' placeholder when it has no address or cannot be loaded. */
export function FallbackImage({ src, alt, className, width, height }: FallbackImageProps) {
  // Which address failed: a new address gets a new chance.
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <div role="img" aria-label={`${alt}: ${MESSAGES.imageNotAvailable}`} className={cx(placeholder, className)} data-state="unavailable">
        <span aria-hidden="true">{MESSAGES.imageNotAvailable}</span>
      </div>
    );
  }
  return <img src={src} alt={alt} width={width} height={height} className={className} loading="lazy" onError={() => setFailed(src)} />;
}
