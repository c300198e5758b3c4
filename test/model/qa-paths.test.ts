import { TestModel } from '@xstate/graph';
import { assign, setup } from 'xstate';
import { describe, expect, inject, it } from 'vitest';
import { chartStates, chartTransitions } from '../../src/qa/chart-graph';
import { eventName, pathTitle, testTitle } from '../../src/qa/qa-report';
import {
  buildQaReport,
  coveringPaths,
  createModel,
  describePaths,
  measureCoverage,
  pathId,
  readPaths,
  type CoverageRecord,
} from './harness';

// A throwaway chart with what the mapping must place: guarded alternatives, an eventless choice (taken at start
// and after an event), a delayed transition, nested compound states and a parallel state.
const uploadMachine = setup({
  types: {
    context: {} as { tries: number; named: boolean },
    events: {} as { type: 'name.set' } | { type: 'file.pick' } | { type: 'upload.fail' } | { type: 'help.toggle' },
  },
  guards: { canRetry: ({ context }) => context.tries < 1, isNamed: ({ context }) => context.named },
}).createMachine({
  id: 'upload',
  context: { tries: 0, named: false },
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'isNamed', target: 'ready' }, { target: 'unnamed' }] },
    unnamed: { on: { 'name.set': { target: 'checking', actions: assign({ named: true }) } } },
    ready: { on: { 'file.pick': 'busy' } },
    busy: {
      type: 'parallel',
      states: {
        transfer: {
          initial: 'sending',
          states: {
            sending: { on: { 'upload.fail': 'failed' }, after: { 500: 'slow' } },
            slow: { on: { 'upload.fail': 'failed' } },
            failed: {
              always: [
                { guard: 'canRetry', target: 'sending', actions: assign({ tries: ({ context }) => context.tries + 1 }) },
                { target: '#upload.gaveUp' },
              ],
            },
          },
        },
        help: { initial: 'closed', states: { closed: { on: { 'help.toggle': 'open' } }, open: {} } },
      },
    },
    gaveUp: { type: 'final' },
  },
});

const AFTER = 'xstate.after.500.upload.busy.transfer.sending';
const model = createModel(uploadMachine, {
  events: [{ type: 'name.set' }, { type: 'file.pick' }, { type: 'upload.fail' }, { type: 'help.toggle' }, { type: AFTER }],
});
const paths = coveringPaths(model);
/** A path that begins with these events. */
const walk = (...events: string[]) => paths.find((p) => events.every((e, i) => p.steps[i + 1]?.event.type === e));

