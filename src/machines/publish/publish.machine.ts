import { assign, fromPromise, setup } from 'xstate';
import type { Publication, PublishPreview, PublishResult } from '../../schemas/publish.schema';
import { failureMessage } from '../shared/failure';

/** What Home shows of the public portfolio: its address and date, and how many artworks when just published. */
export type PublishedPortfolio = NonNullable<Publication> & { artworkCount?: number };

export interface PublishContext {
  result: PublishedPortfolio | null;
  /** What publishing now would change, shown before the artist confirms. */
  preview: PublishPreview | null;
  /** The address the artist typed, when it differs from the one the portfolio has: kept through the review. */
  slug: string | undefined;
  error: string | null;
}

export type PublishEvent =
  /** `slug`: the address the artist typed, when it differs from the one the portfolio has. */
  { type: 'publish.start'; slug?: string } | { type: 'publish.confirm' } | { type: 'publish.cancel' };

const review = { target: '#publish.reviewing', actions: 'keepSlug' } as const;

/**
 * The Home page's Publish button: the address of the last publish read from the server first (so it survives a
 * reload); then a review of what publishing would change ("3 new works, 1 removed, 1 collection"), publishing once
 * the artist confirms, and the new address or the reason it failed.
 */
export const publishMachine = setup({
  types: {
    context: {} as PublishContext,
    events: {} as PublishEvent,
    tags: {} as 'busy',
  },
  actors: {
    lastPublication: fromPromise<Publication>(async () => {
      throw new Error('lastPublication not provided');
    }),
    previewPublish: fromPromise<PublishPreview>(async () => {
      throw new Error('previewPublish not provided');
    }),
    publish: fromPromise<PublishResult, { slug?: string }>(async () => {
      throw new Error('publish not provided');
    }),
  },
  actions: {
    /** The outcome is logged besides being shown, as the product's first app did. */
    log: (_, _line: string) => {},
    keepSlug: assign({ slug: ({ event }) => (event.type === 'publish.start' ? event.slug : undefined) }),
  },
  guards: {
    wasPublished: ({ context }) => context.result !== null,
  },
}).createMachine({
  id: 'publish',
  context: { result: null, preview: null, slug: undefined, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads where the portfolio was last published; Publish works meanwhile.',
      on: { 'publish.start': review },
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
    idle: { on: { 'publish.start': review } },
    reviewing: {
      description: 'What publishing would change is read (a dry run), then shown: Publish now or Cancel.',
      initial: 'loading',
      on: { 'publish.cancel': [{ guard: 'wasPublished', target: 'published' }, { target: 'idle' }] },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'previewPublish',
            src: 'previewPublish',
            onDone: { target: 'ready', actions: assign({ preview: ({ event }) => event.output, error: null }) },
            onError: { target: '#publish.failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
          },
        },
        ready: { on: { 'publish.confirm': '#publish.publishing' } },
      },
    },
    publishing: {
      tags: ['busy'],
      invoke: {
        id: 'publish',
        src: 'publish',
        input: ({ context }) => ({ slug: context.slug }),
        onDone: {
          target: 'published',
          actions: [
            assign({ result: ({ event }) => event.output, error: null, preview: null }),
            { type: 'log', params: ({ event }) => `Published at ${event.output.url}` },
          ],
        },
        onError: {
          target: 'failed',
          actions: [assign({ error: ({ event }) => failureMessage(event.error) }), { type: 'log', params: 'Publish failed' }],
        },
      },
    },
    published: { on: { 'publish.start': review } },
    failed: { on: { 'publish.start': review } },
  },
});
