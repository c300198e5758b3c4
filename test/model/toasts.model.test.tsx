import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimulatedClock, createActor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { TOAST_DEFAULT_DURATION } from '../../src/machines/toasts/toast.machine';
import { toastsMachine } from '../../src/machines/toasts/toasts.machine';
import { Toaster } from '../../src/views/toasts/Toaster';
import { assertFullCoverage, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof toastsMachine>;

// Toasts come from the app's code, not a control: the model sends toast.add and toast.remove to the actor,
// and a toast finishing (its Close button here) is the xstate.done.actor.* event.
// Removal always concerns the oldest toast, whatever id it got.
const eventsIn = (s: Snapshot): Array<ModelEvent<typeof toastsMachine>> => {
  const [first] = s.context.toasts;
  return [
    ...(s.context.toasts.length < 3
      ? [
          { type: 'toast.add', title: 'Media deleted successfully', toastType: 'success' } as const,
          { type: 'toast.add', title: 'Failed to delete media: gone', toastType: 'error' } as const,
        ]
      : []),
    ...(first ? [{ type: 'toast.remove', id: first.id } as const, { type: 'xstate.done.actor.toast', actorId: first.id } as never] : []),
  ];
};
// The kinds in order: the view shows errors differently, so a list of them is a state of its own.
const serializeState = (s: Snapshot) => JSON.stringify(s.context.toasts.map((t) => t.getSnapshot().context.type));
const model = createModel(toastsMachine, { events: eventsIn, serializeState });
const paths = coveringPaths(model);

const region = () => screen.getByRole('region', { name: 'Notifications' });
// Each toast is a live region of its own, in the order they came.
const shownToasts = () => Array.from(region().children) as HTMLElement[];
const states = {
  // The list shows exactly the running toasts, oldest first; errors as alerts, the rest as status.
  '#toasts': (s: Snapshot) => {
    const expected = s.context.toasts.map((t) => t.getSnapshot().context);
    expect(shownToasts().map((el) => [el.getAttribute('role'), el.querySelector('p')?.textContent])).toEqual(
      expected.map((t) => [t.type === 'error' ? 'alert' : 'status', t.title]),
    );
  },
};

describe('toasts: the list follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const toasts = createActor(toastsMachine).start();
    render(<Toaster toasts={toasts} />);
    const first = () => toasts.getSnapshot().context.toasts[0];
    await path.test({
      events: {
        'toast.add': ({ event }) => act(() => toasts.send(event as never)),
        'toast.remove': () => act(() => toasts.send({ type: 'toast.remove', id: first().id })),
        'xstate.done.actor.toast': async () => {
          const id = first().id;
          const box = shownToasts()[0];
          await user.click(within(box).getByRole('button', { name: 'Close' }));
          expect(toasts.getSnapshot().context.toasts.some((t) => t.id === id)).toBe(false);
        },
      },
      states,
    });
  });

  it('an error toast is announced as an alert with a coloured border, others politely', () => {
    const toasts = createActor(toastsMachine).start();
    render(<Toaster toasts={toasts} />);
    act(() => {
      toasts.send({ type: 'toast.add', title: 'Failed to upload media file: too big', toastType: 'error' });
      toasts.send({ type: 'toast.add', title: 'Media file uploaded successfully' });
    });
    expect(within(region()).getByRole('alert')).toHaveAttribute('data-type', 'error');
    expect(within(region()).getByRole('status')).toHaveAttribute('data-type', 'info');
  });

  it('a toast leaves the list when its duration (5000 ms unless given) runs out', () => {
    const clock = new SimulatedClock();
    const toasts = createActor(toastsMachine, { clock }).start();
    render(<Toaster toasts={toasts} />);
    act(() => {
      toasts.send({ type: 'toast.add', title: 'Artwork created successfully', toastType: 'success' });
      toasts.send({ type: 'toast.add', title: 'Saved', duration: 8000 });
    });
    act(() => clock.increment(TOAST_DEFAULT_DURATION - 1));
    expect(shownToasts()).toHaveLength(2);
    act(() => clock.increment(1));
    expect(shownToasts().map((el) => el.textContent)).toEqual([expect.stringContaining('Saved')]);
    act(() => clock.increment(3000));
    expect(shownToasts()).toHaveLength(0);
  });

  it('covers every state and transition', () => {
    assertFullCoverage(toastsMachine, paths, { stateTests: states, record: true });
  });
});
