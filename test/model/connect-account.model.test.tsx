import { act, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createActor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Notice } from '../../src/machines/toasts/notice';
import {
  ACCOUNTS_PATH,
  OAUTH_FAILURE_MESSAGES,
  connectAccountMachine,
  connectedMessage,
  type ConnectAccountInput,
  type ConnectValues,
} from '../../src/machines/connect-account/connect-account.machine';
import { IDENTIFIER_MESSAGE, type OAuthStart, type OAuthStarted } from '../../src/schemas/bluesky-oauth.schema';
import { visibleError } from '../../src/machines/shared/form';
import { ServiceError } from '../../src/services/api-error';
import {
  DEFAULT_BLUESKY_SERVICE,
  HANDLE_HINT,
  SOCIAL_MESSAGES,
  type ConnectAccount,
  type SocialAccount,
} from '../../src/schemas/social.schema';
import { ConnectAccountPage } from '../../src/views/connect-account/ConnectAccountPage';
import { CONNECT_TEXT } from '../../src/views/connect-account/connect-text';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof connectAccountMachine>;
type Event = ModelEvent<typeof connectAccountMachine>;

// What the server answers (server/social/accounts.routes.ts), as the social service throws it.
const WRONG_PASSWORD = new ServiceError('Invalid identifier or password', 400, 'BLUESKY_AUTH', {
  'credentials.appPassword': ['Invalid identifier or password'],
});
const UNREACHABLE = new ServiceError(
  'Could not reach https://pds.example.com. Check the server address, or try again later.',
  502,
  'BLUESKY_UNREACHABLE',
  {
    'credentials.service': ['Could not reach https://pds.example.com.'],
  },
);
const RATE_LIMITED = new ServiceError(
  'Bluesky is limiting sign-ins for this account right now. Try again in a few minutes.',
  429,
  'BLUESKY_RATE_LIMITED',
);
const REFUSALS = [WRONG_PASSWORD, UNREACHABLE, RATE_LIMITED];
// What POST /social/oauth/start answers when it cannot start (server/social/providers/bluesky/oauth/oauth.routes.ts).
const UNKNOWN_HANDLE = new ServiceError(
  'No Bluesky account @alice.bsky.social was found. Check the handle.',
  400,
  'BLUESKY_UNKNOWN_HANDLE',
  {
    identifier: ['No Bluesky account @alice.bsky.social was found. Check the handle.'],
  },
);
const OAUTH_UNAVAILABLE = new ServiceError(
  'Connecting with Bluesky needs the studio to be served on https (APP_URL). Use an app password instead.',
  400,
  'OAUTH_UNAVAILABLE',
);
const START_REFUSALS = [UNKNOWN_HANDLE, OAUTH_UNAVAILABLE];
const STARTED: OAuthStarted = { authorizeUrl: 'https://bsky.social/oauth/authorize?client_id=x&request_uri=urn%3Aexample' };
const OAUTH_LABEL = 'Handle or server address';
// What the artist types on the first screen: a handle with '@' and capitals, their own server, blank, not a handle.
const IDENTIFIERS = ['@Alice.bsky.social', 'https://pds.example.com', '', 'not a handle'];
const CONNECTED: SocialAccount = {
  platform: 'bluesky',
  handle: 'alice.bsky.social',
  service: DEFAULT_BLUESKY_SERVICE,
  connectedAt: '2026-11-02T12:00:00.000Z',
};

const LABELS: Record<keyof ConnectValues, string> = {
  handle: CONNECT_TEXT.handle,
  appPassword: CONNECT_TEXT.appPassword,
  service: CONNECT_TEXT.service,
};
// A few values per field: what the artist types (a handle with '@' and capitals), blank, and a server of their own or not a server.
const VALUES: Record<keyof ConnectValues, string[]> = {
  handle: ['@Alice.bsky.social', ''],
  appPassword: ['abcd-efgh-ijkl-mnop', ''],
  service: ['', 'https://pds.example.com', 'not a server'],
};

const pristine = (form: { touched: object; submitted: boolean }) => Object.keys(form.touched).length === 0 && !form.submitted;

