import { fromPromise } from 'xstate';
import { listMachine } from '../../../machines/list.machine';
import type { ArtworkListQuery, ArtworkPage } from '../../../schemas/artwork.schema';
import type { ListSettings } from '../../../schemas/list.schema';
import { toArtworkQuery } from './artwork-list-config';

export interface ArtworkListDeps {
  /** artworksService.list: one page, paged, sorted and filtered by the server (cached 10 minutes). */
  list: (query: Partial<ArtworkListQuery>) => Promise<ArtworkPage>;
  saveSettings: (settings: ListSettings) => void;
}

/** The generic list machine serving My Artworks. */
export const artworkListLogic = ({ list, saveSettings }: ArtworkListDeps) =>
  listMachine.provide({
    actors: { fetchPage: fromPromise(({ input }) => list(toArtworkQuery(input))) },
    actions: { settingsChanged: (_, settings) => saveSettings(settings) },
  });
