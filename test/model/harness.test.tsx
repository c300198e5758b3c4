import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestModel } from '@xstate/graph';
import { useActorRef, useSelector } from '@xstate/react';
import { assign, createActor, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  assertFullCoverage,
  controlledCallback,
  controlledPromise,
  coveringPaths,
  createModel,
  measureCoverage,
  transitionsOf,
  type ModelEvent,
} from './harness';

// ---------------------------------------------------------------------------------------------
// A throwaway chart and view. Invoke with onDone/onError, a guard with an alternative, nested
// compound states, an eventless `always`, a final state and a parallel region.
// ---------------------------------------------------------------------------------------------
const publisherMachine = setup({
  types: {
    context: {} as { title: string; error: string | null },
    events: {} as { type: 'title.change'; value: string } | { type: 'post.publish' } | { type: 'post.cancel' } | { type: 'help.toggle' },
  },
  actors: {
    publishPost: fromPromise<{ id: string }, { title: string }>(async () => {
      throw new Error('publishPost not provided');
    }),
  },
  guards: { hasTitle: ({ context }) => context.title.trim() !== '' },
}).createMachine({
  id: 'publisher',
  type: 'parallel',
  context: { title: '', error: null },
  states: {
    post: {
      initial: 'editing',
      states: {
        editing: {
          initial: 'checking',
          on: {
            'title.change': { target: '.checking', actions: assign({ title: ({ event }) => event.value, error: null }) },
            'post.publish': [
              { guard: 'hasTitle', target: 'publishing', actions: assign({ error: null }) },
              { actions: assign({ error: 'A post needs a title.' }) },
            ],
          },
          states: {
            checking: { always: [{ guard: 'hasTitle', target: 'filled' }, { target: 'blank' }] },
            blank: {},
            filled: {},
          },
        },
        publishing: {
          on: { 'post.cancel': 'editing' },
          invoke: {
            id: 'publishPost',
            src: 'publishPost',
            input: ({ context }) => ({ title: context.title }),
            onDone: 'published',
            onError: { target: 'editing', actions: assign({ error: ({ event }) => (event.error as Error).message }) },
          },
        },
        published: { type: 'final' },
      },
    },
    help: {
      initial: 'closed',
      states: { closed: { on: { 'help.toggle': 'open' } }, open: { on: { 'help.toggle': 'closed' } } },
    },
  },
});

function Publisher({ logic }: { logic: typeof publisherMachine }) {
  const actor = useActorRef(logic);
  const state = useSelector(actor, (s) => s);
  const busy = state.matches({ post: 'publishing' });
  const helpOpen = state.matches({ help: 'open' });
  return (
    <main>
      {state.matches({ post: 'published' }) ? (
        <p role="status">Published “{state.context.title}”</p>
      ) : (
        <form
          data-state={busy ? 'publishing' : 'editing'}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'post.publish' });
          }}
        >
          <label>
            Title
            <input
              value={state.context.title}
              readOnly={busy}
              onChange={(e) => actor.send({ type: 'title.change', value: e.target.value })}
            />
          </label>
          {state.context.error && <p role="alert">{state.context.error}</p>}
          {busy ? <p role="status">Publishing…</p> : <button aria-disabled={state.matches({ post: { editing: 'blank' } })}>Publish</button>}
          {busy && (
            <button type="button" onClick={() => actor.send({ type: 'post.cancel' })}>
              Cancel
            </button>
          )}
        </form>
      )}
      <button type="button" aria-expanded={helpOpen} onClick={() => actor.send({ type: 'help.toggle' })}>
        Help
      </button>
      {helpOpen && <section aria-label="Help">Give the post a title.</section>}
    </main>
  );
}

// ---------------------------------------------------------------------------------------------
// The worked example: a model test of the view. Copy this shape for src/machines/*.machine.ts.
// ---------------------------------------------------------------------------------------------
type Snapshot = SnapshotFrom<typeof publisherMachine>;

const events: Array<ModelEvent<typeof publisherMachine>> = [
  { type: 'title.change', value: 'Hello' },
  { type: 'title.change', value: '' },
  { type: 'post.publish' },
  { type: 'post.cancel' },
  { type: 'help.toggle' },
  { type: 'xstate.done.actor.publishPost', output: { id: 'p1' } }, // the invoked actor settling
  { type: 'xstate.error.actor.publishPost', error: new Error('The server said no.') },
];
// Serialise only what guards and the view depend on: the whole snapshot would explode the graph.
const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.title !== '', s.context.error]);
const model = createModel(publisherMachine, { events, serializeState });
const paths = coveringPaths(model); // shortest paths + whatever transitions they miss

