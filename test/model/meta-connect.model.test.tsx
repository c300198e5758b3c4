import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Notice } from '../../src/machines/toasts/notice';
import { ACCOUNTS_PATH } from '../../src/machines/connect-account/connect-account.machine';
import { metaConnectMachine, metaConnectedMessage, type MetaConnectInput } from '../../src/machines/connect-account/meta-connect.machine';
import {
  META_FAILURE_MESSAGES,
  type FacebookPage,
  type FacebookPageChoice,
  type MetaAvailability,
  type MetaNetwork,
  type MetaStarted,
} from '../../src/schemas/meta-connect.schema';
import type { SocialAccount } from '../../src/schemas/social.schema';
import { ServiceError } from '../../src/services/api-error';
import { MetaConnectPage } from '../../src/views/connect-account/MetaConnectPage';
import { META_CONNECT_TEXT } from '../../src/views/connect-account/meta-connect-text';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof metaConnectMachine>;
type Event = ModelEvent<typeof metaConnectMachine>;

// What GET /api/social-media/availability answers (server/social/providers/meta/meta-availability.ts).
const OFFERED: MetaAvailability = { instagram: { offered: true }, facebook: { offered: true } };
const NOT_SET_UP_TEXT = 'The studio’s operator has not set up Instagram yet (INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET).';
const NOT_PUBLIC_TEXT = 'Instagram and Facebook need the studio on an https address: Meta fetches each post’s pictures from it.';
const NOT_SET_UP: MetaAvailability = {
  instagram: { offered: false, reason: 'not-set-up', message: NOT_SET_UP_TEXT },
  facebook: { offered: false, reason: 'not-set-up', message: NOT_SET_UP_TEXT },
};
const NOT_PUBLIC: MetaAvailability = {
  instagram: { offered: false, reason: 'not-public', message: NOT_PUBLIC_TEXT },
  facebook: { offered: false, reason: 'not-public', message: NOT_PUBLIC_TEXT },
};
const AVAILABILITIES = [OFFERED, NOT_SET_UP, NOT_PUBLIC];
const SERVER_DOWN = new ServiceError('The server answered with an error (502). Try again.', 502);
const START_REFUSED = new ServiceError(NOT_SET_UP_TEXT, 400, 'META_NOT_SET_UP');
const FLOW_GONE = new ServiceError('That Facebook sign-in has expired or is not yours. Start again.', 404, 'NOT_FOUND');
const PAGE_REFUSED = new ServiceError('Choose one of your Pages', 400, 'VALIDATION', { pageId: ['Choose one of your Pages'] });
const STARTED: MetaStarted = { authorizeUrl: 'https://www.instagram.com/oauth/authorize?client_id=1&state=s' };
const PAGES: FacebookPage[] = [
  { pageId: '1001', name: 'Studio Aurora' },
  { pageId: '1002', name: 'Aurora Prints' },
];
const PAGE_ACCOUNT: SocialAccount = {
  platform: 'facebook',
  handle: 'Aurora Prints',
  service: null,
  connectedAt: '2026-11-28T12:00:00.000Z',
  externalId: '1002',
};

function events(s: Snapshot): Event[] {
  if (s.matches('checking'))
    return [
      ...AVAILABILITIES.map((output): Event => ({ type: 'xstate.done.actor.loadAvailability', output })),
      { type: 'xstate.error.actor.loadAvailability', error: SERVER_DOWN },
    ];
  if (s.matches('checkFailed')) return [{ type: 'availability.retry' }];
  if (s.matches('ready')) return [{ type: 'meta.start' }];
  if (s.matches('starting'))
    return [
      { type: 'xstate.done.actor.start', output: STARTED },
      { type: 'xstate.error.actor.start', error: START_REFUSED },
    ];
  if (s.matches('loadingPages'))
    return [
      { type: 'xstate.done.actor.loadPages', output: PAGES },
      { type: 'xstate.done.actor.loadPages', output: [] },
      { type: 'xstate.error.actor.loadPages', error: FLOW_GONE },
    ];
  if (s.matches('choosingPage')) return [...PAGES.map((p): Event => ({ type: 'page.choose', pageId: p.pageId })), { type: 'meta.start' }];
  if (s.matches('connectingPage'))
    return [
      { type: 'xstate.done.actor.choosePage', output: PAGE_ACCOUNT },
      { type: 'xstate.error.actor.choosePage', error: PAGE_REFUSED },
    ];
  return [];
}
const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.error, s.context.availability, s.context.pages.length, s.context.chosen]);

