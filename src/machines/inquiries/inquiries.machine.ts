import { assign, fromPromise, setup } from 'xstate';
import { INQUIRY_MESSAGES, type Inquiry, type InquiryPage } from '../../schemas/inquiry.schema';
import { failureMessage } from '../shared/failure';

export interface InquiriesContext {
  inquiries: Inquiry[];
  nextCursor: string | null;
  /** Unread over all pages, as the server counted them, less those marked read since. */
  unreadCount: number;
  /** The inquiry being marked read, if any. */
  markingId: string | null;
  /** Why the next page could not be read. */
  error: string | null;
}

export type InquiriesEvent =
  { type: 'inquiries.retry' } | { type: 'inquiries.loadMore' } | { type: 'inquiries.markRead'; inquiryId: string };

/**
 * The artist's inquiries: the newest page, older ones behind 'Load more inquiries', and marking one read. Every
 * inquiry is here whether or not its mail went out.
 */
export const inquiriesMachine = setup({
  types: {
    context: {} as InquiriesContext,
    events: {} as InquiriesEvent,
  },
  actors: {
    fetchPage: fromPromise<InquiryPage, { cursor: string | null }>(async () => {
      throw new Error('fetchPage not provided');
    }),
    markRead: fromPromise<Inquiry, { inquiryId: string }>(async () => {
      throw new Error('markRead not provided');
    }),
  },
  actions: {
    /** A failed mark is told with a toast; the list stays as it was. */
    notifyMarkFailed: (_, _message: string) => {},
  },
  guards: {
    noInquiries: ({ context }) => context.inquiries.length === 0,
    canLoadMore: ({ context }) => context.nextCursor !== null,
  },
}).createMachine({
  id: 'inquiries',
  context: { inquiries: [], nextCursor: null, unreadCount: 0, markingId: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the newest page.',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: { cursor: null },
        onDone: {
          target: 'loaded',
          actions: assign({
            inquiries: ({ event }) => event.output.items,
            nextCursor: ({ event }) => event.output.nextCursor,
            unreadCount: ({ event }) => event.output.unreadCount,
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error, INQUIRY_MESSAGES.fetchFailed) }) },
      },
    },
    failed: { description: 'The first page could not be read.', on: { 'inquiries.retry': 'loading' } },
    empty: { description: 'No buyer has written yet.' },
    loaded: {
      always: { guard: 'noInquiries', target: 'empty' },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'inquiries.loadMore': { guard: 'canLoadMore', target: 'loadingMore' },
            'inquiries.markRead': { target: 'marking', actions: assign({ markingId: ({ event }) => event.inquiryId }) },
          },
        },
        loadingMore: {
          invoke: {
            id: 'fetchMore',
            src: 'fetchPage',
            input: ({ context }) => ({ cursor: context.nextCursor }),
            onDone: {
              target: 'idle',
              actions: assign({
                inquiries: ({ context, event }) => [...context.inquiries, ...event.output.items],
                nextCursor: ({ event }) => event.output.nextCursor,
                unreadCount: ({ event }) => event.output.unreadCount,
                error: null,
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => failureMessage(event.error, INQUIRY_MESSAGES.fetchFailed) }),
            },
          },
        },
        marking: {
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ context }) => ({ inquiryId: context.markingId! }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                inquiries: context.inquiries.map((i) => (i.inquiryId === event.output.inquiryId ? event.output : i)),
                unreadCount: Math.max(0, context.unreadCount - 1),
                markingId: null,
              })),
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'notifyMarkFailed', params: ({ event }) => failureMessage(event.error, INQUIRY_MESSAGES.markReadFailed) },
                assign({ markingId: null }),
              ],
            },
          },
        },
      },
    },
  },
});
