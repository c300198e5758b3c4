import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { DEFAULT_BLUESKY_SERVICE, blueskyConnectFormSchema, type ConnectAccount, type SocialAccount } from '../../schemas/social.schema';
import { blueskyOAuthFormSchema, type OAuthFailure, type OAuthStart, type OAuthStarted } from '../../schemas/bluesky-oauth.schema';
import { PLATFORM_LABELS } from '../../schemas/social-platform.schema';
import { changeField, emptyForm, isFormValid, submitForm, withServerErrors, type FormContext } from '../shared/form';
import { failureFieldErrors, failureMessage } from '../shared/failure';
import type { Notice } from '../toasts/notice';

export type ConnectValues = { handle: string; appPassword: string; service: string };
export type OAuthValues = { identifier: string };

/** How the browser came back from the PDS (the callback's query), if it did. */
export type OAuthReturn = { outcome: 'connected'; handle: string } | { outcome: 'failed'; reason: OAuthFailure };

export interface ConnectAccountInput {
  /** The :platform of the address, as typed. */
  platform: string;
  /** The handle to connect again (Reconnect on an account card). */
  handle?: string;
  returned?: OAuthReturn;
}

export interface ConnectAccountContext {
  platform: string;
  /** "Continue with Bluesky": the handle or server address to sign in at. */
  oauthForm: FormContext<OAuthValues>;
  /** "Use an app password instead". */
  form: FormContext<ConnectValues>;
  /** A failure no field explains (rate limit, an account the server refused, a denied sign-in): shown in an alert. */
  error: string | null;
  returned: OAuthReturn | null;
}

export type ConnectAccountEvent =
  | { type: 'oauth.change'; value: string }
  | { type: 'oauth.submit' }
  | { type: 'use.appPassword' }
  | { type: 'use.oauth' }
  | { type: 'field.change'; name: keyof ConnectValues; value: string }
  | { type: 'connect.submit' };

/** What the artist reads when they come back from their server without a connection. */
export const OAUTH_FAILURE_MESSAGES: Record<OAuthFailure, string> = {
  denied: 'Bluesky was not given access, so nothing was connected. Continue with Bluesky again when you are ready.',
  expired: 'That sign-in took too long or was already used. Continue with Bluesky to start again.',
  error: 'Bluesky could not be connected. Try again, or use an app password instead.',
};

export const connectedMessage = (account: Pick<SocialAccount, 'platform' | 'handle'>) =>
  `${PLATFORM_LABELS[account.platform]} account @${account.handle} connected`;
export const ACCOUNTS_PATH = '/social-media/accounts';

/** The server names the fields of its payload; the form's fields are these. */
const FORM_FIELD_OF: Record<string, keyof ConnectValues> = {
  handle: 'handle',
  'credentials.identifier': 'handle',
  'credentials.appPassword': 'appPassword',
  'credentials.service': 'service',
};

/** The server's field messages, moved from its field names to the form's. */
const formFieldErrors = (error: unknown): Partial<Record<keyof ConnectValues, string>> => {
  const out: Partial<Record<keyof ConnectValues, string>> = {};
  for (const [key, message] of Object.entries(failureFieldErrors(error))) {
    const field = FORM_FIELD_OF[key];
    if (field) out[field] ??= message;
  }
  return out;
};

/** The payload of POST /social-media/accounts: a blank server address means Bluesky's own. */
export function toConnectAccount(values: ConnectValues): ConnectAccount {
  const form = blueskyConnectFormSchema.parse(values);
  const handle = form.handle.replace(/^@/, '');
  return {
    platform: 'bluesky',
    handle,
    credentials: { identifier: handle, appPassword: form.appPassword, service: form.service || undefined },
  };
}

/**
 * The Connect screen. Bluesky: "Continue with Bluesky" (a handle or server address, then the PDS's own sign-in page,
 * then back here connected or with why not), or, as a second way, the app-password form (handle, app password, server
 * address), re-validated on every change. Instagram and Facebook have their own chart (meta-connect.machine.ts); anything
 * else is not a platform. A refusal keeps everything typed.
 */