function events(s: Snapshot): Event[] {
  if (s.matches('oauthStarting')) {
    return [
      { type: 'xstate.done.actor.startOAuth', output: STARTED },
      ...START_REFUSALS.map((error): Event => ({ type: 'xstate.error.actor.startOAuth', error })),
    ];
  }
  if (s.matches('oauthEditing')) {
    const changes = IDENTIFIERS.filter((v) => v !== s.context.oauthForm.values.identifier).map((value): Event => ({
      type: 'oauth.change',
      value,
    }));
    // Switching ways only from an untouched first screen: what is typed in one form never meets the other's (the
    // chart keeps both anyway), which keeps the model's states few.
    return [...changes, { type: 'oauth.submit' }, ...(pristine(s.context.oauthForm) ? [{ type: 'use.appPassword' } as Event] : [])];
  }
  if (s.matches('connecting')) {
    return [
      { type: 'xstate.done.actor.connect', output: CONNECTED },
      ...REFUSALS.map((error): Event => ({ type: 'xstate.error.actor.connect', error })),
    ];
  }
  if (!s.matches('editing')) return [];
  const changes = (Object.keys(VALUES) as Array<keyof ConnectValues>).flatMap((name) =>
    // Typing the value a field already holds changes nothing in a browser: never offered.
    VALUES[name].filter((value) => value !== s.context.form.values[name]).map((value): Event => ({ type: 'field.change', name, value })),
  );
  return [...changes, { type: 'connect.submit' }, ...(pristine(s.context.form) ? [{ type: 'use.oauth' } as Event] : [])];
}
const serializeState = (s: Snapshot) => {
  const { values, touched, submitted, errors } = s.context.form;
  const o = s.context.oauthForm;
  return JSON.stringify([
    s.value,
    values,
    Object.keys(touched).sort(),
    submitted,
    errors,
    o.values,
    Object.keys(o.touched),
    o.submitted,
    o.errors,
    s.context.error,
    s.context.returned,
  ]);
};

const blueskyModel = createModel(connectAccountMachine, { events, serializeState, input: { platform: 'bluesky' } });
const shortest = blueskyModel.getShortestPaths({ allowDuplicatePaths: true });
// Besides the chart's paths: each refusal of the server; a success with Bluesky's server and with one of the artist's;
// a server address that is not one; and a change after a refused submit, which re-validates the form.
const endingWith = (match: (p: (typeof shortest)[number]) => boolean) =>
  shortest.filter(match).sort((a, b) => a.steps.length - b.steps.length)[0];
const lastEvent = (p: (typeof shortest)[number]) => p.steps.at(-1)!.event as Event & { error?: unknown };
const scenarios = [
  ...REFUSALS.map((error) => endingWith((p) => lastEvent(p).error === error)),
  endingWith((p) => p.state.matches('connected') && p.state.context.form.values.service === ''),
  endingWith((p) => p.state.matches('connected') && p.state.context.form.values.service === 'https://pds.example.com'),
  endingWith((p) => p.state.context.form.values.service === 'not a server'),
  ...START_REFUSALS.map((error) => endingWith((p) => lastEvent(p).error === error)),
  endingWith((p) => p.state.matches('redirecting') && p.state.context.oauthForm.values.identifier === 'https://pds.example.com'),
  ...blueskyModel.getPathsFromEvents(
    [
      { type: 'use.appPassword' },
      { type: 'connect.submit' },
      { type: 'field.change', name: 'handle', value: '@Alice.bsky.social' },
      { type: 'field.change', name: 'service', value: '' },
    ],
    { fromState: createActor(connectAccountMachine, { input: { platform: 'bluesky' } }).getSnapshot(), serializeState },
  ),
];
const blueskyPaths = [...coveringPaths(blueskyModel, { minimal: true }), ...scenarios];

