import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SimulatedClock, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { artworkBulkMachine, UNDO_TOAST_MS } from '../../src/machines/artwork-bulk/artwork-bulk.machine';
import { artworkDropMachine } from '../../src/machines/artwork-drop/artwork-drop.machine';
import { provideList } from '../../src/machines/list/list.provide';
import type { Notice } from '../../src/machines/toasts/notice';
import type { ArtworkBatch, BatchResult } from '../../src/schemas/artwork-batch.schema';
import type { ArtworkPage } from '../../src/schemas/artwork.schema';
import type { CollectionSummary } from '../../src/schemas/collection.schema';
import { ServiceError } from '../../src/services/api-error';
import { ArtworkListPage } from '../../src/views/artwork-list/ArtworkListPage';
import { artworkRow } from '../support/artwork-row';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof artworkBulkMachine>;
type Event = ModelEvent<typeof artworkBulkMachine>;

const HARBOUR = artworkRow(1, { title: 'Harbour at dusk' });
const CEDAR = artworkRow(2, { title: 'Cedar' });
const IDS = [HARBOUR.artworkId, CEDAR.artworkId];
const TREES: CollectionSummary = {
  collectionId: '7d1c2f7e-2b0a-4c55-9a43-5f0e8a0c0b01',
  title: 'Trees',
  description: '',
  visibility: 'public',
  tags: [],
  artworkCount: 0,
  coverImageUrl: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const BATCH: BatchResult = { batchId: 'b1', action: 'delete', count: 2, undoUntil: '2026-11-29T10:00:00.000Z' };
const UNREACHABLE = new ServiceError('The server cannot be reached.');

/** What the bar, the dialogs and the toast can send in a state. */
function events(s: Snapshot): Event[] {
  const start: Event[] = [
    { type: 'bulk.request', ids: IDS, request: { action: 'delete' } },
    { type: 'bulk.pickCollection', ids: IDS },
  ];
  if (s.matches('idle')) return start;
  if (s.matches('confirming')) return [{ type: 'bulk.confirm' }, { type: 'bulk.cancel' }];
  if (s.matches({ picking: 'loading' }))
    return [
      { type: 'xstate.done.actor.loadCollections', output: [TREES] },
      { type: 'xstate.done.actor.loadCollections', output: [] },
      { type: 'xstate.error.actor.loadCollections', error: UNREACHABLE },
      { type: 'bulk.cancel' },
    ] as Event[];
  if (s.matches({ picking: 'ready' }))
    return [
      s.context.request ? { type: 'bulk.confirm' } : { type: 'bulk.chooseCollection', collectionId: TREES.collectionId },
      { type: 'bulk.cancel' },
    ];
  if (s.matches({ picking: 'empty' })) return [{ type: 'bulk.cancel' }];
  if (s.matches({ picking: 'failed' })) return [{ type: 'bulk.retry' }, { type: 'bulk.cancel' }];
  if (s.matches('applying'))
    return [
      { type: 'xstate.done.actor.applyBatch', output: BATCH },
      { type: 'xstate.error.actor.applyBatch', error: UNREACHABLE },
    ] as Event[];
  if (s.matches({ undoable: 'counting' }))
    return [
      { type: 'xstate.after.undoToast.artworkBulk.undoable.counting' },
      { type: 'bulk.hold' },
      { type: 'bulk.undo' },
      { type: 'bulk.dismiss' },
      ...start,
    ] as Event[];
  if (s.matches({ undoable: 'held' })) return [{ type: 'bulk.release' }, { type: 'bulk.undo' }];
  if (s.matches('undoing'))
    return [
      { type: 'xstate.done.actor.undoBatch', output: undefined },
      { type: 'xstate.error.actor.undoBatch', error: UNREACHABLE },
    ] as Event[];
  return [];
}

const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.request?.action ?? null, s.context.collections.length, s.context.done?.message ?? null]);
const model = createModel(artworkBulkMachine, { events, serializeState });
const paths = coveringPaths(model);

const bar = () => screen.getByRole('toolbar', { name: 'Selected artworks' });
const toast = () => screen.queryByRole('status', { name: 'Undo' });
const pickDialog = () => screen.getByRole('dialog', { name: 'Add to collection' });

const states = {
  idle: async () => {
    // The dialogs close (their exit runs its course).
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast()).toBeNull();
  },
  confirming: () => {
    const dialog = screen.getByRole('alertdialog', { name: 'Delete artworks' });
    expect(dialog).toHaveTextContent('Delete 2 artworks? Their media files go with them.');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  },
  'picking.loading': () => {
    expect(pickDialog()).toHaveTextContent('Which collection should the 2 artworks join?');
    expect(within(pickDialog()).queryByRole('radio')).toBeNull();
  },
  'picking.ready': (s: Snapshot) => {
    const radio = within(pickDialog()).getByRole('radio', { name: 'Trees' });
    expect((radio as HTMLInputElement).checked).toBe(s.context.request !== null);
    expect(within(pickDialog()).getByRole('button', { name: 'Add' })).toHaveProperty('disabled', s.context.request === null);
  },
  'picking.empty': () => {
    expect(pickDialog()).toHaveTextContent('You have no collections yet.');
    expect(within(pickDialog()).getByRole('link', { name: 'New Collection' })).toHaveAttribute('href', '/portfolio/collections/new');
  },
  'picking.failed': () => {
    expect(within(pickDialog()).getByRole('alert')).toHaveTextContent(UNREACHABLE.message);
  },
  applying: (s: Snapshot) => {
    if (s.context.request?.action === 'addToCollection')
      expect(within(pickDialog()).getByRole('button', { name: 'Adding...' })).toBeDisabled();
    else expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Saving...' })).toBeDisabled();
  },
  undoable: (s: Snapshot) => {
    expect(toast()).toHaveTextContent(s.context.done!.message);
    expect(within(toast()!).getByRole('button', { name: 'Undo' })).toBeEnabled();
    // The change left the selection mode.
    expect(screen.getByRole('button', { name: 'Select Multiple' })).toBeVisible();
  },
  undoing: () => {
    expect(within(toast()!).getByRole('button', { name: 'Undoing...' })).toBeDisabled();
  },
};

