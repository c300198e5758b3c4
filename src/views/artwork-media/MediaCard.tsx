import { Portal } from '@ark-ui/react/portal';
import { format } from 'date-fns';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes/badge';
import { formatFileSize, type MediaItem } from '../../schemas/media.schema';
import { Checkbox } from '../ui/checkbox';
import { FallbackImage } from '../ui/fallback-image';
import { Menu } from '../ui/menu';
import { AudioIcon, MoreIcon, VideoIcon } from './media-icons';

const cardClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '3',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'lg',
  '&[data-selected]': { borderColor: 'accent.default', boxShadow: '0 0 0 2px token(colors.accent.default)' },
});
const frame = css({ position: 'relative', aspectRatio: 'square', w: 'full', borderRadius: 'md', overflow: 'hidden', bg: 'bg.subtle' });
const fill = css({ w: 'full', h: 'full', objectFit: 'cover' });
const kindBox = css({
  w: 'full',
  h: 'full',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  color: 'fg.muted',
  p: '2',
});
const triggerClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '8',
  h: '8',
  borderRadius: 'md',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' },
});

const viewButton = css({
  display: 'block',
  w: 'full',
  h: 'full',
  cursor: 'zoom-in',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '-3px' },
});

function Preview({ item, onView }: { item: MediaItem; onView?: () => void }) {
  if (item.kind === 'image') {
    const image = <FallbackImage src={item.urls.smCrop ?? item.urls.sm} alt={item.fileName} className={fill} width={400} height={400} />;
    // Out of the selection mode, a picture opens large.
    return onView ? (
      <button type="button" className={viewButton} onClick={onView} aria-label={`View ${item.fileName} large`}>
        {image}
      </button>
    ) : (
      image
    );
  }
  // The artist's own upload, previewed for them: the product holds no captions for it to offer.
  if (item.kind === 'video')
    // eslint-disable-next-line jsx-a11y/media-has-caption
    return <video src={item.urls.original} controls preload="metadata" aria-label={item.fileName} className={fill} />;
  return (
    <div className={kindBox}>
      <AudioIcon size={40} />
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- as the video above: no captions exist to offer */}
      <audio src={item.urls.original} controls preload="none" aria-label={item.fileName} className={css({ w: 'full' })} />
    </div>
  );
}

export interface MediaCardProps {
  item: MediaItem;
  /** In selection mode the card shows a checkbox instead of its menu. */
  selecting: boolean;
  selected: boolean;
  busy: boolean;
  onToggle: () => void;
  onSetPrimary: () => void;
  onDelete: () => void;
  /** Shows the picture large (images only). */
  onView?: () => void;
}

/** One media file: its picture (or player), 'Primary' badge, name, date, size, and its actions. */
export function MediaCard({ item, selecting, selected, busy, onToggle, onSetPrimary, onDelete, onView }: MediaCardProps) {
  // Only an image can be the artwork's primary.
  const canBePrimary = item.kind === 'image' && !item.isPrimary;
  return (
    <li
      className={cardClass}
      aria-label={item.fileName}
      data-primary={item.isPrimary || undefined}
      data-selected={(selecting && selected) || undefined}
    >
      <div className={frame}>
        <Preview item={item} onView={selecting ? undefined : onView} />
        {item.kind === 'video' ? (
          <span
            className={css({
              position: 'absolute',
              top: '2',
              left: '2',
              color: 'onImage',
              pointerEvents: 'none',
              filter: 'drop-shadow(0 1px 2px rgba(0, 0, 0, 0.6))',
            })}
          >
            <VideoIcon size={20} />
          </span>
        ) : null}
        {item.isPrimary ? (
          <span className={`${badge({ tone: 'success' })} ${css({ position: 'absolute', top: '2', right: '2' })}`}>Primary</span>
        ) : null}
      </div>
      <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '2' })}>
        <div className={css({ flex: '1', minW: '0' })}>
          <p
            className={css({ fontWeight: 'semibold', fontSize: 'sm', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}
            title={item.fileName}
          >
            {item.fileName}
          </p>
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
            <time dateTime={item.dateCreated}>{format(new Date(item.dateCreated), 'MMM d, yyyy')}</time>
            {' · '}
            <span>{formatFileSize(item.fileSizeInBytes)}</span>
          </p>
        </div>
        {selecting ? (
          <Checkbox label={`Select ${item.fileName}`} checked={selected} onCheckedChange={onToggle} />
        ) : (
          <Menu.Root onSelect={(d) => (d.value === 'primary' ? onSetPrimary() : onDelete())}>
            <Menu.Trigger className={triggerClass} aria-label={`Actions for ${item.fileName}`} disabled={busy}>
              <MoreIcon />
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content>
                  {canBePrimary ? <Menu.Item value="primary">Set as Primary</Menu.Item> : null}
                  <Menu.Item value="delete">Delete</Menu.Item>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        )}
      </div>
    </li>
  );
}
