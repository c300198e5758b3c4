import { useActorRef } from '@xstate/react';
import { css } from 'styled-system/css';
import type { ListLogic } from '../../machines/list/list.machine';
import { ARTWORK_MESSAGES, type Artwork } from '../../schemas/artwork.schema';
import type { ListPosition } from '../../schemas/list-address.schema';
import type { ListSettings } from '../../schemas/list.schema';
import { DataList } from '../list/DataList';
import { EmptyState } from '../ui/empty-state';
import { EaselArt } from '../ui/illustrations';
import { ARTWORK_COLUMNS, ARTWORK_FACETS, ARTWORK_SORT_OPTIONS, ArtworkTile, artworkHref, artworkListInput } from './artwork-list-config';
import { CreateArtworkMenu } from './create-artwork-menu';
import { useInspection } from '../inspection';

const artworkKey = (a: Artwork) => a.artworkId;
/** The button the empty message names. */
export const NEW_ARTWORK = 'New Artwork';
const ARTWORK_EMPTY_INVITATION = 'Choose what kind of work it is, then add its pictures and details.';

/** My Artworks: the Create Artwork menu and the artist's artworks in the generic list, paged by the server. */
export function ArtworkListPage({ logic, settings, position }: { logic: ListLogic; settings?: ListSettings; position?: ListPosition }) {
  const list = useActorRef(logic, { input: artworkListInput(settings, position), ...useInspection() });
  return (
    <section aria-labelledby="artworks-title" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <header className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4', flexWrap: 'wrap' })}>
        <h1 id="artworks-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          My Artworks
        </h1>
        <CreateArtworkMenu />
      </header>
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
      />
    </section>
  );
}
