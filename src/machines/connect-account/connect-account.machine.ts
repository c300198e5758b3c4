import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { DEFAULT_BLUESKY_SERVICE, blueskyConnectFormSchema, type ConnectAccount, type SocialAccount } from '../../schemas/social.schema';
import { PLATFORM_LABELS } from '../../schemas/social-platform.schema';
import { changeField, emptyForm, isFormValid, submitForm, withServerErrors, type FormContext } from '../shared/form';
import { failureFieldErrors, failureMessage } from '../shared/failure';
import type { Notice } from '../toasts/notice';

export type ConnectValues = { handle: string; appPassword: string; service: string };

export interface ConnectAccountInput {
  /** The :platform of the address, as typed. */
  platform: string;
}

export interface ConnectAccountContext {
  platform: string;
  form: FormContext<ConnectValues>;
  /** A failure no field explains (rate limit, an account the server refused): shown in an alert. */
  error: string | null;
}

export type ConnectAccountEvent = { type: 'field.change'; name: keyof ConnectValues; value: string } | { type: 'connect.submit' };

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
 * The Connect screen: Bluesky's form (handle, app password, server address), re-validated on every change; the other
 * known platforms are coming soon and anything else is not a platform. A refusal keeps everything typed.
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
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    navigate: (_, _to: string) => {},
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
    comingSoon: ({ context }) => context.platform === 'instagram' || context.platform === 'facebook',
    formValid: ({ context }) => isFormValid(context.form, blueskyConnectFormSchema),
  },
}).createMachine({
  id: 'connectAccount',
  context: ({ input }) => ({
    platform: input.platform,
    form: emptyForm({ handle: '', appPassword: '', service: DEFAULT_BLUESKY_SERVICE }),
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isBluesky', target: 'editing' }, { guard: 'comingSoon', target: 'comingSoon' }, { target: 'invalidPlatform' }],
    },
    comingSoon: { description: "Instagram and Facebook: '{Platform} integration coming soon'." },
    invalidPlatform: { description: 'Not a platform: the message and a link back to the accounts.' },
    editing: {
      on: {
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
