import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { lightboxMachine } from '../../machines/lightbox/lightbox.machine';
import { Lightbox } from '../lightbox/Lightbox';
import { useInspection } from '../inspection';
import { css } from 'styled-system/css';
import type { ArtworkMediaRef } from '../../machines/artwork-media/artwork-media.machine';
import type { SelectionRef } from '../../machines/shared/selection.machine';
import {
  selectedAmong,
  selectIsBusy,
  selectIsConfirmingDelete,
  selectIsDeleting,
  selectIsSelecting,
  selectIsSettingPrimary,
  selectItems,
  selectMediaError,
  selectMediaView,
  selectPendingDelete,
  selectSelected,
  selectSelection,
  selectUploads,
} from '../../machines/artwork-media/artwork-media.selectors';
import { ARTWORK_MESSAGES } from '../../schemas/artwork.schema';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { MediaCard } from './MediaCard';
import { MediaUploads } from './MediaUploads';

// At least two cards side by side on a phone, as many as fit on a laptop.
const grid = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(180px, calc(50% - 0.5rem)), 1fr))',
  gap: '4',
  listStyle: 'none',
});
const toolbar = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });

/** 'Select Multiple' / 'Exit Selection Mode', then 'Select All' / 'Deselect All' and 'Delete Selected (n)'. */
function SelectionToolbar({
  selection,
  media,
  mediaIds,
  busy,
}: {
  selection: SelectionRef;
  media: ArtworkMediaRef;
  mediaIds: string[];
  busy: boolean;
}) {
  const selecting = useSelector(selection, selectIsSelecting);
  const selected = useSelector(selection, (s) => selectedAmong(s, mediaIds));
  const allSelected = mediaIds.length > 0 && selected.length === mediaIds.length;
  if (!selecting) {
    return (
      <div className={toolbar} role="toolbar" aria-label="Media selection">
        <Button variant="outline" size="sm" disabled={mediaIds.length === 0} onClick={() => selection.send({ type: 'selection.enter' })}>
          Select Multiple
        </Button>
      </div>
    );
  }
  return (
    <div className={toolbar} role="toolbar" aria-label="Media selection" data-state="selecting">
      <Button variant="outline" size="sm" onClick={() => selection.send({ type: 'selection.exit' })}>
        Exit Selection Mode
      </Button>
      {allSelected ? (
        <Button variant="outline" size="sm" onClick={() => selection.send({ type: 'selection.deselectAll' })}>
          Deselect All
        </Button>
      ) : (
        <Button variant="outline" size="sm" onClick={() => selection.send({ type: 'selection.selectAll', ids: mediaIds })}>
          Select All
        </Button>
      )}
      <Button
        variant="danger"
        size="sm"
        disabled={selected.length === 0 || busy}
        onClick={() => media.send({ type: 'media.delete', mediaIds: selected })}
      >
        Delete Selected ({selected.length})
      </Button>
    </div>
  );
}

/** The Media tab of a saved artwork: uploads, the selection toolbar, the grid of media cards and the delete confirmation. */
export function MediaPanel({ media }: { media: ArtworkMediaRef }) {
  const view = useSelector(media, selectMediaView);
  const items = useSelector(media, selectItems);
  const error = useSelector(media, selectMediaError);
  const pendingDelete = useSelector(media, selectPendingDelete);
  const busy = useSelector(media, selectIsBusy);
  const settingPrimary = useSelector(media, selectIsSettingPrimary);
  const confirming = useSelector(media, selectIsConfirmingDelete);
  const deleting = useSelector(media, selectIsDeleting);
  const uploads = useSelector(media, selectUploads);
  const selection = useSelector(media, selectSelection);
  const selecting = useSelector(selection, selectIsSelecting);
  const selected = useSelector(selection, selectSelected);
  const mediaIds = items.map((i) => i.mediaId);
  // A picture clicked opens large, with the artwork's other pictures before and after it.
  const lightbox = useActorRef(lightboxMachine, useInspection());
  const images = useMemo(() => items.filter((i) => i.kind === 'image'), [items]);
  const openLarge = (mediaId: string) =>
    lightbox.send({ type: 'lightbox.open', index: images.findIndex((i) => i.mediaId === mediaId), count: images.length });

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })} data-view={view}>
      {uploads ? <MediaUploads uploads={uploads} /> : null}
      {selection ? <SelectionToolbar selection={selection} media={media} mediaIds={mediaIds} busy={busy} /> : null}
      {settingPrimary ? <Spinner label="Updating the primary image..." /> : null}
      {view === 'loading' ? <Spinner /> : null}
      {view === 'failed' ? (
        <Alert status="danger">
          {error}{' '}
          <Button variant="link" onClick={() => media.send({ type: 'media.retry' })}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {view === 'ready' && items.length === 0 ? (
        <p className={css({ color: 'fg.muted' })}>No media yet. Upload images, video or audio above.</p>
      ) : null}
      {items.length ? (
        <ul aria-label="Media files" className={grid}>
          {items.map((item) => (
            <MediaCard
              key={item.mediaId}
              item={item}
              selecting={selecting}
              selected={selected.includes(item.mediaId)}
              busy={busy}
              onToggle={() => selection?.send({ type: 'selection.toggle', id: item.mediaId })}
              onSetPrimary={() => media.send({ type: 'media.setPrimary', mediaId: item.mediaId })}
              onDelete={() => media.send({ type: 'media.delete', mediaIds: [item.mediaId] })}
              onView={() => openLarge(item.mediaId)}
            />
          ))}
        </ul>
      ) : null}
      <Lightbox lightbox={lightbox} images={images} title="" />
      <ConfirmDialog
        open={confirming || deleting}
        title={pendingDelete.length > 1 ? 'Delete media items' : 'Delete media'}
        message={pendingDelete.length > 1 ? ARTWORK_MESSAGES.confirmDeleteMany(pendingDelete.length) : ARTWORK_MESSAGES.confirmDeleteOne}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={() => media.send({ type: 'media.confirmDelete' })}
        onCancel={() => media.send({ type: 'media.cancelDelete' })}
      />
    </div>
  );
}
