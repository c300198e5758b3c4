import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { firstLinkOf, type LinkCard } from '../../schemas/link-card.schema';
import { errorOf, failureMessage } from '../shared/failure';

/** How long the text must rest after a link changes before its page is asked for (typing a URL changes it often). */
export const LINK_DEBOUNCE_MS = 400;

export interface LinkCardInput {
  /** The post's text as loaded: its first link is the card's. */
  content?: string;
  /** The card a saved draft keeps. */
  card?: LinkCard | null;
  /** The link whose card the artist removed. */
  removed?: string | null;
  hasMedia?: boolean;
}

export interface LinkCardContext {
  /** The first link of the text, or null. */
  link: string | null;
  card: LinkCard | null;
  removed: string | null;
  /** Media wins, as on Bluesky: with files the card is hidden and not saved. */
  hasMedia: boolean;
  error: string | null;
}

export type LinkCardEvent = { type: 'link.text'; content: string } | { type: 'link.media'; hasMedia: boolean } | { type: 'link.remove' };

const TEXT_CHANGED_LINK = { guard: 'linkChanged', target: '#linkCard.deciding', actions: 'readLink' } as const;

/**
 * The card of a post's first link, beside the post editor: the page is asked for once the text has rested, shown
 * with its title, description and image, or quietly not (a failure is said in small print); the artist may remove
 * it, and then that link gets no card. Another link starts over.
 */
export const linkCardMachine = setup({
  types: {
    context: {} as LinkCardContext,
    events: {} as LinkCardEvent,
    input: {} as LinkCardInput,
    tags: {} as 'loading',
  },
  actors: {
    fetchPreview: fromPromise<LinkCard, { url: string }>(async () => {
      throw new Error('fetchPreview not provided');
    }),
  },
  delays: { debounce: LINK_DEBOUNCE_MS },
  guards: {
    noLink: ({ context }) => context.link === null,
    wasRemoved: ({ context }) => context.link === context.removed,
    hasCardOfLink: ({ context }) => context.card?.uri === context.link,
    linkChanged: ({ context, event }) => event.type === 'link.text' && firstLinkOf(event.content) !== context.link,
  },
  actions: {
    readLink: assign(({ event }) => (event.type === 'link.text' ? { link: firstLinkOf(event.content), error: null } : {})),
    setMedia: assign(({ context, event }) => ({ hasMedia: event.type === 'link.media' ? event.hasMedia : context.hasMedia })),
  },
}).createMachine({
  id: 'linkCard',
  context: ({ input }) => ({
    link: firstLinkOf(input.content ?? ''),
    card: input.card ?? null,
    removed: input.removed ?? null,
    hasMedia: input.hasMedia ?? false,
    error: null,
  }),
  on: { 'link.media': { actions: 'setMedia' } },
  initial: 'deciding',
  states: {
    deciding: {
      description: 'Which card the current link has: none, the one removed, the one already read, or one to ask for.',
      always: [
        { guard: 'noLink', target: 'idle', actions: assign({ card: null }) },
        { guard: 'wasRemoved', target: 'removed', actions: assign({ card: null }) },
        { guard: 'hasCardOfLink', target: 'shown' },
        { target: 'waiting', actions: assign({ card: null }) },
      ],
    },
    idle: { description: 'The text has no link.', on: { 'link.text': TEXT_CHANGED_LINK } },
    waiting: {
      description: 'A new link: asked for once the text has rested a moment.',
      tags: ['loading'],
      after: { debounce: 'fetching' },
      on: { 'link.text': TEXT_CHANGED_LINK },
    },
    fetching: {
      description: 'The server reads the page (through its outbound guard) and answers the card.',
      tags: ['loading'],
      invoke: {
        id: 'fetchPreview',
        src: 'fetchPreview',
        input: ({ context }) => ({ url: context.link! }),
        onDone: { target: 'shown', actions: assign({ card: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(errorOf(event)) }) },
      },
      on: { 'link.text': TEXT_CHANGED_LINK },
    },
    shown: {
      description: 'The card is shown under the text (hidden while the post has files) and saved with the post.',
      on: {
        'link.text': TEXT_CHANGED_LINK,
        'link.remove': { target: 'removed', actions: assign({ removed: ({ context }) => context.link, card: null }) },
      },
    },
    failed: { description: 'No card: why, in small print. The post goes out as text.', on: { 'link.text': TEXT_CHANGED_LINK } },
    removed: { description: 'The artist removed the card: this link gets none.', on: { 'link.text': TEXT_CHANGED_LINK } },
  },
});

export type LinkCardRef = ActorRefFrom<typeof linkCardMachine>;
