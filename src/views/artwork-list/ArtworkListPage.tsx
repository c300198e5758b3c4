import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ActorOptions } from 'xstate';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { artworkBulkMachine } from '../../machines/artwork-bulk/artwork-bulk.machine';
import type { artworkDropMachine } from '../../machines/artwork-drop/artwork-drop.machine';
import { selectSelection } from '../../machines/artwork-bulk/artwork-bulk.selectors';
import type { ListLogic } from '../../machines/list/list.machine';
import { selectItems } from '../../machines/list/list.selectors';
import { selectIsSelecting, selectSelected } from '../../machines/shared/selection.selectors';
import { ARTWORK_MESSAGES, type Artwork } from '../../schemas/artwork.schema';
import type { ListPosition } from '../../schemas/list-address.schema';
import type { ListSettings } from '../../schemas/list.schema';
import { DataList } from '../list/DataList';
import type { ListSelection } from '../list/list-types';
import { EmptyState } from '../ui/empty-state';
import { EaselArt } from '../ui/illustrations';
import {
  ARTWORK_COLUMNS,
  ARTWORK_FACETS,
  ARTWORK_SORT_OPTIONS,
  ArtworkTile,
  artworkHref,
  artworkListInput,
  selectLabel,
} from './artwork-list-config';
import type { PaperworkService } from '../../services/paperwork.service';
import { BulkBar } from '../artwork-bulk/BulkBar';
import { BulkConfirm, CollectionPick } from '../artwork-bulk/BulkDialogs';
import { ConsignDialog, ConsignedToast } from '../artwork-bulk/ConsignDialog';
import { CreateArtworkMenu } from './create-artwork-menu';
import { UndoToast } from '../artwork-bulk/UndoToast';
import { DropChoice, DropProgress, DropZone, dropAnywhere } from '../artwork-drop/ArtworkDrop';
import { useInspection } from '../inspection';

const artworkKey = (a: Artwork) => a.artworkId;
/** The button the empty message names. */
export const NEW_ARTWORK = 'New Artwork';
const ARTWORK_EMPTY_INVITATION = 'Drop pictures here to start from them, or choose what kind of work it is, then add its pictures.';

/** My Artworks' charts: the list, the bulk actions over the works chosen in it, and artworks started from files. */
export interface ArtworkListLogic {
  list: ListLogic;
  bulk: typeof artworkBulkMachine;
  drop: typeof artworkDropMachine;
}

/**
 * My Artworks: the Create Artwork menu and the artist's artworks in the generic list, paged by the server; files
 * dropped anywhere on it start artworks; the selection mode changes many at once, after one confirmation, with an undo.
 */
export function ArtworkListPage({
  logic,
  settings,
  position,
  clock,
  paperwork,
}: {
  logic: ArtworkListLogic;
  /** Where wall labels for chosen works download from. */
  paperwork?: Pick<PaperworkService, 'download'>;
  settings?: ListSettings;
  position?: ListPosition;
  /** The undo toast's clock; tests pass a SimulatedClock. */
  clock?: ActorOptions<typeof artworkBulkMachine>['clock'];
}) {
  const inspection = useInspection();
  const list = useActorRef(logic.list, { input: artworkListInput(settings, position), ...inspection });
  // An explicit `clock: undefined` would replace XState's own clock.
  const bulk = useActorRef(logic.bulk, clock ? { ...inspection, clock } : inspection);
  const drop = useActorRef(logic.drop, inspection);
  // A bulk change (or its undo), or a work started from a file, changed the works: the page is read again.
  useEffect(() => {
    const reload = () => list.send({ type: 'list.reload' });
    const subs = [bulk.on('artworks.changed', reload), drop.on('artworks.changed', reload)];
    return () => subs.forEach((sub) => sub.unsubscribe());
  }, [bulk, drop, list]);
  const items = useSelector(list, selectItems) as Artwork[];
  const selectionRef = useSelector(bulk, selectSelection);
  const selecting = useSelector(selectionRef, selectIsSelecting);
  const selected = useSelector(selectionRef, selectSelected);
  const pageIds = useMemo(() => items.map(artworkKey), [items]);
  const selection = useMemo<ListSelection<Artwork>>(
    () => ({ active: selecting, selected, toggle: (id) => selectionRef?.send({ type: 'selection.toggle', id }), label: selectLabel }),
    [selecting, selected, selectionRef],
  );
  return (
    <section
      aria-labelledby="artworks-title"
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      {...dropAnywhere(drop)}
    >
      <header className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4', flexWrap: 'wrap' })}>
        <h1 id="artworks-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          My Artworks
        </h1>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          {selecting ? null : <BulkBar bulk={bulk} pageIds={pageIds} paperwork={paperwork} />}
          <Link href="/portfolio/import" className={button({ variant: 'outline' })}>
            Import CSV
          </Link>
          <CreateArtworkMenu />
        </div>
      </header>
      {selecting ? <BulkBar bulk={bulk} pageIds={pageIds} paperwork={paperwork} /> : <DropZone drop={drop} />}
      <DropProgress drop={drop} />
      <DataList<Artwork>
        actor={list}
        label="Artworks"
        columns={ARTWORK_COLUMNS}
        renderTile={ArtworkTile}
        itemKey={artworkKey}
        itemHref={artworkHref}
        sortFields={ARTWORK_SORT_OPTIONS}
        facets={ARTWORK_FACETS}
        filterLabel="Search"
        filterPlaceholder="Title or medium"
        empty={
          <EmptyState
            art={EaselArt}
            message={ARTWORK_MESSAGES.empty}
            invitation={ARTWORK_EMPTY_INVITATION}
            action={<CreateArtworkMenu label={NEW_ARTWORK} />}
          />
        }
        showAspect
        selection={selection}
      />
      <BulkConfirm bulk={bulk} />
      <CollectionPick bulk={bulk} />
      <ConsignDialog bulk={bulk} />
      <UndoToast bulk={bulk} />
      <ConsignedToast bulk={bulk} />
      <DropChoice drop={drop} />
    </section>
  );
}
