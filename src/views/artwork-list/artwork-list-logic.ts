import { fromPromise } from 'xstate';
import { listMachine } from '../../machines/list/list.machine';
import type { ArtworkListQuery, ArtworkPage } from '../../schemas/artwork.schema';
import type { ListPosition } from '../../schemas/list-address.schema';
import type { ListSettings } from '../../schemas/list.schema';
import { toArtworkQuery } from './artwork-list-config';

export interface ArtworkListDeps {
  /** artworksService.list: one page, paged, sorted and filtered by the server (cached 10 minutes). */
  list: (query: Partial<ArtworkListQuery>) => Promise<ArtworkPage>;
  saveSettings: (settings: ListSettings) => void;
  /** Where the list now stands, for the address; left out where no address is kept. */
  positionChanged?: (position: ListPosition) => void;
}

/** The generic list machine serving My Artworks. */
export const artworkListLogic = ({ list, saveSettings, positionChanged }: ArtworkListDeps) =>
  listMachine.provide({
    actors: { fetchPage: fromPromise(({ input }) => list(toArtworkQuery(input))) },
    actions: { settingsChanged: (_, settings) => saveSettings(settings), positionChanged: (_, position) => positionChanged?.(position) },
  });
