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
import type { Consignment, ConsignmentInput } from '../../src/schemas/consignment.schema';
import type { Contact, ContactInput } from '../../src/schemas/contact.schema';
import { localDay } from '../../src/machines/consignments/consign-terms';
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
const NORD: Contact = {
  contactId: '5b2e8c1a-7f3d-4e21-9c0b-2a6d4e8f1c03',
  name: 'Galerie Nord',
  email: '',
  phone: '',
  address: '',
  kind: 'gallery',
  notes: '',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const CONSIGNMENT: Consignment = {
  consignmentId: '9a4f2b6c-1d3e-4f50-8a7b-6c5d4e3f2a01',
  gallery: { contactId: NORD.contactId, name: NORD.name },
  commissionPercent: 40,
  startsOn: localDay(),
  endsOn: localDay(90),
  terms: '',
  open: 2,
  overdue: false,
  items: IDS.map((artworkId, i) => ({
    artworkId,
    pieceId: `p${i}`,
    title: '',
    copy: null,
    state: 'atGallery' as const,
    returnedOn: null,
    saleId: null,
    imageUrl: null,
  })),
  createdAt: '2026-11-29T10:00:00.000Z',
};
/** The server refuses: a chosen work was sold (409), or a field is wrong (400). */
const SOLD = new ServiceError("'Cedar': It is sold", 409, 'NOT_ALLOWED_NOW');
const BAD_END = new ServiceError('Please correct the highlighted fields.', 400, 'VALIDATION_ERROR', {
  endsOn: ['End date must be on or after the start date'],
});
const NO_NAME = new ServiceError('Please correct the highlighted fields.', 400, 'VALIDATION_ERROR', { name: ['Name is required'] });

/** What the bar, the dialogs and the toast can send in a state. */
function events(s: Snapshot): Event[] {
  const start: Event[] = [
    { type: 'bulk.request', ids: IDS, request: { action: 'delete' } },
    { type: 'bulk.pickCollection', ids: IDS },
    { type: 'bulk.consign', ids: IDS },
  ];
  if (s.matches('idle')) return start;
  const draft = s.context.consign;
  if (s.matches({ consigning: 'loading' }))
    return [
      { type: 'xstate.done.actor.loadGalleries', output: [NORD] },
      { type: 'xstate.done.actor.loadGalleries', output: [] },
      { type: 'xstate.error.actor.loadGalleries', error: UNREACHABLE },
      { type: 'bulk.cancel' },
    ] as Event[];
  if (s.matches({ consigning: 'failed' })) return [{ type: 'bulk.retry' }, { type: 'bulk.cancel' }];
  if (s.matches({ consigning: 'noGallery' }))
    return [
      draft!.galleryName ? { type: 'consign.addGallery' } : { type: 'consign.change', field: 'galleryName', value: NORD.name },
      { type: 'bulk.cancel' },
    ];
  if (s.matches({ consigning: 'addingGallery' }))
    return [
      { type: 'xstate.done.actor.addGallery', output: NORD },
      { type: 'xstate.error.actor.addGallery', error: NO_NAME },
      { type: 'bulk.cancel' },
    ] as Event[];
  if (s.matches({ consigning: 'editing' }))
    return [
      draft!.terms.contactId
        ? draft!.terms.commissionPercent === '50'
          ? { type: 'consign.change', field: 'commissionPercent', value: '40' }
          : { type: 'bulk.confirm' }
        : { type: 'consign.change', field: 'contactId', value: NORD.contactId },
      { type: 'bulk.cancel' },
    ];
  if (s.matches({ consigning: 'sending' }))
    return [
      { type: 'xstate.done.actor.consign', output: CONSIGNMENT },
      ...(draft!.error
        ? []
        : [
            { type: 'xstate.error.actor.consign', error: SOLD },
            { type: 'xstate.error.actor.consign', error: BAD_END },
          ]),
      { type: 'bulk.cancel' },
    ] as Event[];
  if (s.matches({ consigned: 'counting' }))
    return [
      { type: 'xstate.after.undoToast.artworkBulk.consigned.counting' },
      { type: 'bulk.hold' },
      { type: 'bulk.dismiss' },
      ...start,
    ] as Event[];
  if (s.matches({ consigned: 'held' })) return [{ type: 'bulk.release' }];
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
  JSON.stringify([
    s.value,
    s.context.request?.action ?? null,
    s.context.collections.length,
    s.context.done?.message ?? null,
    s.context.consign && [
      s.context.consign.galleries.length,
      s.context.consign.galleryName,
      s.context.consign.terms.contactId,
      s.context.consign.terms.commissionPercent,
      s.context.consign.error,
      s.context.consign.fieldErrors,
    ],
    s.context.consigned,
  ]);
const model = createModel(artworkBulkMachine, { events, serializeState });
const paths = coveringPaths(model);

const bar = () => screen.getByRole('toolbar', { name: 'Selected artworks' });
const toast = () => screen.queryByRole('status', { name: 'Undo' });
const pickDialog = () => screen.getByRole('dialog', { name: 'Add to collection' });
const consignDialog = () => screen.getByRole('dialog', { name: 'Consign to a gallery' });
const consignedToast = () => screen.queryByRole('status', { name: 'Consigned' });

const states = {
  idle: async () => {
    // The dialogs close (their exit runs its course).
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast()).toBeNull();
    expect(consignedToast()).toBeNull();
  },
  'consigning.loading': () => {
    expect(consignDialog()).toHaveTextContent('2 works to leave with a gallery.');
    expect(within(consignDialog()).queryByRole('form')).toBeNull();
  },
  'consigning.failed': () => {
    expect(within(consignDialog()).getByRole('alert')).toHaveTextContent(UNREACHABLE.message);
  },
  'consigning.noGallery': (s: Snapshot) => {
    expect(consignDialog()).toHaveTextContent('You have no gallery among your contacts yet.');
    const name = within(consignDialog()).getByRole('textbox', { name: "Gallery's name" });
    expect(name).toHaveValue(s.context.consign!.galleryName);
    if (s.context.consign!.fieldErrors.galleryName) expect(consignDialog()).toHaveTextContent('Name is required');
    expect(within(consignDialog()).getByRole('button', { name: 'Add gallery' })).toBeEnabled();
  },
  'consigning.addingGallery': () => {
    expect(within(consignDialog()).getByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(within(consignDialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
  'consigning.editing': (s: Snapshot) => {
    const d = s.context.consign!;
    const form = within(consignDialog()).getByRole('form', { name: 'Consign to a gallery' });
    expect(within(form).getByRole('combobox', { name: 'Gallery' })).toHaveValue(d.terms.contactId);
    expect(within(form).getByLabelText('Starts on')).toHaveValue(localDay());
    expect(within(form).getByLabelText('Ends on')).toHaveValue(localDay(90));
    expect(within(form).getByRole('textbox', { name: 'Commission (%)' })).toHaveValue(d.terms.commissionPercent);
    expect(within(form).getByRole('button', { name: 'Consign' })).toBeEnabled();
    // A refusal keeps what was typed, with the server's reason above the form or its message under the field.
    if (d.error) expect(within(form).getByRole('alert')).toHaveTextContent(d.error);
    else expect(within(form).queryByRole('alert')).toBeNull();
    if (d.fieldErrors.endsOn) expect(form).toHaveTextContent(d.fieldErrors.endsOn);
  },
  'consigning.sending': () => {
    expect(within(consignDialog()).getByRole('button', { name: 'Consigning...' })).toBeDisabled();
    expect(within(consignDialog()).getByRole('textbox', { name: 'Commission (%)' })).toBeDisabled();
  },
  consigned: async (s: Snapshot) => {
    expect(consignedToast()).toHaveTextContent(`${s.context.consigned}. To undo, return them from Consignments.`);
    expect(within(consignedToast()!).getByRole('link', { name: 'See consignments' })).toHaveAttribute('href', '/portfolio/consignments');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The consignment left the selection mode.
    expect(screen.getByRole('button', { name: 'Select Multiple' })).toBeVisible();
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
    const galleries = controlledPromise<Contact[]>('loadGalleries');
    const addGallery = controlledPromise<Contact, ContactInput>('addGallery');
    const consign = controlledPromise<Consignment, ConsignmentInput>('consign');
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
        actors: {
          applyBatch: apply.logic,
          undoBatch: undo.logic,
          loadCollections: load.logic,
          loadGalleries: galleries.logic,
          addGallery: addGallery.logic,
          consign: consign.logic,
        },
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
    const inDialog = () =>
      screen.queryByRole('alertdialog') ?? screen.queryByRole('dialog', { name: 'Consign to a gallery' }) ?? pickDialog();
    const settled = <T,>(event: unknown) => event as { output: T; error: unknown };

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
        'bulk.consign': async () => {
          await choose();
          await user.click(within(bar()).getByRole('button', { name: 'Consign...' }));
        },
        'xstate.done.actor.loadGalleries': ({ event }) => act(() => galleries.resolve(settled<Contact[]>(event).output)),
        'xstate.error.actor.loadGalleries': () => act(() => galleries.reject(UNREACHABLE)),
        'consign.change': async ({ event }) => {
          const { field, value } = event as unknown as { field: string; value: string };
          if (field === 'contactId') await user.selectOptions(within(consignDialog()).getByRole('combobox', { name: 'Gallery' }), value);
          else {
            const box = within(consignDialog()).getByRole('textbox', {
              name: field === 'galleryName' ? "Gallery's name" : 'Commission (%)',
            });
            await user.clear(box);
            await user.type(box, value);
          }
        },
        'consign.addGallery': () => user.click(within(consignDialog()).getByRole('button', { name: 'Add gallery' })),
        'xstate.done.actor.addGallery': async () => {
          expect(addGallery.calls.at(-1)).toEqual({ name: NORD.name, kind: 'gallery' });
          await act(() => addGallery.resolve(NORD));
        },
        'xstate.error.actor.addGallery': () => act(() => addGallery.reject(NO_NAME)),
        'xstate.done.actor.consign': async () => {
          // The terms as typed, for the chosen works: the gallery, 40 %, from today until the default end.
          expect(consign.calls.at(-1)).toEqual({
            contactId: NORD.contactId,
            artworkIds: IDS,
            commissionPercent: 40,
            startsOn: localDay(),
            endsOn: localDay(90),
            note: '',
          });
          const before = reloads;
          await act(() => consign.resolve(CONSIGNMENT));
          await waitFor(() => expect(reloads).toBe(before + 1));
        },
        'xstate.error.actor.consign': ({ event }) => act(() => consign.reject(settled<never>(event).error)),
        'xstate.done.actor.loadCollections': ({ event }) =>
          act(() => load.resolve((event as unknown as { output: CollectionSummary[] }).output)),
        'xstate.error.actor.loadCollections': () => act(() => load.reject(UNREACHABLE)),
        'bulk.retry': () => user.click(within(inDialog()).getByRole('button', { name: 'Try again' })),
        'bulk.chooseCollection': () => user.click(within(pickDialog()).getByRole('radio', { name: 'Trees' })),
        'bulk.confirm': () => user.click(within(inDialog()).getByRole('button', { name: /^(Delete|Add|Consign)$/ })),
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
        'xstate.after.undoToast.artworkBulk.consigned.counting': () => act(() => clock.increment(UNDO_TOAST_MS)),
        'bulk.hold': () => act(() => void fireEvent.pointerEnter((toast() ?? consignedToast())!)),
        'bulk.release': () => act(() => void fireEvent.pointerLeave((toast() ?? consignedToast())!)),
        'bulk.undo': () => user.click(within(toast()!).getByRole('button', { name: 'Undo' })),
        'bulk.dismiss': () => user.click(within((toast() ?? consignedToast())!).getByRole('button', { name: 'Close' })),
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