const INPUTS: MetaConnectInput[] = [
  { network: 'instagram' },
  { network: 'facebook' },
  // Back from Meta: connected, each failure, and the Pages to choose from.
  { network: 'instagram', returned: { result: 'connected', handle: 'studio.aurora' } },
  { network: 'facebook', returned: { result: 'connected', handle: 'Studio Aurora' } },
  { network: 'instagram', returned: { result: 'failed', reason: 'not-professional' } },
  { network: 'facebook', returned: { result: 'failed', reason: 'no-page' } },
  { network: 'instagram', returned: { result: 'failed', reason: 'denied' } },
  { network: 'facebook', returned: { result: 'choose-page', flow: 'flow-1' } },
];
const pathsByInput = INPUTS.map((input) => coveringPaths(createModel(metaConnectMachine, { events, serializeState, input })));
const describeInput = (i: MetaConnectInput) =>
  `${i.network}${i.returned ? ` back from Meta ${i.returned.result === 'failed' ? i.returned.reason : i.returned.result}` : ''}`;

let run: {
  notices: Notice[];
  navigations: string[];
  redirects: string[];
  logged: unknown[];
  input: MetaConnectInput;
};
const label = (n: MetaNetwork) => (n === 'instagram' ? 'Instagram' : 'Facebook');

const expectTitle = (s: Snapshot) => {
  expect(screen.getByRole('heading', { level: 1, name: `Connect ${label(s.context.network)}` })).toBeInTheDocument();
  expect(screen.getByText(META_CONNECT_TEXT.intro[s.context.network])).toBeInTheDocument();
};
const expectErrorAlert = (s: Snapshot) => {
  const alert = screen.queryByRole('alert');
  if (s.context.error) expect(alert).toHaveTextContent(s.context.error);
  else expect(alert).toBeNull();
  const r = run.input.returned;
  if (r?.result === 'failed' && s.context.error === META_FAILURE_MESSAGES[r.reason](label(run.input.network)))
    expect(alert).toHaveTextContent(META_FAILURE_MESSAGES[r.reason](label(run.input.network)));
};
const pageButton = (name: string) => screen.getByRole('button', { name: `Connect ${name}` });

const states = {
  checking: (s: Snapshot) => {
    expectTitle(s);
    expect(screen.getByRole('status')).toHaveTextContent(META_CONNECT_TEXT.checking(s.context.network));
    expect(screen.queryByRole('button', { name: META_CONNECT_TEXT.continue(s.context.network) })).toBeNull();
  },
  checkFailed: (s: Snapshot) => {
    expectTitle(s);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(SERVER_DOWN.message);
    expect(within(alert).getByRole('button', { name: META_CONNECT_TEXT.retry })).toBeEnabled();
    expect(run.logged.at(-1)).toBe(SERVER_DOWN);
  },
  unavailable: (s: Snapshot) => {
    expectTitle(s);
    const message = s.context.availability && !s.context.availability.offered ? s.context.availability.message : 'offered';
    expect([NOT_SET_UP_TEXT, NOT_PUBLIC_TEXT]).toContain(message);
    expect(screen.getByRole('status')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: META_CONNECT_TEXT.continue(s.context.network) })).toBeNull();
    expect(screen.getByRole('link', { name: META_CONNECT_TEXT.back })).toHaveAttribute('href', ACCOUNTS_PATH);
  },
  ready: (s: Snapshot) => {
    expectTitle(s);
    expect(screen.getByRole('button', { name: META_CONNECT_TEXT.continue(s.context.network) })).toBeEnabled();
    expect(screen.getByRole('link', { name: META_CONNECT_TEXT.cancel })).toHaveAttribute('href', ACCOUNTS_PATH);
    expectErrorAlert(s);
    expect(run.redirects).toEqual([]);
  },
  starting: (s: Snapshot) => {
    expect(screen.getByRole('button', { name: META_CONNECT_TEXT.starting(s.context.network) })).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
  },
  redirecting: (s: Snapshot) => {
    expect(screen.getByRole('button', { name: META_CONNECT_TEXT.redirecting(s.context.network) })).toBeDisabled();
    expect(run.redirects).toEqual([STARTED.authorizeUrl]);
    expect(run.navigations).toEqual([]);
  },
  loadingPages: () => {
    expect(screen.getByRole('status')).toHaveTextContent(META_CONNECT_TEXT.loadingPages);
    expect(screen.queryByRole('button', { name: /^Connect / })).toBeNull();
  },
  choosingPage: (s: Snapshot) => {
    const list = screen.getByRole('list', { name: META_CONNECT_TEXT.pagesTitle });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Studio AuroraConnect', 'Aurora PrintsConnect']);
    for (const p of PAGES) expect(pageButton(p.name)).toBeEnabled();
    expect(screen.getByRole('button', { name: META_CONNECT_TEXT.startAgain })).toBeEnabled();
    expectErrorAlert(s);
  },
  connectingPage: (s: Snapshot) => {
    for (const p of PAGES) {
      expect(pageButton(p.name)).toBeDisabled();
      expect(pageButton(p.name)).toHaveTextContent(p.pageId === s.context.chosen ? META_CONNECT_TEXT.connectingPage : 'Connect');
    }
    expect(screen.queryByRole('alert')).toBeNull();
  },
  connected: (s: Snapshot) => {
    expect(screen.getByRole('status')).toHaveTextContent(META_CONNECT_TEXT.connected);
    const handle = run.input.returned?.result === 'connected' ? run.input.returned.handle : PAGE_ACCOUNT.handle;
    expect(run.notices).toEqual([{ title: metaConnectedMessage(s.context.network, handle), toastType: 'success' }]);
    expect(run.navigations).toEqual([ACCOUNTS_PATH]);
  },
};

