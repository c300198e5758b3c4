import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  META_FAILURE_MESSAGES,
  type FacebookPage,
  type FacebookPageChoice,
  type MetaAvailability,
  type MetaFailure,
  type MetaNetwork,
  type MetaStarted,
  type NetworkAvailability,
} from '../../schemas/meta-connect.schema';
import type { SocialAccount } from '../../schemas/social.schema';
import { PLATFORM_LABELS } from '../../schemas/social-platform.schema';
import { failureMessage } from '../shared/failure';
import type { Notice } from '../toasts/notice';
import { ACCOUNTS_PATH } from './connect-account.machine';

/** How Meta's callback sent the browser back to this screen (its query), if it did. */
export type MetaReturn =
  { result: 'connected'; handle: string } | { result: 'choose-page'; flow: string } | { result: 'failed'; reason: MetaFailure };

export interface MetaConnectInput {
  network: MetaNetwork;
  returned?: MetaReturn;
}

export interface MetaConnectContext {
  network: MetaNetwork;
  returned: MetaReturn | null;
  /** Whether the studio offers the network, and if not why (read on arrival). */
  availability: NetworkAvailability | null;
  /** The Facebook Pages to choose from, and the sign-in they belong to. */
  pages: FacebookPage[];
  /** The Page being connected. */
  chosen: string | null;
  /** What went wrong last (a failed return from Meta, a refused start, a Page not connected), shown in an alert. */
  error: string | null;
}

export type MetaConnectEvent = { type: 'meta.start' } | { type: 'availability.retry' } | { type: 'page.choose'; pageId: string };

/** 'Instagram account @studio.aurora connected', 'Facebook Page Studio Aurora connected'. */
export const metaConnectedMessage = (network: MetaNetwork, handle: string) =>
  network === 'facebook' ? `Facebook Page ${handle} connected` : `Instagram account @${handle} connected`;

const failureText = (network: MetaNetwork, returned: MetaReturn | undefined) =>
  returned?.result === 'failed' ? META_FAILURE_MESSAGES[returned.reason](PLATFORM_LABELS[network]) : null;

const flowOf = (context: MetaConnectContext) => (context.returned?.result === 'choose-page' ? context.returned.flow : '');

/**
 * Connecting Instagram or Facebook: the studio says whether it offers the network (its operator may not have set it up,
 * or it is not on https); "Continue with …" leaves for Meta's own sign-in, which comes back here connected, failed
 * (the reason, in the artist's words), or, for a person with several Facebook Pages, with the Pages to choose from.
 */
