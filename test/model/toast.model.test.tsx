import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimulatedClock, createActor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { TOAST_DEFAULT_DURATION, TOAST_FALLBACK_DURATION, toastMachine, type Toast } from '../../src/machines/toasts/toast.machine';
import { ToastItem } from '../../src/views/toasts/Toaster';
import { assertFullCoverage, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof toastMachine>;
const TOAST: Toast = { id: 't1', title: 'Artwork created successfully', type: 'success', duration: TOAST_DEFAULT_DURATION };

const events: Array<ModelEvent<typeof toastMachine>> = [
  { type: 'toast.pause' },
  { type: 'toast.resume' },
  { type: 'toast.close' },
  { type: 'xstate.after.duration.toast.visible' } as never,
];
const model = createModel(toastMachine, { events, serializeState: (s: Snapshot) => JSON.stringify(s.value), input: TOAST });
const paths = coveringPaths(model);

const toastBox = () => screen.queryByRole('status');
const states = {
  visible: () => {
    expect(toastBox()).toHaveAttribute('data-state', 'visible');
    expect(toastBox()).toHaveAttribute('data-type', 'success');
    expect(toastBox()).toHaveTextContent(TOAST.title);
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
  },
  paused: () => {
    expect(toastBox()).toHaveAttribute('data-state', 'paused');
    expect(toastBox()).toHaveTextContent(TOAST.title);
  },
  closed: () => {
    expect(toastBox()).toHaveAttribute('data-state', 'closed');
  },
};

describe('toast: one toast follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    const toast = createActor(toastMachine, { input: TOAST, clock }).start();
    render(<ToastItem toast={toast} />);
    await path.test({
      events: {
        // (The delay event is not in the machine's event union, hence the cast of this map below.)
        'toast.pause': () => user.hover(toastBox()!),
        'toast.resume': () => user.unhover(toastBox()!),
        'toast.close': () => user.click(screen.getByRole('button', { name: 'Close' })),
        // The duration elapses: one millisecond short changes nothing, the full duration closes it.
        'xstate.after.duration.toast.visible': () =>
          act(() => {
            clock.increment(TOAST_DEFAULT_DURATION - 1);
            expect(toast.getSnapshot().value).toBe('visible');
            clock.increment(1);
          }),
      } as never,
      states,
    });
  });

  it('a paused toast outlives its duration; resumed, it gets the whole duration again', async () => {
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    const toast = createActor(toastMachine, { input: TOAST, clock }).start();
    render(<ToastItem toast={toast} />);
    act(() => clock.increment(TOAST_DEFAULT_DURATION - 1));
    await user.hover(toastBox()!);
    act(() => clock.increment(3 * TOAST_DEFAULT_DURATION));
    expect(toastBox()).toHaveAttribute('data-state', 'paused');
    await user.unhover(toastBox()!);
    act(() => clock.increment(TOAST_DEFAULT_DURATION - 1));
    expect(toastBox()).toHaveAttribute('data-state', 'visible');
    act(() => clock.increment(1));
    expect(toastBox()).toHaveAttribute('data-state', 'closed');
  });

  it('keyboard focus pauses it too, and leaving resumes', async () => {
    const user = userEvent.setup();
    const toast = createActor(toastMachine, { input: TOAST, clock: new SimulatedClock() }).start();
    render(<ToastItem toast={toast} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(toastBox()).toHaveAttribute('data-state', 'paused');
    await user.tab();
    expect(toastBox()).toHaveAttribute('data-state', 'visible');
  });

  it('a toast without a positive duration lasts the fallback 10000 ms', () => {
    const clock = new SimulatedClock();
    const toast = createActor(toastMachine, { input: { ...TOAST, duration: 0 }, clock }).start();
    clock.increment(TOAST_FALLBACK_DURATION - 1);
    expect(toast.getSnapshot().value).toBe('visible');
    clock.increment(1);
    expect(toast.getSnapshot().value).toBe('closed');
  });

  it('covers every state and transition', () => {
    assertFullCoverage(toastMachine, paths, { stateTests: states, record: true, input: TOAST });
  });
});