export const connectAccountMachine = setup({
  types: {
    context: {} as ConnectAccountContext,
    events: {} as ConnectAccountEvent,
    input: {} as ConnectAccountInput,
    tags: {} as 'busy',
  },
  actors: {
    connect: fromPromise<SocialAccount, ConnectAccount>(async () => {
      throw new Error('connect not provided');
    }),
    startOAuth: fromPromise<OAuthStarted, OAuthStart>(async () => {
      throw new Error('startOAuth not provided');
    }),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    navigate: (_, _to: string) => {},
    /** Leaves the app for the PDS's authorization page (a full page load: the PDS sends the browser back). */
    redirect: (_, _url: string) => {},
    oauthChange: assign(({ context, event }) =>
      event.type === 'oauth.change' ? { oauthForm: changeField(context.oauthForm, blueskyOAuthFormSchema, 'identifier', event.value) } : {},
    ),
    oauthValidateAll: assign(({ context }) => ({ oauthForm: submitForm(context.oauthForm, blueskyOAuthFormSchema) })),
    showOAuthRefusal: assign(({ context }, { error }: { error: unknown }) => {
      const message = failureFieldErrors(error).identifier;
      return {
        oauthForm: withServerErrors(context.oauthForm, message ? { identifier: message } : {}),
        error: message ? null : failureMessage(error),
      };
    }),
    logFailure: (_, _failure: { error: unknown }) => {},
    change: assign(({ context, event }) =>
      event.type === 'field.change' ? { form: changeField(context.form, blueskyConnectFormSchema, event.name, event.value) } : {},
    ),
    /** Marks a submit: every message shows, and the server's from the last attempt are dropped. */
    validateAll: assign(({ context }) => ({ form: submitForm(context.form, blueskyConnectFormSchema) })),
    /** Messages the server gives for a field go under it; any other goes in the alert. */
    showRefusal: assign(({ context }, { error }: { error: unknown }) => {
      const fields = formFieldErrors(error);
      return { form: withServerErrors(context.form, fields), error: Object.keys(fields).length ? null : failureMessage(error) };
    }),
  },
  guards: {
    isBluesky: ({ context }) => context.platform === 'bluesky',
    returnedConnected: ({ context }) => context.platform === 'bluesky' && context.returned?.outcome === 'connected',
    oauthValid: ({ context }) => isFormValid(context.oauthForm, blueskyOAuthFormSchema),
    formValid: ({ context }) => isFormValid(context.form, blueskyConnectFormSchema),
  },
}).createMachine({
  id: 'connectAccount',
  context: ({ input }) => ({
    platform: input.platform,
    oauthForm: emptyForm({ identifier: input.handle ?? '' }),
    form: emptyForm({ handle: input.handle ?? '', appPassword: '', service: DEFAULT_BLUESKY_SERVICE }),
    error: input.returned?.outcome === 'failed' ? OAUTH_FAILURE_MESSAGES[input.returned.reason] : null,
    returned: input.returned ?? null,
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
                title: connectedMessage({ platform: 'bluesky', handle: (context.returned as { handle: string }).handle }),
                toastType: 'success',
              }),
            },
            { type: 'navigate', params: ACCOUNTS_PATH },
          ],
        },
        { guard: 'isBluesky', target: 'oauthEditing' },
        { target: 'invalidPlatform' },
      ],
    },
    oauthEditing: {
      description:
        '"Continue with Bluesky": a handle or server address, then the PDS\'s own sign-in page. A failed return from the PDS shows here, in the alert.',
      on: {
        'oauth.change': { actions: 'oauthChange' },
        'oauth.submit': [
          { guard: 'oauthValid', target: 'oauthStarting', actions: ['oauthValidateAll', assign({ error: null })] },
          { actions: 'oauthValidateAll' },
        ],
        'use.appPassword': { target: 'editing', actions: assign({ error: null }) },
      },
    },
    oauthStarting: {
      description: "The server finds the account's server and asks it for a sign-in page.",
      tags: ['busy'],
      invoke: {
        id: 'startOAuth',
        src: 'startOAuth',
        input: ({ context }) => blueskyOAuthFormSchema.parse(context.oauthForm.values),
        onDone: { target: 'redirecting', actions: { type: 'redirect', params: ({ event }) => event.output.authorizeUrl } },
        onError: {
          target: 'oauthEditing',
          actions: [
            { type: 'showOAuthRefusal', params: ({ event }) => ({ error: event.error }) },
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    redirecting: {
      type: 'final',
      description: "The browser is on its way to the PDS's page; it comes back to this screen with the result.",
      tags: ['busy'],
    },
    invalidPlatform: { description: 'Not a platform: the message and a link back to the accounts.' },
    editing: {
      description: '"Use an app password instead": handle, app password and server address, as before OAuth.',
      on: {
        'use.oauth': { target: 'oauthEditing', actions: assign({ error: null }) },
        'field.change': { actions: 'change' },
        'connect.submit': [
          { guard: 'formValid', target: 'connecting', actions: ['validateAll', assign({ error: null })] },
          { actions: 'validateAll' },
        ],
      },
    },
    connecting: {
      description: 'Bluesky is asked to sign in once with the app password; the form waits, read-only.',
      tags: ['busy'],
      invoke: {
        id: 'connect',
        src: 'connect',
        input: ({ context }) => toConnectAccount(context.form.values),
        onDone: {
          target: 'connected',
          actions: [
            { type: 'notify', params: ({ event }) => ({ title: connectedMessage(event.output), toastType: 'success' }) },
            { type: 'navigate', params: ACCOUNTS_PATH },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    connected: { type: 'final', tags: ['busy'] },
  },
});

export type ConnectAccountLogic = typeof connectAccountMachine;
export type ConnectAccountRef = ActorRefFrom<typeof connectAccountMachine>;
