import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Contact } from '../../schemas/contact.schema';
import type { HistoryEntry, HistoryPage } from '../../schemas/history.schema';
import type { Inventory } from '../../schemas/inventory.schema';
import { errorOf, failureFieldErrors, failureMessage } from '../shared/failure';
import type { Notice } from '../toasts/notice';
import { refusalOf, restoreLife } from '../artwork-life/artwork-life.rules';
import {
  actionRequest,
  type ActionRequest,
  type ActionValues,
  dialogField,
  LIFE_ACTION_DONE,
  type LifeAction,
  lifeEventOf,
  pieceLifeRecord,
  startValues,
} from './life-actions';

export interface InventoryDialog {
  action: LifeAction;
  pieceId: string;
  values: ActionValues;
  /** Messages under the fields: what cannot be sent as typed, or the server's field messages. */
  fieldErrors: Record<string, string>;
  /** Why it failed (the chart's reason on a 409), above the form. */
  error: string | null;
}

export interface ArtworkInventoryContext {
  artworkId: string;
  inventory: Inventory | null;
  history: HistoryEntry[];
  nextCursor: string | null;
  contacts: Contact[];
  dialog: InventoryDialog | null;
  error: string | null;
}

export type ArtworkInventoryEvent =
  | { type: 'inventory.retry' }
  | { type: 'history.more' }
  | { type: 'action.open'; action: LifeAction; pieceId: string }
  | { type: 'action.change'; field: string; value: string }
  | { type: 'action.submit' }
  | { type: 'action.cancel' };

export interface InventoryLoaded {
  inventory: Inventory;
  history: HistoryPage;
  contacts: Contact[];
}

const LOAD_FAILED = 'Failed to load where this work is';

const pieceOf = (context: ArtworkInventoryContext, pieceId: string) => context.inventory!.pieces.find((p) => p.pieceId === pieceId)!;

const requestOf = (context: ArtworkInventoryContext) => {
  const d = context.dialog!;
  return actionRequest(d.action, d.values, pieceOf(context, d.pieceId), context.artworkId);
};

/**
 * The artwork page's Inventory: its pieces (each drawn with its own artwork-life chart), its history, and one dialog
 * at a time for a change of a piece (record a sale, put on hold, consign...). A change the server refuses keeps the
 * dialog open with the chart's reason; one that goes through answers the pieces and the history as they are now.
 */
export const artworkInventoryMachine = setup({
  types: {
    context: {} as ArtworkInventoryContext,
    events: {} as ArtworkInventoryEvent,
    input: {} as { artworkId: string },
    tags: {} as 'busy',
  },
  actors: {
    load: fromPromise<InventoryLoaded, { artworkId: string }>(async () => {
      throw new Error('load not provided');
    }),
    moreHistory: fromPromise<HistoryPage, { artworkId: string; cursor: string }>(async () => {
      throw new Error('moreHistory not provided');
    }),
    act: fromPromise<{ inventory: Inventory; history: HistoryPage }, { artworkId: string; request: ActionRequest }>(async () => {
      throw new Error('act not provided');
    }),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    openDialog: assign(({ context, event }) => {
      assertEvent(event, 'action.open');
      const piece = pieceOf(context, event.pieceId);
      return {
        dialog: {
          action: event.action,
          pieceId: event.pieceId,
          values: startValues(event.action, piece, context.inventory!),
          fieldErrors: {},
          error: null,
        },
      };
    }),
    changeValue: assign(({ context, event }) => {
      assertEvent(event, 'action.change');
      const d = context.dialog!;
      const { [event.field]: _cleared, ...fieldErrors } = d.fieldErrors;
      return { dialog: { ...d, values: { ...d.values, [event.field]: event.value }, fieldErrors } };
    }),
    showTypingErrors: assign(({ context }) => {
      const result = requestOf(context);
      return { dialog: { ...context.dialog!, fieldErrors: 'errors' in result ? result.errors : {} } };
    }),
    closeDialog: assign({ dialog: null }),
  },
  guards: {
    /** The piece's own chart takes the change now (pricing and the edition are always open). */
    chartAllows: ({ context, event }) => {
      assertEvent(event, 'action.open');
      const piece = pieceOf(context, event.pieceId);
      const change = piece && lifeEventOf(event.action, piece);
      return !!piece && (!change || refusalOf(restoreLife(pieceLifeRecord(piece)), change) === null);
    },
    canSend: ({ context }) => 'request' in requestOf(context),
    hasMoreHistory: ({ context }) => context.nextCursor !== null,
  },
}).createMachine({
  id: 'artworkInventory',
  context: ({ input }) => ({
    artworkId: input.artworkId,
    inventory: null,
    history: [],
    nextCursor: null,
    contacts: [],
    dialog: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "Reads the artwork's pieces, the first page of its history and the contacts the dialogs offer.",
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ artworkId: context.artworkId }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            inventory: event.output.inventory,
            history: event.output.history.items,
            nextCursor: event.output.history.nextCursor,
            contacts: event.output.contacts,
            error: null,
          })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error, LOAD_FAILED) }) },
      },
    },
    failed: { on: { 'inventory.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'action.open': { guard: 'chartAllows', target: 'dialog', actions: 'openDialog' },
            'history.more': { guard: 'hasMoreHistory', target: 'loadingMore' },
          },
        },
        loadingMore: {
          tags: ['busy'],
          invoke: {
            id: 'moreHistory',
            src: 'moreHistory',
            input: ({ context }) => ({ artworkId: context.artworkId, cursor: context.nextCursor! }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                history: [...context.history, ...event.output.items],
                nextCursor: event.output.nextCursor,
                error: null,
              })),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => failureMessage(event.error, LOAD_FAILED) }) },
          },
        },
        dialog: {
          description: 'One change of one piece, in a dialog; Cancel (or Escape) leaves it without a change.',
          initial: 'editing',
          on: { 'action.cancel': { target: 'idle', actions: 'closeDialog' } },
          states: {
            editing: {
              on: {
                'action.change': { actions: 'changeValue' },
                'action.submit': [{ guard: 'canSend', target: 'sending' }, { actions: 'showTypingErrors' }],
              },
            },
            sending: {
              tags: ['busy'],
              on: { 'action.cancel': {} },
              invoke: {
                id: 'act',
                src: 'act',
                input: ({ context }) => ({
                  artworkId: context.artworkId,
                  request: (requestOf(context) as { request: ActionRequest }).request,
                }),
                onDone: {
                  target: '#artworkInventory.ready.idle',
                  actions: [
                    {
                      type: 'notify',
                      params: ({ context }) => ({ title: LIFE_ACTION_DONE[context.dialog!.action], toastType: 'success' }),
                    },
                    assign(({ event }) => ({
                      inventory: event.output.inventory,
                      history: event.output.history.items,
                      nextCursor: event.output.history.nextCursor,
                      dialog: null,
                    })),
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: assign(({ context, event }) => ({
                    dialog: {
                      ...context.dialog!,
                      error: failureMessage(event.error),
                      fieldErrors: Object.fromEntries(
                        Object.entries(failureFieldErrors(errorOf(event))).map(([path, message]) => [dialogField(path), message]),
                      ),
                    },
                  })),
                },
              },
            },
          },
        },
      },
    },
  },
});