describe('describePaths: the paths QA reads on the chart', () => {
  const described = describePaths(uploadMachine, paths, {
    stateTests: { unnamed: 0, ready: 0, 'busy.transfer.slow': 0, '#upload.gaveUp': 0 },
  });
  const find = (path: (typeof paths)[number] | undefined) => described[paths.indexOf(path!)];
  const chartIds = new Set(chartTransitions(uploadMachine).map((t) => t.id));
  const stateIds = new Set(chartStates(uploadMachine).map((s) => s.id));

  it('names every transition taken by its chart-graph id and every state by its node id', () => {
    const ids = described.flatMap((p) => p.steps.flatMap((s) => s.transitionIds));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => !chartIds.has(id))).toEqual([]);
    expect(described.flatMap((p) => [...p.start, ...p.steps.flatMap((s) => s.states)]).filter((id) => !stateIds.has(id))).toEqual([]);
  });

  it('lists the eventless transitions the start took as an xstate.init step', () => {
    const path = find(walk('name.set'));
    expect(path.start).toEqual(['upload', 'upload.unnamed']);
    expect(path.steps[0]).toEqual({
      event: 'xstate.init',
      transitionIds: ['upload.checking#always#1'],
      states: ['upload', 'upload.unnamed'],
    });
  });

  it('lists an event’s transition and the eventless ones it leads to (microsteps), guarded alternatives by index', () => {
    const path = find(walk('name.set'));
    expect(path.steps[1]).toEqual({
      event: 'name.set',
      transitionIds: ['upload.unnamed#name.set#0', 'upload.checking#always#0'],
      states: ['upload', 'upload.ready'],
    });
  });

  it('places delayed transitions and the states of nested and parallel regions (all levels)', () => {
    const path = find(walk('name.set', 'file.pick', AFTER));
    const [, , pick, after] = path.steps;
    expect(pick.transitionIds).toEqual(['upload.ready#file.pick#0']);
    expect(pick.states).toEqual([
      'upload',
      'upload.busy',
      'upload.busy.transfer',
      'upload.busy.transfer.sending',
      'upload.busy.help',
      'upload.busy.help.closed',
    ]);
    expect(after).toMatchObject({ event: AFTER, transitionIds: [`upload.busy.transfer.sending#${AFTER}#0`] });
    expect(after.states).toContain('upload.busy.transfer.slow');
  });

  it('follows an eventless choice both ways: retry once, then give up', () => {
    const path = find(walk('name.set', 'file.pick', 'upload.fail', 'upload.fail'));
    expect(path.steps.slice(3).map((s) => s.transitionIds)).toEqual([
      ['upload.busy.transfer.sending#upload.fail#0', 'upload.busy.transfer.failed#always#0'],
      ['upload.busy.transfer.sending#upload.fail#0', 'upload.busy.transfer.failed#always#1'],
    ]);
    expect(path.steps.at(-1)!.states).toEqual(['upload', 'upload.gaveUp']);
    expect(path.asserted).toEqual(['unnamed', 'ready', '#upload.gaveUp']);
  });

  it('gives a path the same id every time, and different paths different ids', () => {
    expect(described.map((p) => p.id)).toEqual(paths.map((p) => pathId('upload', p)));
    expect(new Set(described.map((p) => p.id)).size).toBe(paths.length);
    expect(described.every((p) => p.id.startsWith('upload:'))).toBe(true);
    expect(describePaths(uploadMachine, coveringPaths(model)).map((p) => p.id)).toEqual(described.map((p) => p.id));
  });

  it('names covered transitions with chart-graph ids in the coverage too', () => {
    const coverage = measureCoverage(uploadMachine, paths);
    expect(coverage.coveredTransitionIds).toEqual([...chartIds].filter((id) => coverage.coveredTransitionIds!.includes(id)));
    expect(new Set(coverage.coveredTransitionIds)).toEqual(new Set(described.flatMap((p) => p.steps.flatMap((s) => s.transitionIds))));
  });

  it('a bare TestModel’s paths map too', () => {
    const bare = new TestModel(uploadMachine, { events: [{ type: 'name.set' }] }).getShortestPaths();
    expect(describePaths(uploadMachine, bare).flatMap((p) => p.steps.map((s) => s.event))).toContain('name.set');
  });
});

describe('a model’s path test', () => {
  it('notes the test that walked it, where it is written and the state keys it asserted, once it passed', async () => {
    const path = walk('name.set', 'file.pick', 'help.toggle')!;
    const line = Number(/:(\d+):\d+\)?$/.exec(new Error().stack!.split('\n')[1])![1]) + 1;
    await path.test({ states: { ready: () => {}, 'busy.help.open': () => {}, '#upload.gaveUp': () => {} } });
    const file = inject('modelPathsFile')!;
    const ran = readPaths(file).filter((r) => 'ran' in r && r.ran.id === pathId('upload', path));
    expect(ran.map((r) => 'ran' in r && r.ran)).toContainEqual({
      id: pathId('upload', path),
      test: 'test/model/qa-paths.test.ts › a model’s path test › notes the test that walked it, where it is written and the state keys it asserted, once it passed',
      asserted: ['ready', 'busy.help.open'],
      // The line of `await path.test(...)` above, in the source as written (vitest maps the stack).
      file: 'test/model/qa-paths.test.ts',
      line,
    });
    expect(line).toBeGreaterThan(140);
  });
});