describe("My Artworks' bulk actions follow the chart", () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    const apply = controlledPromise<BatchResult, ArtworkBatch>('applyBatch');
    const undo = controlledPromise<void, { batchId: string }>('undoBatch');
    const load = controlledPromise<CollectionSummary[]>('loadCollections');
    const notices: Notice[] = [];
    // The page is read once as it opens, and again after each change and each undo.
    let reloads = -1;
    const page = async (): Promise<ArtworkPage> => {
      reloads += 1;
      return { items: [HARBOUR, CEDAR], total: 2, page: 1, pageSize: 12 };
    };
    const logic = {
      list: provideList({ fetchPage: page, saveSettings: () => {} }),
      bulk: artworkBulkMachine.provide({
        actors: { applyBatch: apply.logic, undoBatch: undo.logic, loadCollections: load.logic },
        actions: { notify: (_, n) => void notices.push(n) },
      }),
      drop: artworkDropMachine,
    };
    render(
      <Router hook={memoryLocation({ path: '/portfolio/artwork' }).hook}>
        <ArtworkListPage logic={logic} clock={clock} />
      </Router>,
    );
    await screen.findByRole('link', { name: /Cedar/ });

    /** Into the selection mode, with both works chosen, as the artist would. */
    const choose = async () => {
      const enter = screen.queryByRole('button', { name: 'Select Multiple' });
      if (enter) await user.click(enter);
      for (const title of ['Harbour at dusk', 'Cedar']) {
        const box = screen.getByRole('checkbox', { name: `Select ${title}` });
        if (!(box as HTMLInputElement).checked) await user.click(box);
      }
      expect(bar()).toHaveTextContent('2 selected');
    };
    const inDialog = () => screen.queryByRole('alertdialog') ?? pickDialog();

    await path.test({
      events: {
        'bulk.request': async () => {
          await choose();
          await user.click(within(bar()).getByRole('button', { name: 'Delete' }));
        },
        'bulk.pickCollection': async () => {
          await choose();
          await user.click(within(bar()).getByRole('button', { name: 'Add to collection' }));
        },
        'xstate.done.actor.loadCollections': ({ event }) =>
          act(() => load.resolve((event as unknown as { output: CollectionSummary[] }).output)),
        'xstate.error.actor.loadCollections': () => act(() => load.reject(UNREACHABLE)),
        'bulk.retry': () => user.click(within(pickDialog()).getByRole('button', { name: 'Try again' })),
        'bulk.chooseCollection': () => user.click(within(pickDialog()).getByRole('radio', { name: 'Trees' })),
        'bulk.confirm': () => user.click(within(inDialog()).getByRole('button', { name: /^(Delete|Add)$/ })),
        'bulk.cancel': () => user.click(within(inDialog()).getByRole('button', { name: 'Cancel' })),
        'xstate.done.actor.applyBatch': async () => {
          const asked = apply.calls.at(-1)!;
          expect(asked.artworkIds).toEqual(IDS);
          const before = reloads;
          await act(() => apply.resolve({ ...BATCH, action: asked.action }));
          await waitFor(() => expect(reloads).toBe(before + 1));
        },
        'xstate.error.actor.applyBatch': async () => {
          await act(() => apply.reject(UNREACHABLE));
          expect(notices.at(-1)).toEqual({ title: `The change was not made: ${UNREACHABLE.message}`, toastType: 'error' });
        },
        'xstate.after.undoToast.artworkBulk.undoable.counting': () => act(() => clock.increment(UNDO_TOAST_MS)),
        'bulk.hold': () => act(() => void fireEvent.pointerEnter(toast()!)),
        'bulk.release': () => act(() => void fireEvent.pointerLeave(toast()!)),
        'bulk.undo': () => user.click(within(toast()!).getByRole('button', { name: 'Undo' })),
        'bulk.dismiss': () => user.click(within(toast()!).getByRole('button', { name: 'Close' })),
        'xstate.done.actor.undoBatch': async () => {
          expect(undo.calls.at(-1)).toEqual({ batchId: BATCH.batchId });
          const before = reloads;
          await act(() => undo.resolve());
          await waitFor(() => expect(reloads).toBe(before + 1));
          await waitFor(() => expect(notices.at(-1)).toEqual({ title: 'Undone: everything is as it was.', toastType: 'success' }));
        },
        'xstate.error.actor.undoBatch': async () => {
          await act(() => undo.reject(UNREACHABLE));
          expect(notices.at(-1)).toEqual({ title: `Could not undo: ${UNREACHABLE.message}`, toastType: 'error' });
        },
      },
      states,
    });
  });

  it('covers every state and transition of the chart', () => {
    assertFullCoverage(artworkBulkMachine, paths, { stateTests: states, record: true });
  });
});
