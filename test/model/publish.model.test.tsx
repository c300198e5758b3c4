import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { publishMachine } from '../../src/machines/publish.machine';
import type { PublishResult } from '../../src/schemas/publish.schema';
import { PublishPanel } from '../../src/views/home/PublishPanel';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof publishMachine>;
const RESULT: PublishResult = { url: 'http://localhost:8080/p/abc123', publishedAt: '2026-11-22T10:00:00.000Z', artworkCount: 3 };

const events: Array<ModelEvent<typeof publishMachine>> = [
  { type: 'publish.start' },
  { type: 'xstate.done.actor.publish', output: RESULT },
  { type: 'xstate.error.actor.publish', error: new Error('The server cannot be reached.') },
];
const model = createModel(publishMachine, { events, serializeState: (s: Snapshot) => JSON.stringify(s.value) });
const paths = coveringPaths(model);

const states = {
  idle: () => {
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
    expect(screen.queryByRole('status')).toBeNull();
  },
  publishing: () => {
    expect(screen.getByRole('button', { name: 'Publishing...' })).toBeDisabled();
  },
  published: () => {
    expect(screen.getByRole('status')).toHaveTextContent('Your portfolio is published (3 artworks');
    expect(screen.getByRole('link', { name: RESULT.url })).toHaveAttribute('href', RESULT.url);
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent('The server cannot be reached.');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  },
};

describe('publish: the Publish button follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const publish = controlledPromise<PublishResult>('publish');
    const logged: string[] = [];
    render(<PublishPanel logic={publishMachine.provide({ actors: { publish: publish.logic }, actions: { log: (_, line) => void logged.push(line) } })} />);
    await path.test({
      events: {
        'publish.start': () => user.click(screen.getByRole('button', { name: 'Publish' })),
        'xstate.done.actor.publish': () => act(() => publish.resolve(RESULT)),
        'xstate.error.actor.publish': () => act(() => publish.reject(new Error('The server cannot be reached.'))),
      },
      states,
    });
    // Every outcome is also logged, as the spec's app does.
    const outcomes = path.steps.filter((s) => s.event.type.startsWith('xstate.done') || s.event.type.startsWith('xstate.error')).length;
    expect(logged).toHaveLength(outcomes);
  });

  it('covers every state and transition', () => {
    assertFullCoverage(publishMachine, paths, { stateTests: states, record: true });
  });
});
