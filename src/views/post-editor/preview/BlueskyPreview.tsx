import { css } from 'styled-system/css';
import { fileNameOf, isImageFile, isVideoFile, type PostFile } from '../../../machines/post-editor/post-editor.files';
import { formatLocalTime } from '../schedule-time';
import { useObjectUrl } from '../use-object-url';
import type { NetworkPreviewProps } from './preview-types';
import { RichText } from './RichText';

const post = css({ display: 'grid', gridTemplateColumns: '2.5rem minmax(0, 1fr)', columnGap: '3', py: '3' });
const avatar = css({
  w: '10',
  h: '10',
  borderRadius: 'full',
  bg: 'accent.default',
  color: 'accent.fg',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 'bold',
});
const thread = css({ position: 'relative', '& > li + li::before': { content: '""' } });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });
const text = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: '1.45' });
const grid = css({ display: 'grid', gap: '1', mt: '2', borderRadius: 'l2', overflow: 'hidden' });
const picture = css({ position: 'relative', bg: 'bg.subtle', aspectRatio: '4 / 3' });
const badge = css({
  position: 'absolute',
  left: '1.5',
  bottom: '1.5',
  px: '1.5',
  borderRadius: 'sm',
  bg: 'rgba(0,0,0,0.7)',
  color: 'white',
  fontSize: 'xs',
  fontWeight: 'bold',
});
const noAlt = css({ bg: 'danger', color: 'white' });
const card = css({ mt: '2', borderWidth: '1px', borderColor: 'border', borderRadius: 'l2', overflow: 'hidden' });

/** Bluesky shows up to four images: one whole, two side by side, three or four in a grid. */
const columns = (n: number) => (n === 1 ? '1fr' : '1fr 1fr');

function Picture({ file }: { file: PostFile }) {
  const local = useObjectUrl(file.kind === 'local' ? file.file : null);
  const src = file.kind === 'local' ? local : file.media.url;
  return (
    <figure className={picture}>
      {src ? <img src={src} alt={file.altText} className={css({ w: 'full', h: 'full', objectFit: 'cover' })} /> : null}
      <figcaption className={file.altText ? badge : `${badge} ${noAlt}`} title={file.altText || undefined}>
        {file.altText ? 'ALT' : 'No alt text'}
      </figcaption>
    </figure>
  );
}

function Media({ files }: { files: PostFile[] }) {
  const images = files.filter(isImageFile).slice(0, 4);
  const video = files.find(isVideoFile);
  if (video)
    return (
      <div className={`${grid} ${picture}`} data-testid="preview-video">
        <p className={css({ p: '3', color: 'fg.muted', fontSize: 'sm' })}>
          Video: {fileNameOf(video)} {video.altText ? '· ALT' : '· No alt text'}
        </p>
      </div>
    );
  if (!images.length) return null;
  return (
    <div className={grid} style={{ gridTemplateColumns: columns(images.length) }}>
      {images.map((f) => (
        <Picture key={f.id} file={f} />
      ))}
    </div>
  );
}

/**
 * The post as Bluesky will show it: the account, the time, the text with its mentions, links and hashtags, then its
 * pictures with their alt text (or the link card when it has none); a thread as its posts, one under the other.
 * Files Bluesky does not take are named below.
 */
export function BlueskyPreview({ handle, texts, files, linkCard, when }: NetworkPreviewProps) {
  const name = handle ?? 'your.handle';
  const left = files.filter((f) => !isImageFile(f) && !isVideoFile(f));
  return (
    <article aria-label="Bluesky preview" className={css({ display: 'grid', gap: '1' })}>
      <ol className={thread}>
        {texts.map((t, i) => (
          <li key={i} className={post}>
            <span className={avatar} aria-hidden="true">
              {name[0].toUpperCase()}
            </span>
            <div className={css({ minW: 0 })}>
              <p className={css({ display: 'flex', flexWrap: 'wrap', gap: '1', alignItems: 'baseline' })}>
                <span className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>@{name}</span>
                <span className={muted}>· {when ? formatLocalTime(when) : 'now'}</span>
              </p>
              <p className={text} data-testid="preview-text">
                <RichText text={t} />
              </p>
              {/* Media and the card go with the first post of a thread, as the server sends them. */}
              {i === 0 ? <Media files={files} /> : null}
              {i === 0 && linkCard && !files.some((f) => isImageFile(f) || isVideoFile(f)) ? (
                <div className={card} data-testid="preview-card">
                  {linkCard.thumbUrl ? (
                    <img src={linkCard.thumbUrl} alt="" className={css({ w: 'full', aspectRatio: '1.91 / 1', objectFit: 'cover' })} />
                  ) : null}
                  <div className={css({ p: '3' })}>
                    <p className={muted}>{new URL(linkCard.uri).hostname}</p>
                    <p className={css({ fontWeight: 'semibold' })}>{linkCard.title}</p>
                    {linkCard.description ? <p className={`${muted} ${css({ lineClamp: 2 })}`}>{linkCard.description}</p> : null}
                  </div>
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {left.length ? <p className={muted}>Not sent to Bluesky: {left.map(fileNameOf).join(', ')}</p> : null}
    </article>
  );
}