// Assertions per state node, keyed by state path (or '#id'). Each gets the model's snapshot.
const states = {
  'post.editing': (s: Snapshot) => {
    if (s.context.error) expect(screen.getByRole('alert')).toHaveTextContent(s.context.error);
    else expect(screen.queryByRole('alert')).toBeNull();
  },
  'post.editing.blank': () => {
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveAttribute('aria-disabled', 'true');
  },
  'post.editing.filled': () => {
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveAttribute('aria-disabled', 'false');
  },
  'post.publishing': () => {
    expect(screen.getByRole('status')).toHaveTextContent('Publishing…');
  },
  'post.published': (s: Snapshot) => {
    expect(screen.getByRole('status')).toHaveTextContent(`Published “${s.context.title}”`);
  },
  'help.open': () => {
    expect(screen.getByRole('region', { name: 'Help' })).toBeVisible();
  },
  'help.closed': () => {
    expect(screen.queryByRole('region', { name: 'Help' })).toBeNull();
  },
};

describe('publisher: the view follows the chart', () => {
  it.for(paths.map((path) => [path.description, path] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const publish = controlledPromise<{ id: string }, { title: string }>('publishPost');
    render(<Publisher logic={publisherMachine.provide({ actors: { publishPost: publish.logic } })} />);
    await path.test({
      events: {
        'title.change': async ({ event }) => {
          const { value } = event as { type: 'title.change'; value: string }; // TestModel types `event` as `{ type }` only
          await user.clear(screen.getByLabelText('Title'));
          if (value) await user.type(screen.getByLabelText('Title'), value);
        },
        'post.publish': () => user.click(screen.getByRole('button', { name: 'Publish' })),
        'post.cancel': () => user.click(screen.getByRole('button', { name: 'Cancel' })),
        'help.toggle': () => user.click(screen.getByRole('button', { name: 'Help' })),
        'xstate.done.actor.publishPost': () => act(() => publish.resolve({ id: 'p1' })),
        'xstate.error.actor.publishPost': () => act(() => publish.reject(new Error('The server said no.'))),
      },
      states,
    });
  });
});

describe('publisher model coverage', () => {
  it('covers every state node and transition, and every resting state has an assertion', () => {
    const result = assertFullCoverage(publisherMachine, paths, { stateTests: states, record: true });
    expect(result).toMatchObject({ machineId: 'publisher', states: { covered: 11, total: 11 }, transitions: { covered: 10, total: 10 } });
  });
});