export const metaConnectMachine = setup({
  types: {
    context: {} as MetaConnectContext,
    events: {} as MetaConnectEvent,
    input: {} as MetaConnectInput,
    tags: {} as 'busy',
  },
  actors: {
    loadAvailability: fromPromise<MetaAvailability, void>(async () => {
      throw new Error('loadAvailability not provided');
    }),
    start: fromPromise<MetaStarted, MetaNetwork>(async () => {
      throw new Error('start not provided');
    }),
    loadPages: fromPromise<FacebookPage[], string>(async () => {
      throw new Error('loadPages not provided');
    }),
    choosePage: fromPromise<SocialAccount, FacebookPageChoice>(async () => {
      throw new Error('choosePage not provided');
    }),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    navigate: (_, _to: string) => {},
    /** Leaves the app for Meta's sign-in page (a full page load: Meta sends the browser back). */
    redirect: (_, _url: string) => {},
    logFailure: (_, _failure: { error: unknown }) => {},
    showFailure: assign((_, { error }: { error: unknown }) => ({ error: failureMessage(error) })),
  },
  guards: {
    returnedConnected: ({ context }) => context.returned?.result === 'connected',
    returnedChoosePage: ({ context }) => context.returned?.result === 'choose-page',
    offered: ({ context, event }) => (event as unknown as { output: MetaAvailability }).output[context.network].offered,
    noPages: ({ event }) => (event as unknown as { output: FacebookPage[] }).output.length === 0,
  },
}).createMachine({
  id: 'metaConnect',
  context: ({ input }) => ({
    network: input.network,
    returned: input.returned ?? null,
    availability: null,
    pages: [],
    chosen: null,
    error: failureText(input.network, input.returned),
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        {
          guard: 'returnedConnected',
          target: 'connected',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({
                title: metaConnectedMessage(context.network, (context.returned as { handle: string }).handle),
                toastType: 'success',
              }),
            },
            { type: 'navigate', params: ACCOUNTS_PATH },
          ],
        },
        { guard: 'returnedChoosePage', target: 'loadingPages' },
        { target: 'checking' },
      ],
    },
    checking: {
      description: 'Asks the server whether it offers the network (GET /social-media/availability).',
      tags: ['busy'],
      invoke: {
        id: 'loadAvailability',
        src: 'loadAvailability',
        onDone: [
          { guard: 'offered', target: 'ready', actions: assign({ availability: ({ context, event }) => event.output[context.network] }) },
          { target: 'unavailable', actions: assign({ availability: ({ context, event }) => event.output[context.network] }) },
        ],
        onError: {
          target: 'checkFailed',
          actions: [
            { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    checkFailed: {
      description: 'The server could not say: its message and Try again.',
      on: { 'availability.retry': { target: 'checking', actions: assign({ error: null }) } },
    },
    unavailable: {
      description: "Not offered: the server's reason (the operator has not set it up, or the studio is not on https).",
    },
    ready: {
      description: '"Continue with Instagram" (or Facebook); a failed return from Meta, or a refused start, shows above it.',
      on: { 'meta.start': { target: 'starting', actions: assign({ error: null }) } },
    },
    starting: {
      description: "The server makes a single-use sign-in for this browser and answers Meta's page.",
      tags: ['busy'],
      invoke: {
        id: 'start',
        src: 'start',
        input: ({ context }) => context.network,
        onDone: { target: 'redirecting', actions: { type: 'redirect', params: ({ event }) => event.output.authorizeUrl } },
        onError: {
          target: 'ready',
          actions: [
            { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    redirecting: {
      type: 'final',
      description: "The browser is on its way to Meta's page; it comes back to this screen with the result.",
      tags: ['busy'],
    },
    loadingPages: {
      description: 'Back from Facebook with several Pages: the server lists them for this sign-in.',
      tags: ['busy'],
      invoke: {
        id: 'loadPages',
        src: 'loadPages',
        input: ({ context }) => flowOf(context),
        onDone: [
          {
            guard: 'noPages',
            target: 'checking',
            actions: assign({ error: ({ context }) => META_FAILURE_MESSAGES['no-page'](PLATFORM_LABELS[context.network]) }),
          },
          { target: 'choosingPage', actions: assign({ pages: ({ event }) => event.output }) },
        ],
        // The sign-in expired or is another's: said, and Continue with Facebook starts again.
        onError: {
          target: 'checking',
          actions: [
            { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    choosingPage: {
      description: 'The Pages the person manages: the artist picks the one the studio posts to, or starts again.',
      on: {
        'page.choose': {
          target: 'connectingPage',
          actions: assign(({ event }) => {
            assertEvent(event, 'page.choose');
            return { chosen: event.pageId, error: null };
          }),
        },
        'meta.start': { target: 'starting', actions: assign({ error: null }) },
      },
    },
    connectingPage: {
      description: 'The server connects the chosen Page with its own token (which never reaches the browser).',
      tags: ['busy'],
      invoke: {
        id: 'choosePage',
        src: 'choosePage',
        input: ({ context }) => ({ flow: flowOf(context), pageId: context.chosen ?? '' }),
        onDone: {
          target: 'connected',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({ title: metaConnectedMessage('facebook', event.output.handle), toastType: 'success' }),
            },
            { type: 'navigate', params: ACCOUNTS_PATH },
          ],
        },
        onError: {
          target: 'choosingPage',
          actions: [
            { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    connected: { type: 'final', tags: ['busy'], description: 'Said in a toast; on to the accounts.' },
  },
});

export type MetaConnectLogic = typeof metaConnectMachine;
export type MetaConnectRef = ActorRefFrom<typeof metaConnectMachine>;
