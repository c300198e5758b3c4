import { fromPromise } from 'xstate';
import type { ListPosition } from '../../schemas/list-address.schema';
import type { ListSettings } from '../../schemas/list.schema';
import { listMachine } from './list.machine';
import type { ListPage, ListQuery } from './list.types';

export interface ListDeps {
  /** One page of the list as the chart asks for it (the list's own service turns the query into its request). */
  fetchPage: (query: ListQuery) => Promise<ListPage>;
  saveSettings: (settings: ListSettings) => void;
  /** Where the list now stands, for the address; left out where no address is kept. */
  positionChanged?: (position: ListPosition) => void;
}

/** The generic list chart with a list's I/O (My Artworks reads artworks through it). */
export const provideList = ({ fetchPage, saveSettings, positionChanged }: ListDeps) =>
  listMachine.provide({
    actors: { fetchPage: fromPromise(({ input }) => fetchPage(input)) },
    actions: { settingsChanged: (_, settings) => saveSettings(settings), positionChanged: (_, position) => positionChanged?.(position) },
  });