const OTHER_INPUTS: ConnectAccountInput[] = [
  // Instagram and Facebook have their own chart (meta-connect.model.test.tsx).
  { platform: 'myspace' },
  // Back from the PDS: connected, or not (each reason); and Reconnect, which fills the handle in.
  { platform: 'bluesky', returned: { outcome: 'connected', handle: 'alice.bsky.social' } },
  { platform: 'bluesky', returned: { outcome: 'failed', reason: 'denied' } },
  { platform: 'bluesky', returned: { outcome: 'failed', reason: 'expired' } },
  { platform: 'bluesky', returned: { outcome: 'failed', reason: 'error' } },
];
const RECONNECT: ConnectAccountInput = { platform: 'bluesky', handle: 'alice.bsky.social' };
const INPUTS: ConnectAccountInput[] = [{ platform: 'bluesky' }, ...OTHER_INPUTS, RECONNECT];
const pathsByInput = [
  blueskyPaths,
  ...OTHER_INPUTS.map((input) => coveringPaths(createModel(connectAccountMachine, { events: [], input }))),
  // Reconnecting: the handle is there already, so Continue goes straight to the PDS.
  createModel(connectAccountMachine, { events, serializeState, input: RECONNECT }).getPathsFromEvents(
    [{ type: 'oauth.submit' }, { type: 'xstate.done.actor.startOAuth', output: STARTED }],
    { fromState: createActor(connectAccountMachine, { input: RECONNECT }).getSnapshot(), serializeState },
  ),
];
const describeInput = (i: ConnectAccountInput) =>
  `${i.platform}${i.returned ? ` back from the PDS ${i.returned.outcome === 'connected' ? 'connected' : i.returned.reason}` : ''}${i.handle ? ' (reconnect)' : ''}`;

/** What the current test's provided actions did (states read it as well as the events). */
let run: { notices: Notice[]; navigations: string[]; redirects: string[]; input: ConnectAccountInput };

const input = (name: keyof ConnectValues) => screen.getByLabelText(LABELS[name]);

/** Every field shows its value and exactly the message the machine shows now, marked invalid when it has one. */
function expectFields(s: Snapshot) {
  for (const name of Object.keys(LABELS) as Array<keyof ConnectValues>) {
    expect(input(name)).toHaveValue(s.context.form.values[name]);
    const message = visibleError(s.context.form, name);
    if (message) {
      expect(input(name)).toHaveAttribute('aria-invalid', 'true');
      expect(input(name)).toHaveAccessibleErrorMessage(message);
    } else {
      expect(input(name)).not.toHaveAttribute('aria-invalid');
    }
  }
}

const oauthInput = () => screen.getByLabelText(OAUTH_LABEL);
const expectOAuthField = (s: Snapshot) => {
  expect(oauthInput()).toHaveValue(s.context.oauthForm.values.identifier);
  const message = visibleError(s.context.oauthForm, 'identifier');
  if (message) expect(oauthInput()).toHaveAccessibleErrorMessage(message);
  else expect(oauthInput()).not.toHaveAttribute('aria-invalid');
};

