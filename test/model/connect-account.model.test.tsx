import { act, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createActor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Notice } from '../../src/machines/toasts/notice';
import {
  ACCOUNTS_PATH,
  connectAccountMachine,
  connectedMessage,
  type ConnectValues,
} from '../../src/machines/connect-account/connect-account.machine';
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

function events(s: Snapshot): Event[] {
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
  return [...changes, { type: 'connect.submit' }];
}
const serializeState = (s: Snapshot) => {
  const { values, touched, submitted, errors } = s.context.form;
  return JSON.stringify([s.value, values, Object.keys(touched).sort(), submitted, errors, s.context.error]);
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
  ...blueskyModel.getPathsFromEvents(
    [
      { type: 'connect.submit' },
      { type: 'field.change', name: 'handle', value: '@Alice.bsky.social' },
      { type: 'field.change', name: 'service', value: '' },
    ],
    { fromState: createActor(connectAccountMachine, { input: { platform: 'bluesky' } }).getSnapshot(), serializeState },
  ),
];
const blueskyPaths = [...coveringPaths(blueskyModel, { minimal: true }), ...scenarios];

const OTHER_INPUTS = [{ platform: 'instagram' }, { platform: 'facebook' }, { platform: 'myspace' }];
const INPUTS = [{ platform: 'bluesky' }, ...OTHER_INPUTS];
const pathsByInput = [
  blueskyPaths,
  ...OTHER_INPUTS.map((input) => coveringPaths(createModel(connectAccountMachine, { events: [], input }))),
];

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

const states = {
  comingSoon: (s: Snapshot) => {
    const label = s.context.platform === 'instagram' ? 'Instagram' : 'Facebook';
    expect(screen.getByRole('heading', { level: 1, name: `Connect ${label}` })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`${label} ${SOCIAL_MESSAGES.comingSoon}`);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('link', { name: CONNECT_TEXT.back })).toHaveAttribute('href', ACCOUNTS_PATH);
  },
  invalidPlatform: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(SOCIAL_MESSAGES.invalidPlatform);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('link', { name: CONNECT_TEXT.back })).toHaveAttribute('href', ACCOUNTS_PATH);
  },
  editing: (s: Snapshot) => {
    expect(screen.getByRole('form', { name: CONNECT_TEXT.blueskyTitle })).toHaveAttribute('aria-busy', 'false');
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
    expect(screen.getByRole('button', { name: CONNECT_TEXT.submitting })).toBeDisabled();
  },
};

async function typeInto(user: UserEvent, name: keyof ConnectValues, value: string) {
  await user.clear(input(name));
  if (value) await user.type(input(name), value);
}

INPUTS.forEach((start, i) => {
  describe(`connect-account at /social-media/accounts/connect/${start.platform}`, () => {
    it.for(pathsByInput[i].map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
      const user = userEvent.setup();
      const connect = controlledPromise<SocialAccount, ConnectAccount>('connect');
      const notices: Notice[] = [];
      const navigations: string[] = [];
      const logged: unknown[] = [];
      const logic = connectAccountMachine.provide({
        actors: { connect: connect.logic },
        actions: {
          notify: (_, notice) => void notices.push(notice),
          navigate: (_, to) => void navigations.push(to),
          logFailure: (_, { error }) => void logged.push(error),
        },
      });
      render(
        <Router hook={memoryLocation({ path: `/social-media/accounts/connect/${start.platform}` }).hook}>
          <ConnectAccountPage logic={logic} platform={start.platform} />
        </Router>,
      );
      await path.test({
        events: {
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
  it('the four platforms together cover every state and transition, each state asserted', () => {
    expect(scenarios.every(Boolean)).toBe(true);
    assertFullCoverage(connectAccountMachine, pathsByInput.flat(), { stateTests: states, inputs: INPUTS, record: true });
  });
});
