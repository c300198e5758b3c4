import { assign, fromPromise, setup } from 'xstate';
import type { Publication, PublishResult } from '../../schemas/publish.schema';
import { failureMessage } from '../shared/failure';

/** What Home shows of the public portfolio: its address and date, and how many artworks when just published. */
export type PublishedPortfolio = NonNullable<Publication> & { artworkCount?: number };

/**
 * The Home page's Publish button: the address of the last publish read from the server first (so it survives a
 * reload), then publishing, and the new address or the reason it failed.
 */
export const publishMachine = setup({
  types: {
    context: {} as { result: PublishedPortfolio | null; error: string | null },
    /** `slug`: the address the artist typed, when it differs from the one the portfolio has. */
    events: {} as { type: 'publish.start'; slug?: string },
    tags: {} as 'busy',
  },
  actors: {
    lastPublication: fromPromise<Publication>(async () => {
      throw new Error('lastPublication not provided');
    }),
    publish: fromPromise<PublishResult, { slug?: string }>(async () => {
      throw new Error('publish not provided');
    }),
  },
  actions: {
    /** The outcome is logged besides being shown, as the product's first app did. */
    log: (_, _line: string) => {},
  },
}).createMachine({
  id: 'publish',
  context: { result: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads where the portfolio was last published; Publish works meanwhile.',
      on: { 'publish.start': 'publishing' },
      invoke: {
        id: 'lastPublication',
        src: 'lastPublication',
        onDone: [
          { guard: ({ event }) => event.output !== null, target: 'published', actions: assign({ result: ({ event }) => event.output }) },
          { target: 'idle' },
        ],
        // Not knowing the last address is no reason to stop the artist publishing: the button stays.
        onError: { target: 'idle' },
      },
    },
    idle: { on: { 'publish.start': 'publishing' } },
    publishing: {
      tags: ['busy'],
      invoke: {
        id: 'publish',
        src: 'publish',
        input: ({ event }) => ({ slug: event.type === 'publish.start' ? event.slug : undefined }),
        onDone: {
          target: 'published',
          actions: [
            assign({ result: ({ event }) => event.output, error: null }),
            { type: 'log', params: ({ event }) => `Published at ${event.output.url}` },
          ],
        },
        onError: {
          target: 'failed',
          actions: [assign({ error: ({ event }) => failureMessage(event.error) }), { type: 'log', params: 'Publish failed' }],
        },
      },
    },
    published: { on: { 'publish.start': 'publishing' } },
    failed: { on: { 'publish.start': 'publishing' } },
  },
});
