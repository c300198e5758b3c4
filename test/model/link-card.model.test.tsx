import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { LINK_DEBOUNCE_MS, linkCardMachine, type LinkCardEvent, type LinkCardInput } from '../../src/machines/link-card/link-card.machine';
import { selectSaved } from '../../src/machines/link-card/link-card.selectors';
import type { LinkCard as Card } from '../../src/schemas/link-card.schema';
import { LINK_CARD_TEXT as T, LinkCard } from '../../src/views/link-card/LinkCard';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof linkCardMachine>;
type Event = ModelEvent<typeof linkCardMachine>;

const A = 'https://studio.example/harbour';
const B = 'https://gallery.example/show';
const CARD_A: Card = {
  uri: A,
  title: 'Harbour at Dawn',
  description: 'Oil on linen',
  thumbUrl: '/api/social/link-preview/thumb/' + 'a'.repeat(64),
};
const CARD_B: Card = { uri: B, title: 'The Show', description: '', thumbUrl: null };
const UNREACHABLE = 'That page cannot be reached.';
const TEXTS = ['Just words', `New work: ${A}`, `Showing at ${B}.`];

const events = (s: Snapshot): Event[] => [
  ...TEXTS.map((content) => ({ type: 'link.text' as const, content })),
  { type: 'link.media', hasMedia: !s.context.hasMedia },
  // Remove is offered only on a card shown (with files it is hidden).
  ...(s.matches('shown') && !s.context.hasMedia ? [{ type: 'link.remove' as const }] : []),
  ...(s.matches('waiting') ? [{ type: 'xstate.after.debounce.linkCard.waiting' } as Event] : []),
  ...(s.matches('fetching')
    ? [
        { type: 'xstate.done.actor.fetchPreview', output: s.context.link === A ? CARD_A : CARD_B } as Event,
        { type: 'xstate.error.actor.fetchPreview', error: new Error(UNREACHABLE) } as Event,
      ]
    : []),
];
const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.link, s.context.card?.uri, s.context.removed, s.context.hasMedia, Boolean(s.context.error)]);
const serializeEvent = (e: Event) => JSON.stringify(e, (k, v) => (k === 'error' ? 'error' : v));

const region = () => screen.getByRole('region', { name: T.region });
const noCard = () => {
  expect(within(region()).queryByRole('article')).toBeNull();
  expect(within(region()).queryByRole('button', { name: T.remove })).toBeNull();
};
const quietUnlessMedia = (s: Snapshot, text: string | null) => {
  if (s.context.hasMedia || text === null) expect(region()).toBeEmptyDOMElement();
  else expect(region()).toHaveTextContent(text);
};

const states = {
  idle: (s: Snapshot) => {
    expect(s.context.link).toBeNull();
    expect(region()).toBeEmptyDOMElement();
    expect(selectSaved(s).linkCard).toBeNull();
  },
  waiting: (s: Snapshot) => {
    noCard();
    quietUnlessMedia(s, T.loading);
    expect(region()).toHaveAttribute('aria-busy', String(!s.context.hasMedia));
  },
  fetching: (s: Snapshot) => {
    noCard();
    quietUnlessMedia(s, T.loading);
  },
  shown: (s: Snapshot) => {
    const card = s.context.card!;
    expect(card.uri).toBe(s.context.link);
    if (s.context.hasMedia) {
      // Media wins: hidden, and not saved with the post.
      expect(region()).toBeEmptyDOMElement();
      expect(selectSaved(s).linkCard).toBeNull();
      return;
    }
    const article = within(region()).getByRole('article', { name: card.title });
    expect(article).toHaveTextContent(new URL(card.uri).hostname);
    expect(article.querySelector('img')?.getAttribute('src') ?? null).toBe(card.thumbUrl);
    expect(within(article).getByRole('button', { name: T.remove })).toBeEnabled();
    expect(selectSaved(s).linkCard).toEqual(card);
  },
  failed: (s: Snapshot) => {
    noCard();
    quietUnlessMedia(s, T.failed(UNREACHABLE));
    expect(screen.queryByRole('alert')).toBeNull();
  },
  removed: (s: Snapshot) => {
    noCard();
    quietUnlessMedia(s, T.removed);
    expect(selectSaved(s)).toEqual({ linkCard: null, linkCardRemoved: s.context.link });
  },
};

// A new post, and a draft opened with its saved card (shown at once, not asked for again) or its removed one.
const INPUTS: LinkCardInput[] = [{}, { content: TEXTS[1], card: CARD_A }, { content: TEXTS[2], removed: B, hasMedia: true }];
const pathsByInput = INPUTS.map((input) =>
  coveringPaths(createModel(linkCardMachine, { events, serializeState, serializeEvent, input }), { minimal: false }),
);

let stop: (() => void) | null = null;
afterEach(() => stop?.());

INPUTS.forEach((input, i) => {
  describe(`link card (${['new post', 'draft with a card', 'draft with a removed card and files'][i]})`, () => {
    it.for(pathsByInput[i].map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
      const user = userEvent.setup();
      const fetchPreview = controlledPromise<Card, { url: string }>('fetchPreview');
      const clock = new SimulatedClock();
      const actor = createActor(linkCardMachine.provide({ actors: { fetchPreview: fetchPreview.logic } }), { input, clock }).start();
      stop = () => actor.stop();
      render(<LinkCard card={actor} />);
      await path.test({
        events: {
          'link.text': ({ event }) => act(() => actor.send(event as LinkCardEvent)),
          'link.media': ({ event }) => act(() => actor.send(event as LinkCardEvent)),
          'link.remove': async () => {
            await user.click(screen.getByRole('button', { name: T.remove }));
            // The button is gone with the card: the focus is kept on the card's region, not dropped to the page.
            expect(region()).toHaveFocus();
          },
          'xstate.after.debounce.linkCard.waiting': () => act(() => clock.increment(LINK_DEBOUNCE_MS)),
          'xstate.done.actor.fetchPreview': () => act(() => fetchPreview.resolve(actor.getSnapshot().context.link === A ? CARD_A : CARD_B)),
          'xstate.error.actor.fetchPreview': () => act(() => fetchPreview.reject(new Error(UNREACHABLE))),
        },
        states,
      });
      // The page is asked for only after the text rested, once per wait, for the link of the moment.
      const waits = path.steps.filter((s) => s.event.type === 'xstate.after.debounce.linkCard.waiting').length;
      expect(fetchPreview.calls.length).toBe(waits);
    });
  });
});

describe('link card model coverage', () => {
  it('the three starts together cover every state and transition, each state asserted', () => {
    assertFullCoverage(linkCardMachine, pathsByInput.flat(), { stateTests: states, inputs: INPUTS, record: true });
  });
});
