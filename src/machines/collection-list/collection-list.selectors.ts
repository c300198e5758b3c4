import type { SnapshotFrom } from 'xstate';
import type { collectionListMachine } from './collection-list.machine';

type Snapshot = SnapshotFrom<typeof collectionListMachine>;

export type CollectionListView = 'loading' | 'empty' | 'loaded' | 'failed';
const VIEWS: CollectionListView[] = ['empty', 'loaded', 'failed'];

export const selectView = (s: Snapshot): CollectionListView => VIEWS.find((v) => s.matches(v)) ?? 'loading';
export const selectCollections = (s: Snapshot) => s.context.collections;
export const selectError = (s: Snapshot) => s.context.error;
