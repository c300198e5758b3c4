import { Portal } from '@ark-ui/react/portal';
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { ArtworkBulkRef } from '../../machines/artwork-bulk/artwork-bulk.machine';
import { selectIsBusy, selectSelection } from '../../machines/artwork-bulk/artwork-bulk.selectors';
import { selectIsSelecting, selectSelected } from '../../machines/shared/selection.selectors';
import { SALE_STATUS_LABELS } from '../../schemas/artwork.schema';
import { BATCH_SALE_STATUSES, type BatchSaleStatus } from '../../schemas/artwork-batch.schema';
import { LABELS_MAX } from '../../schemas/paperwork.schema';
import type { PaperworkService } from '../../services/paperwork.service';
import { PaperworkDownload } from '../paperwork/PaperworkDownload';
import { Button } from '../ui/button';
import { ChevronDownIcon } from '../ui/icons';
import { Menu } from '../ui/menu';

export const BULK_TEXT = {
  select: 'Select Multiple',
  exit: 'Exit Selection Mode',
  selectAll: 'Select All',
  deselectAll: 'Deselect All',
  selected: (n: number) => `${n} selected`,
  addToCollection: 'Add to collection',
  consign: 'Consign...',
  saleStatus: 'Sale status',
  hide: 'Hide from site',
  show: 'Show on site',
  delete: 'Delete',
  labels: 'Wall labels (PDF)',
} as const;

const bar = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '2',
  p: '2',
  borderWidth: '1px',
  borderColor: 'accent.default',
  borderRadius: 'lg',
  bg: 'accent.subtle',
});

/**
 * The selection mode of My Artworks: enter it, choose artworks (all of this page at once), then one of the bulk
 * actions for the chosen ones. `pageIds` are the artworks shown.
 */
export function BulkBar({
  bulk,
  pageIds,
  paperwork,
}: {
  bulk: ArtworkBulkRef;
  pageIds: string[];
  /** Where wall labels for the chosen works download from; without it, no labels button. */
  paperwork?: Pick<PaperworkService, 'download'>;
}) {
  const selection = useSelector(bulk, selectSelection);
  const selecting = useSelector(selection, selectIsSelecting);
  const selected = useSelector(selection, selectSelected);
  const busy = useSelector(bulk, selectIsBusy);
  if (!selection) return null;
  if (!selecting) {
    return (
      <Button variant="outline" disabled={pageIds.length === 0} onClick={() => selection.send({ type: 'selection.enter' })}>
        {BULK_TEXT.select}
      </Button>
    );
  }
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const none = selected.length === 0 || busy;
  const ids = [...selected];
  return (
    <div role="toolbar" aria-label="Selected artworks" className={bar} data-state="selecting">
      <Button size="sm" variant="outline" onClick={() => selection.send({ type: 'selection.exit' })}>
        {BULK_TEXT.exit}
      </Button>
      {allOnPage ? (
        <Button size="sm" variant="outline" onClick={() => selection.send({ type: 'selection.deselectAll' })}>
          {BULK_TEXT.deselectAll}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          onClick={() => selection.send({ type: 'selection.selectAll', ids: [...new Set([...selected, ...pageIds])] })}
        >
          {BULK_TEXT.selectAll}
        </Button>
      )}
      <span className={css({ fontWeight: 'semibold', fontSize: 'sm', px: '1' })} aria-live="polite">
        {BULK_TEXT.selected(selected.length)}
      </span>
      <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', ms: { md: 'auto' } })}>
        <Button size="sm" variant="outline" disabled={none} onClick={() => bulk.send({ type: 'bulk.pickCollection', ids })}>
          {BULK_TEXT.addToCollection}
        </Button>
        <Button size="sm" variant="outline" disabled={none} onClick={() => bulk.send({ type: 'bulk.consign', ids })}>
          {BULK_TEXT.consign}
        </Button>
        <Menu.Root
          positioning={{ placement: 'bottom-start' }}
          lazyMount
          onSelect={(d) =>
            bulk.send({ type: 'bulk.request', ids, request: { action: 'saleStatus', saleStatus: d.value as BatchSaleStatus } })
          }
        >
          <Menu.Trigger className={button({ variant: 'outline', size: 'sm' })} disabled={none}>
            {BULK_TEXT.saleStatus}
            <ChevronDownIcon />
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {BATCH_SALE_STATUSES.map((status) => (
                  <Menu.Item key={status} value={status}>
                    {SALE_STATUS_LABELS[status]}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
        <Button
          size="sm"
          variant="outline"
          disabled={none}
          onClick={() => bulk.send({ type: 'bulk.request', ids, request: { action: 'showOnSite', showOnSite: false } })}
        >
          {BULK_TEXT.hide}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={none}
          onClick={() => bulk.send({ type: 'bulk.request', ids, request: { action: 'showOnSite', showOnSite: true } })}
        >
          {BULK_TEXT.show}
        </Button>
        {paperwork ? (
          <PaperworkDownload
            paperwork={paperwork}
            path={`/paperwork/labels.pdf?artworkIds=${ids.join(',')}`}
            fileName="wall-labels.pdf"
            label={BULK_TEXT.labels}
            disabled={none || ids.length > LABELS_MAX}
          />
        ) : null}
        <Button
          size="sm"
          variant="danger"
          disabled={none}
          onClick={() => bulk.send({ type: 'bulk.request', ids, request: { action: 'delete' } })}
        >
          {BULK_TEXT.delete}
        </Button>
      </span>
    </div>
  );
}
