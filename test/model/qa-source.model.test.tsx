import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { qaSourceMachine } from '../../src/machines/qa-source/qa-source.machine';
import { SourcePage } from '../../src/views/qa/SourcePage';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof qaSourceMachine>;
type Event = ModelEvent<typeof qaSourceMachine>;
const FILE = 'test/model/demo.model.test.tsx';
const SOURCE = "import { it } from 'vitest';\n\nit('walks go → back', async () => {\n  await path.test(events);\n});\n";
const FAILURE = 'There is no such test file.';

const events = (s: Snapshot): Event[] =>
  s.matches('loading')
    ? [
        { type: 'xstate.done.actor.loadSource', output: SOURCE },
        { type: 'xstate.error.actor.loadSource', error: new Error(FAILURE) },
      ]
    : s.matches('failed')
      ? [{ type: 'source.retry' }]
      : [];
const model = createModel(qaSourceMachine, { events, input: { file: FILE } });
const paths = coveringPaths(model);

let loadSource = controlledPromise<string, { file: string }>('loadSource');
afterEach(() => {
  loadSource = controlledPromise<string, { file: string }>('loadSource');
});

const states = {
  loading: () => {
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(loadSource.calls.at(-1)).toEqual({ file: FILE });
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(FAILURE);
    expect(screen.queryByTestId('source')).toBeNull();
  },
  ready: () => {
    const lines = screen.getByTestId('source').querySelectorAll('li');
    // Every line, numbered, the linked one marked.
    expect(lines).toHaveLength(6);
    expect(lines[3]).toHaveTextContent('4 await path.test(events);');
    expect(lines[3]).toHaveAttribute('id', 'L4');
    expect(screen.getByTestId('source').querySelectorAll('[data-current="true"]')).toEqual(
      expect.objectContaining({ length: 1, 0: lines[3] }),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`${FILE}:4`);
  },
};

describe('qaSource: the studio source view follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    render(<SourcePage file={FILE} line={4} logic={qaSourceMachine.provide({ actors: { loadSource: loadSource.logic } })} />);
    await path.test({
      events: {
        'xstate.done.actor.loadSource': () => act(() => loadSource.resolve(SOURCE)),
        'xstate.error.actor.loadSource': () => act(() => loadSource.reject(new Error(FAILURE))),
        'source.retry': () => user.click(screen.getByRole('button', { name: 'Retry' })),
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(qaSourceMachine, paths, { stateTests: states, record: true, input: { file: FILE } });
  });
});
