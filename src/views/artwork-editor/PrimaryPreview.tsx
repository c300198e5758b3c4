import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { ArtworkMediaRef } from '../../machines/artwork-media/artwork-media.machine';
import { selectIsLoading, selectPrimary } from '../../machines/artwork-media/artwork-media.selectors';
import { ARTWORK_MESSAGES } from '../../schemas/artwork.schema';
import { FallbackImage } from '../ui/fallback-image';
import { Spinner } from '../ui/spinner';

/** Requirements §2: a 400 x 400 preview. */
const box = css({
  w: 'full',
  maxW: '400px',
  aspectRatio: 'square',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'lg',
  overflow: 'hidden',
  bg: 'bg.subtle',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: 'fg.muted',
  textAlign: 'center',
  p: '0',
});
const fill = css({ w: 'full', h: 'full', objectFit: 'contain' });

function Frame({ children, state }: { children: ReactNode; state: string }) {
  return (
    <figure aria-label="Primary image" className={box} data-state={state}>
      {children}
    </figure>
  );
}

function SavedPreview({ media, title }: { media: ArtworkMediaRef; title: string }) {
  const loading = useSelector(media, selectIsLoading);
  const primary = useSelector(media, selectPrimary);
  if (primary) {
    return (
      <Frame state="image">
        <FallbackImage
          src={primary.urls.preview ?? primary.urls.sm}
          alt={title ? `Primary image of ${title}` : 'Primary image'}
          className={fill}
          width={400}
          height={400}
        />
      </Frame>
    );
  }
  if (loading) {
    return (
      <Frame state="loading">
        <Spinner />
      </Frame>
    );
  }
  return (
    <Frame state="none">
      <p>{ARTWORK_MESSAGES.noPrimary}</p>
    </Frame>
  );
}

/** The primary image of the artwork; a new artwork has none until it is saved. */
export function PrimaryPreview({ media, title }: { media: ArtworkMediaRef | undefined; title: string }) {
  if (!media) {
    return (
      <Frame state="new">
        <p>{ARTWORK_MESSAGES.saveToAddImages}</p>
      </Frame>
    );
  }
  return <SavedPreview media={media} title={title} />;
}
