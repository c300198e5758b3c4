import { assign, fromPromise, setup } from 'xstate';
import type { PublishResult } from '../schemas/publish.schema';
import { messageOf } from './error-message';

/** The Home page's Publish button: publishing, then the public address or the reason it failed. */
export const publishMachine = setup({
  types: {
    context: {} as { result: PublishResult | null; error: string | null },
    events: {} as { type: 'publish.start' },
    tags: {} as 'busy',
  },
  actors: {
    publish: fromPromise<PublishResult>(async () => {
      throw new Error('publish not provided');
    }),
  },
  actions: {
    /** The spec's app only logs the outcome; it is logged here too, besides being shown. */
    log: (_, _line: string) => {},
  },
}).createMachine({
  id: 'publish',
  context: { result: null, error: null },
  initial: 'idle',
  states: {
    idle: { on: { 'publish.start': 'publishing' } },
    publishing: {
      tags: ['busy'],
      invoke: {
        id: 'publish',
        src: 'publish',
        onDone: {
          target: 'published',
          actions: [assign({ result: ({ event }) => event.output, error: null }), { type: 'log', params: ({ event }) => `Published at ${event.output.url}` }],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => messageOf(event.error) }),
            { type: 'log', params: 'Publish failed' },
          ],
        },
      },
    },
    published: { on: { 'publish.start': 'publishing' } },
    failed: { on: { 'publish.start': 'publishing' } },
  },
});
