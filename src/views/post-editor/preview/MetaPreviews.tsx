import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { DEFAULT_MAT, MAT_COLOURS, MAT_LABELS, type FittedPreview, type MatChoice } from '../../../schemas/image-fit.schema';
import { Segments } from '../../ui/segment-group';
import { selectFittedImage } from '../../../machines/post-editor/post-editor.selectors';
import { fileNameOf, isImageFile, isVideoFile, type PostFile } from '../../../machines/post-editor/post-editor.files';
import { formatLocalTime } from '../schedule-time';
import { useObjectUrl } from '../use-object-url';
import type { ImageFits, NetworkPreviewProps } from './preview-types';
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

const carousel = css({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '100%',
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  listStyle: 'none',
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
});
const slide = css({ scrollSnapAlign: 'start', display: 'grid', gap: '2', alignContent: 'start' });
const MAT_SEGMENTS = MAT_COLOURS.map((value) => ({ value, label: MAT_LABELS[value] }));

/** Why an image goes on a mat: the side the mat is added to says whether the work is taller or wider than Instagram takes. */
const matReason = (f: FittedPreview) =>
  f.work.width < f.width
    ? 'Taller than Instagram takes (4:5): it goes whole on a mat, never cropped.'
    : 'Wider than Instagram takes (1.91:1): it goes whole on a mat, never cropped.';

/**
 * One image of the carousel as Instagram receives it: the fitted JPEG once read (the work whole on its mat), until
 * then the image itself on the frame. A work that needs a mat offers the choice of white, black or its edge's colour.
 */
function InstagramSlide({ file, index, count, fits }: { file: PostFile; index: number; count: number; fits: ImageFits }) {
  const mat = fits.mats[file.id] ?? DEFAULT_MAT;
  const shown = useSelector(fits.readings.find((r) => r.mediaId === file.id && r.mat === mat)?.ref, selectFittedImage);
  // Whether it needs a mat at all does not depend on the mat: the first reading of the image says, and stays.
  const first = useSelector(fits.readings.find((r) => r.mediaId === file.id)?.ref, selectFittedImage);
  const label = `Image ${index + 1} of ${count}`;
  return (
    <li className={slide} aria-label={label}>
      <figure className={shown ? css({ position: 'relative' }) : frame}>
        {shown ? (
          <img
            src={shown.url}
            width={shown.width}
            height={shown.height}
            alt={file.altText}
            data-testid="instagram-fitted"
            className={css({ display: 'block', w: 'full', h: 'auto' })}
          />
        ) : (
          <Picture file={file} />
        )}
        {count > 1 ? (
          <figcaption className={counter}>
            {index + 1}/{count}
          </figcaption>
        ) : null}
      </figure>
      {first?.matted ? (
        <div className={css({ display: 'grid', gap: '2' })}>
          <p className={muted}>{matReason(first)} The mat:</p>
          <Segments
            label={count > 1 ? `Mat for image ${index + 1}` : 'Mat'}
            hideLabel
            segments={MAT_SEGMENTS}
            value={mat}
            disabled={!fits.choose}
            onValueChange={(value) => fits.choose?.(file.id, value as MatChoice)}
          />
        </div>
      ) : null}
    </li>
  );
}

/**
 * The post as Instagram will show it: its images as a carousel, each as Instagram receives it (fitted whole on the mat
 * the artist picks when its ratio is outside Instagram's), then the account and the caption. Without an image or a
 * video there is nothing to post, and it says so.
 */
export function InstagramPreview({ handle, texts, files, fits }: NetworkPreviewProps) {
  const name = handle ?? 'your.account';
  const images = files.filter(isImageFile);
  const video = files.find(isVideoFile);
  const unsaved = images.some((f) => f.kind === 'local');
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
        <>
          {/* Focusable so that a keyboard can scroll from one image to the next. */}
          <ul className={carousel} aria-label="Images on Instagram" tabIndex={images.length > 1 ? 0 : undefined}>
            {images.map((f, i) => (
              <InstagramSlide key={f.id} file={f} index={i} count={images.length} fits={fits} />
            ))}
          </ul>
          {unsaved ? <p className={muted}>Images not saved yet show as Instagram receives them once the post is saved.</p> : null}
        </>
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
