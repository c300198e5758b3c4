import { css } from 'styled-system/css';
import { fileNameOf, isImageFile, isVideoFile, type PostFile } from '../../../machines/post-editor/post-editor.files';
import { formatLocalTime } from '../schedule-time';
import { useObjectUrl } from '../use-object-url';
import type { NetworkPreviewProps } from './preview-types';
import { RichText } from './RichText';

const muted = css({ color: 'fg.muted', fontSize: 'sm' });
const text = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: '1.45' });
const head = css({ display: 'flex', gap: '2', alignItems: 'baseline', flexWrap: 'wrap', py: '3' });
// The work whole inside the network's frame (never cut): Instagram lays what does not fit on a mat.
const frame = css({
  position: 'relative',
  bg: 'white',
  aspectRatio: '4 / 5',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});
const counter = css({
  position: 'absolute',
  right: '2',
  top: '2',
  px: '2',
  borderRadius: 'full',
  bg: 'rgba(0,0,0,0.7)',
  color: 'white',
  fontSize: 'xs',
});

/** Instagram and Facebook take one text: a thread's parts go out as one. */
const oneText = (texts: string[]) => texts.join(' ');

function Picture({ file, className }: { file: PostFile; className?: string }) {
  const local = useObjectUrl(file.kind === 'local' ? file.file : null);
  const src = file.kind === 'local' ? local : file.media.url;
  return src ? (
    <img src={src} alt={file.altText} className={className ?? css({ maxW: 'full', maxH: 'full', objectFit: 'contain' })} />
  ) : null;
}

/**
 * The post as Instagram will show it: the first image of the carousel (with how many there are), whole, on its frame;
 * then the account and the caption. Without an image or a video there is nothing to post, and it says so.
 */
export function InstagramPreview({ handle, texts, files }: NetworkPreviewProps) {
  const name = handle ?? 'your.account';
  const images = files.filter(isImageFile);
  const video = files.find(isVideoFile);
  return (
    <article aria-label="Instagram preview" className={css({ display: 'grid', gap: '2', pb: '3' })}>
      <p className={head}>
        <span className={css({ fontWeight: 'semibold' })}>{name}</span>
      </p>
      {video ? (
        <p className={`${muted} ${css({ p: '3', bg: 'bg.subtle' })}`} data-testid="preview-video">
          Reel: {fileNameOf(video)}
        </p>
      ) : images.length ? (
        <figure className={frame}>
          <Picture file={images[0]} />
          {images.length > 1 ? <figcaption className={counter}>1/{images.length}</figcaption> : null}
        </figure>
      ) : (
        <p className={`${muted} ${css({ p: '3', bg: 'bg.subtle' })}`}>Add an image or a video: Instagram posts nothing without one.</p>
      )}
      <p className={text} data-testid="preview-text">
        <span className={css({ fontWeight: 'semibold' })}>{name}</span> <RichText text={oneText(texts)} />
      </p>
    </article>
  );
}

/**
 * The post as Facebook will show it on the Page: its name and time, the text, then its photos (four shown, the rest
 * counted) or, without them, the card of its first link.
 */
export function FacebookPreview({ handle, texts, files, linkCard, when }: NetworkPreviewProps) {
  const images = files.filter(isImageFile);
  const shown = images.slice(0, 4);
  return (
    <article aria-label="Facebook preview" className={css({ display: 'grid', gap: '2', pb: '3' })}>
      <p className={head}>
        <span className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{handle ?? 'Your Page'}</span>
        <span className={muted}>· {when ? formatLocalTime(when) : 'now'}</span>
      </p>
      <p className={text} data-testid="preview-text">
        <RichText text={oneText(texts)} />
      </p>
      {shown.length ? (
        <div className={css({ display: 'grid', gap: '1' })} style={{ gridTemplateColumns: shown.length === 1 ? '1fr' : '1fr 1fr' }}>
          {shown.map((f, i) => (
            <figure key={f.id} className={css({ position: 'relative', bg: 'bg.subtle', aspectRatio: shown.length === 1 ? 'auto' : '1' })}>
              <Picture file={f} className={css({ w: 'full', h: 'full', objectFit: 'cover' })} />
              {i === 3 && images.length > 4 ? <figcaption className={counter}>+{images.length - 4}</figcaption> : null}
            </figure>
          ))}
        </div>
      ) : linkCard ? (
        <div className={css({ borderWidth: '1px', borderColor: 'border', p: '3' })} data-testid="preview-card">
          <p className={muted}>{new URL(linkCard.uri).hostname}</p>
          <p className={css({ fontWeight: 'semibold' })}>{linkCard.title}</p>
        </div>
      ) : null}
    </article>
  );
}
