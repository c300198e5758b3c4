import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { qaLiveMachine } from '../../src/machines/qa-live/qa-live.machine';
import { createLiveFeed } from '../../src/qa/live-feed';
import LivePanel from '../../src/views/qa/LivePanel';
import { assertFullCoverage, coveringPaths, createModel, pathName } from './harness';

const model = createModel(qaLiveMachine, { events: [{ type: 'panel.toggle' }, { type: 'panel.close' }] });
const paths = coveringPaths(model);
const feed = createLiveFeed();

const button = () => screen.getByRole('button', { name: 'Statecharts' });
const states = {
  closed: () => {
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('complementary', { name: 'Statecharts in this tab' })).toBeNull();
  },
  open: () => {
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('complementary', { name: 'Statecharts in this tab' })).toBeInTheDocument();
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
