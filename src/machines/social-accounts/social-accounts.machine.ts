import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { AccountRef, SocialAccount } from '../../schemas/social.schema';
import { PLATFORM_LABELS } from '../../schemas/social-platform.schema';
import { failureMessage } from '../shared/failure';
import type { Notice } from '../toasts/notice';

export type SocialAccountsEvent =
  | { type: 'accounts.retry' }
  | { type: 'accounts.disconnect'; account: AccountRef }
  | { type: 'accounts.confirmDisconnect' }
  | { type: 'accounts.cancelDisconnect' };

export interface SocialAccountsContext {
  accounts: SocialAccount[];
  /** The account the confirmation dialog asks about, or being disconnected. */
  pending: AccountRef | null;
  /** Why the accounts could not be read. */
  error: string | null;
  /** Why the last disconnect failed; the account stays. */
  disconnectError: string | null;
}

/** '@alice.bsky.social', or a Facebook Page's name as it is ('Studio Aurora'): Pages have no @handle. */
export const shownHandle = (account: AccountRef) => (account.platform === 'facebook' ? account.handle : `@${account.handle}`);
/** 'Bluesky @alice.bsky.social', 'Facebook Studio Aurora': how an account is named in messages. */
export const accountName = (account: AccountRef) => `${PLATFORM_LABELS[account.platform]} ${shownHandle(account)}`;
export const disconnectedMessage = (account: AccountRef) => `${accountName(account)} disconnected`;

const same = (a: AccountRef) => (b: AccountRef) => a.platform === b.platform && a.handle === b.handle;

/** The Social Media Accounts page: the connected accounts, and disconnecting one after a confirmation. */
export const socialAccountsMachine = setup({
  types: {
    context: {} as SocialAccountsContext,
    events: {} as SocialAccountsEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadAccounts: fromPromise<SocialAccount[], void>(async () => {
      throw new Error('loadAccounts not provided');
    }),
    disconnect: fromPromise<void, AccountRef>(async () => {
      throw new Error('disconnect not provided');
    }),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** Failures are logged as well as shown (requirements §8 logs social-media failures). */
    logFailure: (_, _failure: { error: unknown }) => {},
  },
  guards: {
    noAccounts: ({ context }) => context.accounts.length === 0,
  },
}).createMachine({
  id: 'socialAccounts',
  context: { accounts: [], pending: null, error: null, disconnectError: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAccounts',
        src: 'loadAccounts',
        onDone: { target: 'ready', actions: assign({ accounts: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => failureMessage(event.error) }),
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    failed: {
      description: "The danger alert 'Error loading social media accounts. Please try again later.' with a retry.",
      on: { 'accounts.retry': 'loading' },
    },
    empty: { description: 'No account connected yet: the page points to connecting Bluesky.' },
    ready: {
      always: { guard: 'noAccounts', target: 'empty' },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'accounts.disconnect': {
              target: 'confirming',
              actions: assign(({ event }) => {
                assertEvent(event, 'accounts.disconnect');
                return { pending: { platform: event.account.platform, handle: event.account.handle }, disconnectError: null };
              }),
            },
          },
        },
        confirming: {
          on: {
            'accounts.confirmDisconnect': 'disconnecting',
            'accounts.cancelDisconnect': { target: 'idle', actions: assign({ pending: null }) },
          },
        },
        disconnecting: {
          tags: ['busy'],
          invoke: {
            id: 'disconnect',
            src: 'disconnect',
            input: ({ context }) => context.pending!,
            onDone: {
              target: '#socialAccounts.ready',
              actions: [
                { type: 'notify', params: ({ context }) => ({ title: disconnectedMessage(context.pending!), toastType: 'success' }) },
                assign(({ context }) => ({ accounts: context.accounts.filter((a) => !same(context.pending!)(a)), pending: null })),
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  disconnectError: `Could not disconnect ${accountName(context.pending!)}: ${failureMessage(event.error)}`,
                  pending: null,
                })),
                { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
  },
});

export type SocialAccountsLogic = typeof socialAccountsMachine;
export type SocialAccountsRef = ActorRefFrom<typeof socialAccountsMachine>;
