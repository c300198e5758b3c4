import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { toastsMachine } from '../../src/machines/toasts.machine';
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
const serializeState = (s: Snapshot) => JSON.stringify(s.context.toasts.length);
const model = createModel(toastsMachine, { events: eventsIn, serializeState });
const paths = coveringPaths(model);

const region = () => screen.getByRole('region', { name: 'Notifications' });
const states = {
  '#toasts': (s: Snapshot) => {
    const shown = [...within(region()).queryAllByRole('status'), ...within(region()).queryAllByRole('alert')];
    expect(shown).toHaveLength(s.context.toasts.length);
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
          const box = [...within(region()).queryAllByRole('status'), ...within(region()).queryAllByRole('alert')].find((el) => el.textContent?.includes(first().getSnapshot().context.title))!;
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

  it('covers every state and transition', () => {
    assertFullCoverage(toastsMachine, paths, { stateTests: states, record: true });
  });
});
