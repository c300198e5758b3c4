import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { collectionListMachine } from '../../src/machines/collection-list/collection-list.machine';
import { provideCollectionList } from '../../src/machines/collection-list/collection-list.provide';
import { COLLECTION_MESSAGES, type CollectionSummary } from '../../src/schemas/collection.schema';
import { ServiceError } from '../../src/services/api-error';
import { COLLECTION_LIST_TEXT, CollectionListPage } from '../../src/views/collection-list/CollectionListPage';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof collectionListMachine>;
type Event = ModelEvent<typeof collectionListMachine>;

const TREES: CollectionSummary = {
  collectionId: '7d1c2f7e-2b0a-4c55-9a43-5f0e8a0c0b01',
  title: 'Trees',
  description: '',
  visibility: 'unlisted',
  tags: [],
  artworkCount: 3,
  coverImageUrl: '/img/birch',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const UNREACHABLE = new ServiceError('The server cannot be reached.');

const model = createModel(collectionListMachine, {
  events: [
    { type: 'xstate.done.actor.loadCollections', output: [TREES] },
    { type: 'xstate.done.actor.loadCollections', output: [] },
    { type: 'xstate.error.actor.loadCollections', error: UNREACHABLE },
    { type: 'collections.retry' },
  ] as Event[],
  serializeState: (s) => JSON.stringify([s.value, s.context.collections.length, s.context.error]),
});
const paths = coveringPaths(model);

const newCollection = () => screen.getByRole('link', { name: COLLECTION_LIST_TEXT.newCollection });

const states = {
  loading: () => {
    expect(screen.getByRole('status')).toHaveTextContent(COLLECTION_LIST_TEXT.loading);
    expect(screen.queryByRole('list')).toBeNull();
  },
  empty: () => {
    expect(screen.getByRole('status')).toHaveTextContent(COLLECTION_MESSAGES.empty);
    expect(newCollection()).toHaveAttribute('href', '/portfolio/collections/new');
  },
  loaded: () => {
    const tiles = within(screen.getByRole('list', { name: 'Collections' })).getAllByRole('link');
    expect(tiles.map((t) => [t.getAttribute('href'), t.textContent])).toEqual([
      [`/portfolio/collections/${TREES.collectionId}`, 'Trees3 artworksUnlisted'],
    ]);
    expect(newCollection()).toHaveAttribute('href', '/portfolio/collections/new');
  },
  failed: (s: Snapshot) => {
    expect(screen.getByRole('alert')).toHaveTextContent(s.context.error!);
    expect(s.context.error).toBe(UNREACHABLE.message);
  },
};

describe('All Collections: the view follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const load = controlledPromise<CollectionSummary[]>('loadCollections');
    const { hook } = memoryLocation({ path: '/portfolio/collections' });
    render(
      <Router hook={hook}>
        <CollectionListPage logic={provideCollectionList({ loadCollections: load.logic })} />
      </Router>,
    );
    await path.test({
      events: {
        'xstate.done.actor.loadCollections': ({ event }) =>
          act(() => load.resolve((event as unknown as { output: CollectionSummary[] }).output)),
        'xstate.error.actor.loadCollections': () => act(() => load.reject(UNREACHABLE)),
        'collections.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
      },
      states,
    });
  });

  it('covers every state and transition of the chart', () => {
    assertFullCoverage(collectionListMachine, paths, { stateTests: states, record: true });
  });
});