const states = {
  oauthEditing: (s: Snapshot) => {
    expect(screen.getByRole('form', { name: CONNECT_TEXT.continue })).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByText(CONNECT_TEXT.oauthIntro)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: CONNECT_TEXT.continue })).toBeEnabled();
    expect(screen.getByRole('button', { name: CONNECT_TEXT.useAppPassword })).toBeEnabled();
    expect(oauthInput()).toBeEnabled();
    expect(oauthInput()).toBeRequired();
    expect(oauthInput()).toHaveAttribute('placeholder', HANDLE_HINT);
    expect(oauthInput()).toHaveAccessibleDescription(expect.stringContaining(HANDLE_HINT));
    // No password is asked for on this screen.
    expect(screen.queryByLabelText(CONNECT_TEXT.appPassword)).toBeNull();
    expectOAuthField(s);
    if (s.context.oauthForm.values.identifier === 'not a handle' && visibleError(s.context.oauthForm, 'identifier'))
      expect(oauthInput()).toHaveAccessibleErrorMessage(IDENTIFIER_MESSAGE);
    const alert = screen.queryByRole('alert');
    if (s.context.error) expect(alert).toHaveTextContent(s.context.error);
    else expect(alert).toBeNull();
    if (run.input.returned?.outcome === 'failed' && s.context.error === OAUTH_FAILURE_MESSAGES[run.input.returned.reason])
      expect(alert).toHaveTextContent(OAUTH_FAILURE_MESSAGES[run.input.returned.reason]);
    expect(run.redirects).toEqual([]);
  },
  oauthStarting: (s: Snapshot) => {
    expect(screen.getByRole('form', { name: CONNECT_TEXT.continue })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: CONNECT_TEXT.continuing })).toBeDisabled();
    expect(screen.getByRole('button', { name: CONNECT_TEXT.useAppPassword })).toBeDisabled();
    expect(oauthInput()).toBeDisabled();
    expectOAuthField(s);
    expect(screen.queryByRole('alert')).toBeNull();
  },
  redirecting: () => {
    expect(screen.getByRole('button', { name: CONNECT_TEXT.redirecting })).toBeDisabled();
    expect(oauthInput()).toBeDisabled();
    expect(run.redirects).toEqual([STARTED.authorizeUrl]);
    expect(run.navigations).toEqual([]);
  },
  invalidPlatform: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(SOCIAL_MESSAGES.invalidPlatform);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('link', { name: CONNECT_TEXT.back })).toHaveAttribute('href', ACCOUNTS_PATH);
  },
  editing: (s: Snapshot) => {
    expect(screen.getByRole('form', { name: CONNECT_TEXT.blueskyTitle })).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByText(CONNECT_TEXT.intro)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: CONNECT_TEXT.useOAuth })).toBeEnabled();
    expect(screen.queryByLabelText(OAUTH_LABEL)).toBeNull();
    expect(screen.getByRole('button', { name: CONNECT_TEXT.submit })).toBeEnabled();
    expect(input('handle')).toBeEnabled();
    expect(input('handle')).toHaveAttribute('placeholder', HANDLE_HINT);
    expect(input('handle')).toHaveAccessibleDescription(expect.stringContaining(HANDLE_HINT));
    expect(input('appPassword')).toHaveAttribute('type', 'password');
    expect(input('appPassword')).toHaveAccessibleDescription(expect.stringContaining('not your account password'));
    expect(input('appPassword')).toBeRequired();
    expect(input('service')).not.toBeRequired();
    expectFields(s);
    // A refusal no field explains is told in an alert; one a field explains, under it only.
    const alert = screen.queryByRole('alert');
    if (s.context.error) expect(alert).toHaveTextContent(s.context.error);
    else expect(alert).toBeNull();
  },
  connecting: (s: Snapshot) => {
    expect(screen.getByRole('button', { name: CONNECT_TEXT.submitting })).toBeDisabled();
    expect(screen.getByRole('form', { name: CONNECT_TEXT.blueskyTitle })).toHaveAttribute('aria-busy', 'true');
    for (const name of Object.keys(LABELS) as Array<keyof ConnectValues>) expect(input(name)).toBeDisabled();
    expectFields(s);
    expect(screen.queryByRole('alert')).toBeNull();
  },
  connected: () => {
    if (run.input.returned?.outcome === 'connected') {
      // Back from the PDS connected: said, and on to the accounts.
      expect(run.notices).toEqual([{ title: 'Bluesky account @alice.bsky.social connected', toastType: 'success' }]);
      expect(screen.getByRole('button', { name: CONNECT_TEXT.continuing })).toBeDisabled();
    } else expect(screen.getByRole('button', { name: CONNECT_TEXT.submitting })).toBeDisabled();
    expect(run.navigations).toEqual([ACCOUNTS_PATH]);
  },
};

async function typeIntoOAuth(user: UserEvent, value: string) {
  await user.clear(oauthInput());
  if (value) await user.type(oauthInput(), value);
}

async function typeInto(user: UserEvent, name: keyof ConnectValues, value: string) {
  await user.clear(input(name));
  if (value) await user.type(input(name), value);
}

