import { assign, fromPromise, setup } from 'xstate';
import type { Consignment, ConsignmentReturnInput } from '../../schemas/consignment.schema';
import { errorOf, failureMessage } from '../shared/failure';

interface ConsignmentsContext {
  consignments: Consignment[];
  /** The works ticked to return, per consignment (their piece ids). */
  chosen: Record<string, string[]>;
  /** The consignment whose works are on their way back. */
  returning: string | null;
  error: string | null;
}

type ConsignmentsEvent =
  | { type: 'item.toggle'; consignmentId: string; pieceId: string }
  | { type: 'works.return'; consignmentId: string }
  | { type: 'list.retry' };

/** What the server is asked to return: unique works by id, an edition's copies by their label. */
export function returnInput(consignment: Consignment, pieceIds: readonly string[]): ConsignmentReturnInput {
  const items = consignment.items.filter((i) => pieceIds.includes(i.pieceId));
  return {
    artworkIds: items.filter((i) => !i.copy).map((i) => i.artworkId),
    copies: items.flatMap((i) => (i.copy ? [{ artworkId: i.artworkId, copy: i.copy }] : [])),
  };
}

/**
 * The consignments screen: every consignment with its works; ticking works still at the gallery and returning them
 * to the studio, one consignment at a time. A return that fails keeps the ticks and says why.
 */
export const consignmentsMachine = setup({
  types: { context: {} as ConsignmentsContext, events: {} as ConsignmentsEvent },
  actors: {
    loadConsignments: fromPromise<Consignment[]>(async () => {
      throw new Error('loadConsignments is provided by provideConsignments');
    }),
    returnWorks: fromPromise<Consignment, { consignmentId: string; input: ConsignmentReturnInput }>(async () => {
      throw new Error('returnWorks is provided by provideConsignments');
    }),
  },
  actions: {
    notifyReturned: (_, _count: number) => {},
    notifyReturnFailed: (_, _message: string) => {},
  },
  guards: {
    someChosen: ({ context, event }) => event.type === 'works.return' && (context.chosen[event.consignmentId]?.length ?? 0) > 0,
  },
}).createMachine({
  id: 'consignments',
  description: 'Consignments: works at galleries, and returning some or all of them to the studio.',
  context: { consignments: [], chosen: {}, returning: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads every consignment, newest first.',
      invoke: {
        id: 'loadConsignments',
        src: 'loadConsignments',
        onDone: { target: 'ready', actions: assign({ consignments: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(errorOf(event)) }) },
      },
    },
    failed: {
      description: 'The consignments could not be read; Retry reads them again.',
      on: { 'list.retry': 'loading' },
    },
    ready: {
      description: 'The consignments; works still at a gallery can be ticked, and the ticked ones returned.',
      on: {
        'item.toggle': {
          actions: assign({
            chosen: ({ context, event }) => {
              const now = context.chosen[event.consignmentId] ?? [];
              const next = now.includes(event.pieceId) ? now.filter((p) => p !== event.pieceId) : [...now, event.pieceId];
              return { ...context.chosen, [event.consignmentId]: next };
            },
          }),
        },
        'works.return': { guard: 'someChosen', target: 'returning', actions: assign({ returning: ({ event }) => event.consignmentId }) },
      },
    },
    returning: {
      description: 'The ticked works of one consignment go back to the studio; the screen waits for the answer.',
      invoke: {
        id: 'returnWorks',
        src: 'returnWorks',
        input: ({ context }) => {
          const consignment = context.consignments.find((c) => c.consignmentId === context.returning)!;
          return {
            consignmentId: consignment.consignmentId,
            input: returnInput(consignment, context.chosen[consignment.consignmentId] ?? []),
          };
        },
        onDone: {
          target: 'ready',
          actions: [
            { type: 'notifyReturned', params: ({ context }) => context.chosen[context.returning!]?.length ?? 0 },
            assign({
              consignments: ({ context, event }) =>
                context.consignments.map((c) => (c.consignmentId === event.output.consignmentId ? event.output : c)),
              chosen: ({ context }) => ({ ...context.chosen, [context.returning!]: [] }),
              returning: null,
            }),
          ],
        },
        onError: {
          target: 'ready',
          actions: [{ type: 'notifyReturnFailed', params: ({ event }) => failureMessage(errorOf(event)) }, assign({ returning: null })],
        },
      },
    },
  },
});
