import { act, fireEvent, render, screen } from '@testing-library/react';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LOCAL_COPY_DELAY_MS,
  localCopyMachine,
  type LocalCopyEvent,
  type LocalCopyInput,
} from '../../src/machines/post-editor/local-copy.machine';
import { LOCAL_POST_DRAFT_VERSION, type LocalPostDraft } from '../../src/schemas/local-post-draft.schema';
import { POST_EDITOR_MESSAGES as M } from '../../src/machines/post-editor/post-editor.messages';
import { LocalCopyState } from '../../src/views/post-editor/LocalCopy';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof localCopyMachine>;
type Event = ModelEvent<typeof localCopyMachine>;

const copyOf = (content: string): LocalPostDraft => ({
  version: LOCAL_POST_DRAFT_VERSION,
  key: 'new',
  savedAt: 1,
  values: {
    content,
    hashtags: [],
    mentions: [],
    accounts: [],
    dateScheduled: null,
    location: '',
    labels: [],
    langs: ['en'],
    threadBreaks: null,
    mats: {},
  },
  files: [],
  seq: 0,
});
const FIRST = copyOf('Morning light');
const SECOND = copyOf('Morning light on the harbour');
const FULL = new Error('This browser has no room left to keep it.');

const events = (s: Snapshot): Event[] => {
  const keep: Event = { type: 'copy.keep', draft: s.context.draft === FIRST ? SECOND : FIRST };
  const drop: Event = { type: 'copy.drop', key: 'new' };
  const flush: Event = { type: 'copy.flush' };
  if (s.matches('none')) return [keep, drop, flush];
  if (s.matches('waiting')) return [keep, flush, drop, { type: 'xstate.after.settle.localCopy.waiting' } as Event];
  if (s.matches('writing'))
    return [keep, drop, flush, { type: 'xstate.done.actor.writeCopy' }, { type: 'xstate.error.actor.writeCopy', error: FULL }];
  if (s.matches('kept') || s.matches('failed')) return [keep, drop, flush];
  if (s.matches('dropping'))
    return [keep, { type: 'xstate.done.actor.removeCopy' }, { type: 'xstate.error.actor.removeCopy', error: FULL }];
  return [];
};
const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.draft?.values.content ?? null, s.context.error]);
const serializeEvent = (e: Event) => JSON.stringify(e, (k, v) => (k === 'error' ? 'error' : v));

const status = () => screen.getByTestId('local-copy');
const says = (state: string, text: string) => () => {
  expect(status()).toHaveAttribute('data-state', state);
  expect(status()).toHaveAttribute('role', 'status');
  expect(status().textContent).toBe(text);
};
const states = {
  none: says('none', ''),
  waiting: says('pending', M.copyPending),
  writing: says('pending', M.copyPending),
  kept: says('kept', M.copyKept),
  // The reason is the editor's to show (the chart tells it): here the status is quiet.
  failed: (s: Snapshot) => {
    says('failed', '')();
    expect(s.context.error).toBe(FULL.message);
  },
  dropping: says('none', ''),
};

// A new post, and one opened on the copy the browser kept.
const INPUTS: LocalCopyInput[] = [{ restored: false }, { restored: true }];
const pathsByInput = INPUTS.map((input) =>
  coveringPaths(createModel(localCopyMachine, { events, serializeState, serializeEvent, input }), { minimal: false }),
);

let stop: (() => void) | null = null;
afterEach(() => stop?.());

INPUTS.forEach((input, i) => {
  describe(`local copy (${i ? 'restored' : 'new'})`, () => {
    it.for(pathsByInput[i].map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
      const writeCopy = controlledPromise<void, LocalPostDraft>('writeCopy');
      const removeCopy = controlledPromise<void, { key: string }>('removeCopy');
      const told: string[] = [];
      const clock = new SimulatedClock();
      const logic = localCopyMachine.provide({
        actors: { writeCopy: writeCopy.logic, removeCopy: removeCopy.logic },
        actions: { tellKept: () => void told.push('kept'), tellFailed: (_, error) => void told.push(`failed: ${error}`) },
      });
      const actor = createActor(logic, { input, clock }).start();
      stop = () => actor.stop();
      render(<LocalCopyState copy={actor} />);
      const send = (event: unknown) => act(() => actor.send(event as LocalCopyEvent));
      await path.test({
        events: {
          'copy.keep': ({ event }) => send(event),
          'copy.drop': ({ event }) => send(event),
          // The page hidden (another tab, the phone locked): the copy is written now.
          'copy.flush': () =>
            act(() => {
              Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
              fireEvent(document, new Event('visibilitychange'));
              Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
            }),
          'xstate.after.settle.localCopy.waiting': () =>
            act(() => {
              const writes = writeCopy.calls.length;
              // Not a moment before the post has rested.
              clock.increment(LOCAL_COPY_DELAY_MS - 1);
              expect(writeCopy.calls.length).toBe(writes);
              clock.increment(1);
            }),
          'xstate.done.actor.writeCopy': async () => {
            // The latest copy the editor sent is the one written.
            expect(writeCopy.calls.at(-1)).toBe(actor.getSnapshot().context.draft);
            const before = told.length;
            await act(() => writeCopy.resolve());
            expect(told.slice(before)).toEqual(['kept']);
          },
          'xstate.error.actor.writeCopy': async () => {
            const before = told.length;
            await act(() => writeCopy.reject(FULL));
            expect(told.slice(before)).toEqual([`failed: ${FULL.message}`]);
          },
          'xstate.done.actor.removeCopy': async () => {
            expect(removeCopy.calls.at(-1)).toEqual({ key: 'new' });
            await act(() => removeCopy.resolve());
          },
          'xstate.error.actor.removeCopy': () => act(() => removeCopy.reject(FULL)),
        },
        states,
      });
    });
  });
});

describe('local copy model coverage', () => {
  it('a new post and a restored one together cover every state and transition, each state asserted', () => {
    assertFullCoverage(localCopyMachine, pathsByInput.flat(), { stateTests: states, inputs: INPUTS, record: true });
  });
});