describe('buildQaReport', () => {
  const record = (ids: string[], files: string[]): CoverageRecord => ({
    machineId: 'upload',
    states: { covered: 0, total: 9, uncovered: [], ignored: [] },
    transitions: { covered: ids.length, total: 10, uncovered: [], ignored: [] },
    coveredStateIds: ['upload'],
    coveredTransitionIds: ids,
    files,
  });
  const [one, two] = describePaths(uploadMachine, paths.slice(0, 2), { test: 'a.test.tsx › covers' });

  it('unites a machine’s coverage, names each path after the test that walked it and keeps machines not run', () => {
    const at = { file: 'a.test.tsx', line: 7 };
    const report = buildQaReport(
      [record(['a#x#0'], ['a.test.tsx']), record(['a#x#0', 'b#y#0'], ['b.test.tsx'])],
      [
        { machineId: 'upload', paths: [one, two] },
        { machineId: 'upload', ran: { id: two.id, test: 'a.test.tsx › walks two', asserted: ['ready'], ...at } },
      ],
      { generatedAt: 'then', machines: { other: { ...record([], []), coveredStateIds: [], coveredTransitionIds: [], paths: [] } } },
      new Date('2026-01-02T03:04:05Z'),
    );
    expect(report.generatedAt).toBe('2026-01-02T03:04:05.000Z');
    expect(Object.keys(report.machines)).toEqual(['other', 'upload']);
    const upload = report.machines.upload;
    expect(upload).toMatchObject({
      states: { covered: 1, total: 9 },
      transitions: { covered: 2, total: 10 },
      coveredStateIds: ['upload'],
      coveredTransitionIds: ['a#x#0', 'b#y#0'],
    });
    expect(upload.paths.map((p) => [p.test, p.asserted, p.file, p.line])).toEqual([
      ['a.test.tsx › covers', [], undefined, undefined],
      ['a.test.tsx › walks two', ['ready'], 'a.test.tsx', 7],
    ]);
    expect(Object.keys(upload).sort()).toEqual(['coveredStateIds', 'coveredTransitionIds', 'paths', 'states', 'transitions', 'writtenAt']);
    // When each machine's coverage was written: now for the one measured, the earlier run's time for the one kept.
    expect(upload.writtenAt).toBe('2026-01-02T03:04:05.000Z');
    expect(report.machines.other.writtenAt).toBe('then');
  });
});

describe('the names QA reads', () => {
  it('names events as the chart does, or as XState sends them with its internals', () => {
    expect(eventName('xstate.done.actor.loadUser')).toBe('loadUser: done');
    expect(eventName('xstate.error.actor.loadUser')).toBe('loadUser: error');
    expect(eventName('xstate.after.stepDelay.qaChart.ready.stepping.playing')).toBe('after stepDelay');
    expect(eventName('xstate.after.500.upload.busy.transfer.sending')).toBe('after 500ms');
    expect(eventName('xstate.init')).toBe('start');
    expect(eventName('form.change')).toBe('form.change');
    expect(eventName('xstate.done.actor.loadUser', true)).toBe('xstate.done.actor.loadUser');
  });

  it('writes test names the same way, and a path’s without the file shown beside it', () => {
    const name = 'done:loadChart → state.select → xstate.after.stepDelay.qaChart.ready.stepping.playing → error:drawChart';
    expect(testTitle(name)).toBe('loadChart: done → state.select → after stepDelay → drawChart: error');
    expect(testTitle(name, true)).toBe(name);
    const path = {
      id: 'x',
      test: 'test/model/a.test.tsx › a › done:load',
      file: 'test/model/a.test.tsx',
      line: 3,
      start: [],
      steps: [],
      asserted: [],
    };
    expect(pathTitle(path)).toBe('a › load: done');
    expect(pathTitle({ ...path, file: undefined })).toBe('test/model/a.test.tsx › a › load: done');
  });
});
