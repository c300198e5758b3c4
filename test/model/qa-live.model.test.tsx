import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, createMachine } from 'xstate';
import { beforeAll, describe, expect, it } from 'vitest';
import { qaLiveMachine } from '../../src/machines/qa-live/qa-live.machine';
import { createLiveFeed } from '../../src/qa/live-feed';
import LivePanel from '../../src/views/qa/LivePanel';
import { assertFullCoverage, coveringPaths, createModel, pathName } from './harness';

const model = createModel(qaLiveMachine, { events: [{ type: 'panel.toggle' }, { type: 'panel.close' }] });
const paths = coveringPaths(model);
const feed = createLiveFeed();
// Two charts running in the tab: the session, around every page, and the page's own.
const sessionChart = createMachine({
  id: 'session',
  initial: 'signedOut',
  states: { signedOut: { on: { go: 'signedIn' } }, signedIn: {} },
});
const pageChart = createMachine({ id: 'journal', initial: 'loading', states: { loading: { on: { loaded: 'showing' } }, showing: {} } });
beforeAll(async () => {
  await act(async () => {
    createActor(sessionChart, { inspect: feed.receive }).start().send({ type: 'go' });
    createActor(pageChart, { inspect: feed.receive }).start().send({ type: 'loaded' });
  });
});

const button = () => screen.getByRole('button', { name: 'Statecharts' });
const states = {
  closed: () => {
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('complementary', { name: 'Statecharts in this tab' })).toBeNull();
  },
  open: () => {
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('complementary', { name: 'Statecharts in this tab' });
    // The event log first, every chart's events newest first; then this page's charts, open; the session folded.
    const [log, page, around] = Array.from(panel.querySelectorAll(':scope > section'));
    expect(within(log as HTMLElement).getByRole('heading')).toHaveTextContent('Event log (4)');
    expect(Array.from(log.querySelectorAll('li'), (li) => li.getAttribute('data-event-actor'))).toEqual([
      'journal',
      'journal',
      'session',
      'session',
    ]);
    expect(log.querySelector('li')).toHaveTextContent(/journal loaded: journal\.loading → journal\.showing$/);
    expect(within(page as HTMLElement).getByRole('article')).toHaveAttribute('data-actor', 'journal');
    expect(page).toHaveTextContent('In: journal.showing');
    const session = around.querySelector('details[data-actor="session"]') as HTMLDetailsElement;
    expect(session.open).toBe(false);
    expect(session.querySelector('summary')).toHaveTextContent('session In: session.signedIn');
  },
};

describe('qaLive: the live panel follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    render(
      <Router hook={memoryLocation({ path: '/journal' }).hook}>
        <LivePanel feed={feed} />
      </Router>,
    );
    await path.test({
      events: {
        'panel.toggle': () => user.click(button()),
        // Escape closes it; so does its Close button (checked below).
        'panel.close': () => user.keyboard('{Escape}'),
      },
      states,
    });
  });

  it('Close puts it away; on the studio pages (/qa...) there is no button at all', async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <LivePanel feed={feed} />
      </Router>,
    );
    await user.click(button());
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    unmount();
    render(
      <Router hook={memoryLocation({ path: '/qa/live' }).hook}>
        <LivePanel feed={feed} />
      </Router>,
    );
    expect(screen.queryByRole('button', { name: 'Statecharts' })).toBeNull();
  });

  it('covers every state and transition', () => {
    assertFullCoverage(qaLiveMachine, paths, { stateTests: states, record: true });
  });
});
