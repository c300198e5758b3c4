import { assertEvent, assign, emit, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { BATCH_TEXT, type ArtworkBatch, type BatchRequest, type BatchResult } from '../../schemas/artwork-batch.schema';
import type { CollectionSummary } from '../../schemas/collection.schema';
import { CONSIGNMENT_MESSAGES, type Consignment, type ConsignmentInput } from '../../schemas/consignment.schema';
import type { Contact, ContactInput } from '../../schemas/contact.schema';
import { consignmentRequest, type ConsignTerms } from '../consignments/consign-terms';
import { newDraft, refused, type ConsignDraft } from './consign-draft';
import { errorOf, failureMessage } from '../shared/failure';
import { selectionMachine } from '../shared/selection.machine';
import type { Notice } from '../toasts/notice';

/** How long the undo toast stays (it waits while the pointer or focus is on it). */
export const UNDO_TOAST_MS = 10_000;

export interface ArtworkBulkContext {
  /** The change asked for, waiting for its confirmation or being made. */
  request: BatchRequest | null;
  ids: string[];
  /** The artist's collections, to add the artworks to one. */
  collections: CollectionSummary[];
  /** The change just made, which the undo toast offers to undo. */
  done: { batchId: string; message: string } | null;
  error: string | null;
  /** The Consign... dialog while it is open. */
  consign: ConsignDraft | null;
  /** What the last consignment did, for its toast. */
  consigned: string | null;
}

export type ArtworkBulkEvent =
  | { type: 'bulk.request'; request: BatchRequest; ids: string[] }
  | { type: 'bulk.pickCollection'; ids: string[] }
  | { type: 'bulk.consign'; ids: string[] }
  | { type: 'consign.change'; field: keyof ConsignTerms | 'galleryName'; value: string }
  | { type: 'consign.addGallery' }
  | { type: 'bulk.chooseCollection'; collectionId: string }
  | { type: 'bulk.confirm' }
  | { type: 'bulk.cancel' }
  | { type: 'bulk.retry' }
  | { type: 'bulk.undo' }
  | { type: 'bulk.dismiss' }
  | { type: 'bulk.hold' }
  | { type: 'bulk.release' };

/** The request as the API takes it. */
export function toBatch(request: BatchRequest, artworkIds: string[]): ArtworkBatch {
  switch (request.action) {
    case 'addToCollection':
      return { action: request.action, artworkIds, collectionId: request.collectionId };
    case 'saleStatus':
      return { action: request.action, artworkIds, saleStatus: request.saleStatus };
    case 'showOnSite':
      return { action: request.action, artworkIds, showOnSite: request.showOnSite };
    case 'delete':
      return { action: request.action, artworkIds };
  }
}

const fromIdle = {
  'bulk.request': { guard: 'hasIds', target: '#artworkBulk.confirming', actions: 'ask' },
  'bulk.pickCollection': { guard: 'hasIds', target: '#artworkBulk.picking', actions: 'ask' },
  'bulk.consign': { guard: 'hasIds', target: '#artworkBulk.consigning', actions: ['ask', 'startDraft'] },
} as const;

/**
 * My Artworks' bulk actions: artworks chosen in the selection mode (the selection chart, as a child) are deleted,
 * given a sale status, shown or hidden on the site, or added to a collection, after one confirmation. The change is
 * made all at once, and a toast offers to undo it. Or they are consigned to a gallery, on terms typed in a dialog that
 * stays open with the server's reason when it refuses; its toast leads to Consignments, where works are returned.
 */
export const artworkBulkMachine = setup({
  types: {
    context: {} as ArtworkBulkContext,
    events: {} as ArtworkBulkEvent,
    tags: {} as 'busy',
    emitted: {} as { type: 'artworks.changed' },
  },
  actors: {
    applyBatch: fromPromise<BatchResult, ArtworkBatch>(async () => {
      throw new Error('applyBatch not provided');
    }),
    undoBatch: fromPromise<void, { batchId: string }>(async () => {
      throw new Error('undoBatch not provided');
    }),
    loadCollections: fromPromise<CollectionSummary[]>(async () => {
      throw new Error('loadCollections not provided');
    }),
    loadGalleries: fromPromise<Contact[]>(async () => {
      throw new Error('loadGalleries not provided');
    }),
    addGallery: fromPromise<Contact, ContactInput>(async () => {
      throw new Error('addGallery not provided');
    }),
    consign: fromPromise<Consignment, ConsignmentInput>(async () => {
      throw new Error('consign not provided');
    }),
    selection: selectionMachine,
  },
  delays: { undoToast: UNDO_TOAST_MS },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** Artworks changed: said to whoever shows them (My Artworks reads its page again). */
    changed: emit({ type: 'artworks.changed' as const }),
    leaveSelection: sendTo('selection', { type: 'selection.exit' }),
    ask: assign(({ event }) => {
      assertEvent(event, ['bulk.request', 'bulk.pickCollection', 'bulk.consign']);
      return { ids: event.ids, request: event.type === 'bulk.request' ? event.request : null, error: null, consigned: null };
    }),
    forget: assign({ request: null, ids: [], done: null, consign: null, consigned: null }),
    startDraft: assign({ consign: () => newDraft() }),
    changeTerms: assign(({ context, event }) => {
      assertEvent(event, 'consign.change');
      const draft = context.consign!;
      const { [event.field]: _cleared, ...fieldErrors } = draft.fieldErrors;
      return {
        consign:
          event.field === 'galleryName'
            ? { ...draft, galleryName: event.value, fieldErrors }
            : { ...draft, terms: { ...draft.terms, [event.field]: event.value }, fieldErrors },
      };
    }),
  },
  guards: {
    hasIds: ({ event }) => (event as { ids?: string[] }).ids?.length !== 0,
    noCollections: ({ event }) => (event as { output?: CollectionSummary[] }).output?.length === 0,
    chosen: ({ context }) => context.request?.action === 'addToCollection',
    noGalleries: ({ event }) => (event as { output?: Contact[] }).output?.length === 0,
  },
}).createMachine({
  id: 'artworkBulk',
  context: { request: null, ids: [], collections: [], done: null, error: null, consign: null, consigned: null },
  invoke: { id: 'selection', src: 'selection' },
  initial: 'idle',
  states: {
    idle: { on: fromIdle },
    picking: {
      description: 'Which collection to add the artworks to: choosing one and Add is the confirmation.',
      initial: 'loading',
      on: { 'bulk.cancel': { target: 'idle', actions: 'forget' } },
      states: {
        loading: {
          invoke: {
            id: 'loadCollections',
            src: 'loadCollections',
            onDone: [
              { guard: 'noCollections', target: 'empty', actions: assign({ collections: [] }) },
              { target: 'ready', actions: assign({ collections: ({ event }) => event.output }) },
            ],
            onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
          },
        },
        ready: {
          on: {
            'bulk.chooseCollection': {
              actions: assign({
                request: ({ context, event }) => ({
                  action: 'addToCollection' as const,
                  collectionId: event.collectionId,
                  collectionTitle: context.collections.find((c) => c.collectionId === event.collectionId)?.title ?? '',
                }),
              }),
            },
            'bulk.confirm': { guard: 'chosen', target: '#artworkBulk.applying' },
          },
        },
        empty: { description: 'The artist has no collection yet: the dialog says how to make one.' },
        failed: { on: { 'bulk.retry': 'loading' } },
      },
    },
    consigning: {
      description:
        "Consign... for the chosen works: a gallery among the artist's contacts (or one added by name), the commission and the dates.",
      initial: 'loading',
      on: { 'bulk.cancel': { target: 'idle', actions: 'forget' } },
      states: {
        loading: {
          invoke: {
            id: 'loadGalleries',
            src: 'loadGalleries',
            onDone: [
              { guard: 'noGalleries', target: 'noGallery' },
              {
                target: 'editing',
                actions: assign({ consign: ({ context, event }) => ({ ...context.consign!, galleries: event.output }) }),
              },
            ],
            onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
          },
        },
        failed: { on: { 'bulk.retry': 'loading' } },
        noGallery: {
          description: 'The artist has no gallery yet: the dialog adds one by its name.',
          on: { 'consign.change': { actions: 'changeTerms' }, 'consign.addGallery': 'addingGallery' },
        },
        addingGallery: {
          tags: ['busy'],
          on: { 'bulk.cancel': {} },
          invoke: {
            id: 'addGallery',
            src: 'addGallery',
            input: ({ context }) => ({ name: context.consign!.galleryName, kind: 'gallery' as const }),
            onDone: {
              target: 'editing',
              actions: assign({
                consign: ({ context, event }) => ({
                  ...context.consign!,
                  galleries: [event.output],
                  terms: { ...context.consign!.terms, contactId: event.output.contactId },
                  error: null,
                }),
              }),
            },
            onError: { target: 'noGallery', actions: assign({ consign: ({ context, event }) => refused(context.consign!, event.error) }) },
          },
        },
        editing: {
          on: { 'consign.change': { actions: 'changeTerms' }, 'bulk.confirm': 'sending' },
        },
        sending: {
          tags: ['busy'],
          on: { 'bulk.cancel': {} },
          invoke: {
            id: 'consign',
            src: 'consign',
            input: ({ context }) => consignmentRequest(context.consign!.terms, { artworkIds: context.ids }),
            onDone: {
              target: '#artworkBulk.consigned',
              actions: [
                assign(({ event }) => ({
                  consigned: CONSIGNMENT_MESSAGES.bulkDone(event.output.items.length, event.output.gallery.name),
                  consign: null,
                })),
                'changed',
                'leaveSelection',
              ],
            },
            onError: {
              target: 'editing',
              actions: assign({ consign: ({ context, event }) => refused(context.consign!, errorOf(event)) }),
            },
          },
        },
      },
    },
    consigned: {
      description: 'The toast of a consignment: what went where, and the way to Consignments (where works are returned; it has no undo).',
      initial: 'counting',
      on: { ...fromIdle, 'bulk.dismiss': { target: 'idle', actions: 'forget' } },
      states: {
        counting: { after: { undoToast: { target: '#artworkBulk.idle', actions: 'forget' } }, on: { 'bulk.hold': 'held' } },
        held: { on: { 'bulk.release': 'counting' } },
      },
    },
    confirming: {
      description: 'One confirmation for the whole change.',
      on: { 'bulk.confirm': 'applying', 'bulk.cancel': { target: 'idle', actions: 'forget' } },
    },
    applying: {
      tags: ['busy'],
      invoke: {
        id: 'applyBatch',
        src: 'applyBatch',
        input: ({ context }) => toBatch(context.request!, context.ids),
        onDone: {
          target: 'undoable',
          actions: [
            assign(({ context, event }) => ({
              done: { batchId: event.output.batchId, message: BATCH_TEXT.done(context.request!, event.output.count) },
            })),
            'changed',
            'leaveSelection',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'notify', params: ({ event }) => ({ title: BATCH_TEXT.failed(failureMessage(event.error)), toastType: 'error' }) },
            'forget',
          ],
        },
      },
    },
    undoable: {
      description: 'The undo toast: it leaves after a while, but not while the pointer or focus is on it.',
      initial: 'counting',
      on: {
        ...fromIdle,
        'bulk.undo': 'undoing',
        'bulk.dismiss': { target: 'idle', actions: 'forget' },
      },
      states: {
        counting: { after: { undoToast: { target: '#artworkBulk.idle', actions: 'forget' } }, on: { 'bulk.hold': 'held' } },
        held: { on: { 'bulk.release': 'counting' } },
      },
    },
    undoing: {
      tags: ['busy'],
      invoke: {
        id: 'undoBatch',
        src: 'undoBatch',
        input: ({ context }) => ({ batchId: context.done!.batchId }),
        onDone: {
          target: 'idle',
          actions: ['changed', { type: 'notify', params: { title: BATCH_TEXT.undone, toastType: 'success' } }, 'forget'],
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'notify', params: ({ event }) => ({ title: BATCH_TEXT.undoFailed(failureMessage(event.error)), toastType: 'error' }) },
            'forget',
          ],
        },
      },
    },
  },
});

export type ArtworkBulkRef = ActorRefFrom<typeof artworkBulkMachine>;