INPUTS.forEach((start, i) => {
  describe(`meta-connect at /social-media/accounts/connect/${describeInput(start)}`, () => {
    it.for(pathsByInput[i].map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
      const user = userEvent.setup();
      const loadAvailability = controlledPromise<MetaAvailability, void>('loadAvailability');
      const startFlow = controlledPromise<MetaStarted, MetaNetwork>('start');
      const loadPages = controlledPromise<FacebookPage[], string>('loadPages');
      const choosePage = controlledPromise<SocialAccount, FacebookPageChoice>('choosePage');
      run = { notices: [], navigations: [], redirects: [], logged: [], input: start };
      const logic = metaConnectMachine.provide({
        actors: {
          loadAvailability: loadAvailability.logic,
          start: startFlow.logic,
          loadPages: loadPages.logic,
          choosePage: choosePage.logic,
        },
        actions: {
          notify: (_, notice) => void run.notices.push(notice),
          navigate: (_, to) => void run.navigations.push(to),
          redirect: (_, url) => void run.redirects.push(url),
          logFailure: (_, { error }) => void run.logged.push(error),
        },
      });
      render(
        <Router hook={memoryLocation({ path: `/social-media/accounts/connect/${start.network}` }).hook}>
          <MetaConnectPage logic={logic} network={start.network} returned={start.returned} />
        </Router>,
      );
      const settle =
        <T,>(actor: { resolve(o: T): Promise<void>; reject(e: unknown): Promise<void> }) =>
        async ({ event }: { event: unknown }) => {
          const e = event as { output?: T; error?: unknown; type: string };
          if (e.type.startsWith('xstate.error')) await act(() => actor.reject(e.error));
          else await act(() => actor.resolve(e.output as T));
        };
      await path.test({
        events: {
          'meta.start': async ({ state }) => {
            // From the Pages, Start again; otherwise Continue with the network.
            const network = (state as Snapshot).context.network;
            const again = screen.queryByRole('button', { name: META_CONNECT_TEXT.startAgain });
            await user.click(again ?? screen.getByRole('button', { name: META_CONNECT_TEXT.continue(network) }));
            expect(startFlow.calls.at(-1)).toBe(network);
          },
          'availability.retry': () => user.click(screen.getByRole('button', { name: META_CONNECT_TEXT.retry })),
          'page.choose': async ({ event }) => {
            const { pageId } = event as Extract<Event, { type: 'page.choose' }>;
            await user.click(pageButton(PAGES.find((p) => p.pageId === pageId)!.name));
            expect(choosePage.calls.at(-1)).toEqual({ flow: 'flow-1', pageId });
          },
          'xstate.done.actor.loadAvailability': settle(loadAvailability),
          'xstate.error.actor.loadAvailability': settle(loadAvailability),
          'xstate.done.actor.start': settle(startFlow),
          'xstate.error.actor.start': async (step) => {
            await settle(startFlow)(step);
            expect(run.logged.at(-1)).toBe(START_REFUSED);
            expect(screen.getByRole('alert')).toHaveTextContent(START_REFUSED.message);
          },
          'xstate.done.actor.loadPages': async (step) => {
            expect(loadPages.calls.at(-1)).toBe('flow-1');
            await settle(loadPages)(step);
          },
          'xstate.error.actor.loadPages': async (step) => {
            await settle(loadPages)(step);
            expect(run.logged.at(-1)).toBe(FLOW_GONE);
          },
          'xstate.done.actor.choosePage': settle(choosePage),
          'xstate.error.actor.choosePage': async (step) => {
            await settle(choosePage)(step);
            expect(run.logged.at(-1)).toBe(PAGE_REFUSED);
            expect(screen.getByRole('alert')).toHaveTextContent(PAGE_REFUSED.message);
          },
        },
        states,
      });
    });
  });
});

describe('meta-connect model coverage', () => {
  it('both networks and every return from Meta together cover every state and transition, each state asserted', () => {
    assertFullCoverage(metaConnectMachine, pathsByInput.flat(), { stateTests: states, inputs: INPUTS, record: true });
  });
});