// ---------------------------------------------------------------------------------------------
// The harness itself.
// ---------------------------------------------------------------------------------------------
describe('coverage', () => {
  it('labels every candidate transition: on, guarded alternatives, always, invoke done/error', () => {
    expect(transitionsOf(publisherMachine).map((t) => t.label)).toEqual([
      'publisher.post.editing --title.change[#0]--> publisher.post.editing.checking',
      'publisher.post.editing --post.publish[hasTitle]--> publisher.post.publishing',
      'publisher.post.editing --post.publish[#1]--> (self)',
      'publisher.post.editing.checking --always[hasTitle]--> publisher.post.editing.filled',
      'publisher.post.editing.checking --always[#1]--> publisher.post.editing.blank',
      'publisher.post.publishing --post.cancel[#0]--> publisher.post.editing',
      'publisher.post.publishing --xstate.done.actor.publishPost[#0]--> publisher.post.published',
      'publisher.post.publishing --xstate.error.actor.publishPost[#0]--> publisher.post.editing',
      'publisher.help.closed --help.toggle[#0]--> publisher.help.open',
      'publisher.help.open --help.toggle[#0]--> publisher.help.closed',
    ]);
  });

  it('shortest paths reach every state but miss the transitions back to a state already reached', () => {
    const result = measureCoverage(publisherMachine, model.getShortestPaths());
    expect(result.states.uncovered).toEqual([]);
    expect(result.transitions.uncovered).toEqual([
      'publisher.post.publishing --post.cancel[#0]--> publisher.post.editing',
      'publisher.help.open --help.toggle[#0]--> publisher.help.closed',
    ]);
    expect(() => assertFullCoverage(publisherMachine, model.getShortestPaths())).toThrow(
      /Uncovered transitions:\n {2}- publisher.post.publishing --post.cancel/,
    );
  });

  it('coveringPaths adds the missing transitions; `minimal` keeps only paths that cover something new', () => {
    const minimal = coveringPaths(model, { minimal: true });
    expect(minimal.length).toBeLessThan(paths.length);
    expect(assertFullCoverage(publisherMachine, minimal).transitions).toMatchObject({ covered: 10, total: 10 });
  });

  it('an event left out of the model shows up as the transitions it drives, named', () => {
    const partial = createModel(publisherMachine, {
      events: events.filter((e) => e.type !== 'xstate.error.actor.publishPost'),
      serializeState,
    });
    expect(() => assertFullCoverage(publisherMachine, coveringPaths(partial))).toThrow(
      'Uncovered transitions:\n  - publisher.post.publishing --xstate.error.actor.publishPost[#0]--> publisher.post.editing',
    );
  });

  it('counts states passed through within a step and eventless transitions taken on start', () => {
    const onlyHello = createModel(publisherMachine, {
      events: events.filter((e) => !(e.type === 'title.change' && e.value === '')),
      serializeState,
    });
    const paths = coveringPaths(onlyHello);
    // No path rests in `checking` (its `always` leaves at once), and only the start goes `checking` -> `blank`.
    expect(paths.flatMap((p) => p.steps).some((step) => step.state.matches({ post: { editing: 'checking' } }))).toBe(false);
    expect(measureCoverage(publisherMachine, paths)).toMatchObject({ states: { uncovered: [] }, transitions: { uncovered: [] } });
  });

  it('`ignore` excuses deliberate gaps, and an entry that matches nothing is an error', () => {
    const noHelp = createModel(publisherMachine, { events: events.filter((e) => e.type !== 'help.toggle'), serializeState });
    const result = assertFullCoverage(publisherMachine, coveringPaths(noHelp), {
      ignore: ['publisher.help.open', 'publisher.help.* --help.toggle*'],
    });
    expect(result.states).toMatchObject({ covered: 10, total: 11, ignored: ['publisher.help.open'] });
    expect(result.transitions).toMatchObject({ covered: 8, total: 10 });
    expect(result.transitions.ignored).toHaveLength(2);
    expect(() => assertFullCoverage(publisherMachine, paths, { ignore: ['publisher.typo'] })).toThrow(
      /match nothing in the machine:\n {2}- publisher\.typo/,
    );
  });

  it('a bare `new TestModel` runs only the `*` state test; createModel matches state keys', async () => {
    const seen: string[] = [];
    const probe = { 'help.closed': () => void seen.push('help.closed'), '*': () => void seen.push('*') };
    const start = paths[0].steps[0].state;
    await new TestModel(publisherMachine, { events: events as never }).testState({ states: probe }, start);
    await model.testState({ states: probe }, start);
    expect(seen).toEqual(['*', 'help.closed']);
  });

  it('flags a reached state that no `states` key asserts', () => {
    const { 'help.open': _open, ...someStates } = states;
    expect(() => assertFullCoverage(publisherMachine, paths, { stateTests: someStates })).toThrow(
      'States reached with no key in `states` to assert them:\n  - publisher.help.open',
    );
  });
});

describe('controlled actors', () => {
  it('controlledPromise settles the latest pending invocation and forgets stopped ones', async () => {
    const publish = controlledPromise<{ id: string }, { title: string }>('publishPost');
    const actor = createActor(publisherMachine.provide({ actors: { publishPost: publish.logic } })).start();
    actor.send({ type: 'title.change', value: 'One' });
    actor.send({ type: 'post.publish' });
    actor.send({ type: 'post.cancel' }); // stops the invocation: nothing is pending any more
    expect(publish.pending).toBe(false);
    actor.send({ type: 'post.publish' });
    expect(publish).toMatchObject({ pending: true, pendingCount: 1, calls: [{ title: 'One' }, { title: 'One' }] });
    await publish.reject(new Error('Nope'));
    expect(actor.getSnapshot().context.error).toBe('Nope');
    actor.send({ type: 'post.publish' });
    await publish.resolve({ id: 'p1' });
    expect(actor.getSnapshot().matches({ post: 'published' })).toBe(true);
    expect(() => publish.resolve({ id: 'p2' })).toThrow('publishPost.resolve(): no invocation is pending (3 call(s) so far)');
  });

  it('controlledCallback sends from the running invocation and records what it receives', () => {
    const ticks = controlledCallback<{ type: 'ping' }, { every: number }>('ticker');
    const machine = setup({ actors: { ticker: ticks.logic } }).createMachine({
      initial: 'on',
      context: { count: 0 },
      states: {
        on: {
          invoke: { id: 'ticker', src: 'ticker', input: { every: 5 } },
          on: {
            tick: { actions: [assign({ count: ({ context }) => context.count + 1 }), sendTo('ticker', { type: 'ping' })] },
            stop: 'off',
          },
        },
        off: {},
      },
    });
    const actor = createActor(machine).start();
    ticks.send({ type: 'tick' });
    ticks.send({ type: 'tick' });
    expect(actor.getSnapshot().context.count).toBe(2);
    expect(ticks).toMatchObject({ calls: [{ every: 5 }], received: [{ type: 'ping' }, { type: 'ping' }], running: true });
    actor.send({ type: 'stop' });
    expect(ticks.running).toBe(false);
    expect(() => ticks.send({ type: 'tick' })).toThrow('ticker.send(tick): no invocation is running');
  });
});