INPUTS.forEach((start, i) => {
  describe(`connect-account at /social-media/accounts/connect/${describeInput(start)}`, () => {
    it.for(pathsByInput[i].map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
      const user = userEvent.setup();
      const connect = controlledPromise<SocialAccount, ConnectAccount>('connect');
      const startOAuth = controlledPromise<OAuthStarted, OAuthStart>('startOAuth');
      const logged: unknown[] = [];
      run = { notices: [], navigations: [], redirects: [], input: start };
      const { notices, navigations } = run;
      const logic = connectAccountMachine.provide({
        actors: { connect: connect.logic, startOAuth: startOAuth.logic },
        actions: {
          notify: (_, notice) => void run.notices.push(notice),
          navigate: (_, to) => void run.navigations.push(to),
          redirect: (_, url) => void run.redirects.push(url),
          logFailure: (_, { error }) => void logged.push(error),
        },
      });
      render(
        <Router hook={memoryLocation({ path: `/social-media/accounts/connect/${start.platform}` }).hook}>
          <ConnectAccountPage logic={logic} platform={start.platform} handle={start.handle} returned={start.returned} />
        </Router>,
      );
      await path.test({
        events: {
          'oauth.change': ({ event }) => typeIntoOAuth(user, (event as Extract<Event, { type: 'oauth.change' }>).value),
          'oauth.submit': async () => {
            const calls = startOAuth.calls.length;
            await user.click(screen.getByRole('button', { name: CONNECT_TEXT.continue }));
            if (!startOAuth.pending) expect(startOAuth.calls).toHaveLength(calls);
          },
          'use.appPassword': () => user.click(screen.getByRole('button', { name: CONNECT_TEXT.useAppPassword })),
          'use.oauth': () => user.click(screen.getByRole('button', { name: CONNECT_TEXT.useOAuth })),
          'xstate.done.actor.startOAuth': async ({ state }) => {
            const typed = (state as Snapshot).context.oauthForm.values.identifier;
            // Trimmed; the server takes the '@' off and lower-cases a handle.
            expect(startOAuth.calls.at(-1)).toEqual({ identifier: typed.trim() });
            await act(() => startOAuth.resolve(STARTED));
          },
          'xstate.error.actor.startOAuth': async ({ event }) => {
            const { error } = event as unknown as { error: ServiceError };
            await act(() => startOAuth.reject(error));
            expect(logged.at(-1)).toBe(error);
            expect(run.redirects).toEqual([]);
            if (error === UNKNOWN_HANDLE) expect(oauthInput()).toHaveAccessibleErrorMessage(UNKNOWN_HANDLE.message);
            if (error === OAUTH_UNAVAILABLE) expect(screen.getByRole('alert')).toHaveTextContent(OAUTH_UNAVAILABLE.message);
          },
          'field.change': ({ event }) => {
            const { name, value } = event as Extract<Event, { type: 'field.change' }>;
            return typeInto(user, name, value);
          },
          'connect.submit': async () => {
            const calls = connect.calls.length;
            await user.click(screen.getByRole('button', { name: CONNECT_TEXT.submit }));
            // An invalid form asks nothing.
            if (!connect.pending) expect(connect.calls).toHaveLength(calls);
          },
          'xstate.done.actor.connect': async ({ state }) => {
            const { service } = (state as Snapshot).context.form.values;
            // The handle as Bluesky knows it (no '@', lower case); a blank server address means Bluesky's own.
            expect(connect.calls.at(-1)).toEqual({
              platform: 'bluesky',
              handle: 'alice.bsky.social',
              credentials: { identifier: 'alice.bsky.social', appPassword: 'abcd-efgh-ijkl-mnop', service: service || undefined },
            });
            await act(() => connect.resolve(CONNECTED));
            expect(notices).toEqual([{ title: connectedMessage(CONNECTED), toastType: 'success' }]);
            expect(notices[0].title).toBe('Bluesky account @alice.bsky.social connected');
            expect(navigations).toEqual([ACCOUNTS_PATH]);
          },
          'xstate.error.actor.connect': async ({ event }) => {
            const { error } = event as unknown as { error: ServiceError };
            await act(() => connect.reject(error));
            expect(logged.at(-1)).toBe(error);
            expect(navigations).toEqual([]);
            // Nothing typed is lost.
            expect(input('appPassword')).toHaveValue('abcd-efgh-ijkl-mnop');
            if (error === WRONG_PASSWORD) expect(input('appPassword')).toHaveAccessibleErrorMessage('Invalid identifier or password');
            if (error === UNREACHABLE) expect(input('service')).toHaveAccessibleErrorMessage('Could not reach https://pds.example.com.');
            if (error === RATE_LIMITED) expect(screen.getByRole('alert')).toHaveTextContent(RATE_LIMITED.message);
          },
        },
        states,
      });
    });
  });
});

describe('connect-account model coverage', () => {
  it('the platforms and the returns from the PDS together cover every state and transition, each state asserted', () => {
    expect(scenarios.every(Boolean)).toBe(true);
    assertFullCoverage(connectAccountMachine, pathsByInput.flat(), { stateTests: states, inputs: INPUTS, record: true });
  });
});
