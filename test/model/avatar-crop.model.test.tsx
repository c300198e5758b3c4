import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef, useSelector } from '@xstate/react';
import { createActor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { avatarCropMachine, cropOf } from '../../src/machines/profile/avatar-crop.machine';
import { AvatarCropper } from '../../src/views/profile/AvatarCropper';
import { assertFullCoverage, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof avatarCropMachine>;

/** A landscape picture: at zoom 1 the frame is its 400 px height, and can slide along its 800 px width. */
const PICTURE = { width: 800, height: 400 };
const FILE = new File([new Uint8Array([137, 80, 78, 71])], 'portrait.png', { type: 'image/png' });
const INPUT = { file: FILE };
// jsdom makes no object URLs: the picture gets a stand-in address.
URL.createObjectURL ??= () => 'blob:chosen-picture';
URL.revokeObjectURL ??= () => {};

const events: Array<ModelEvent<typeof avatarCropMachine>> = [
  { type: 'crop.loaded', ...PICTURE },
  { type: 'crop.unreadable' },
  { type: 'crop.zoom', zoom: 2 },
  // ArrowLeft shows more of the picture's left (the picture moves right under the frame); ArrowDown more of its bottom.
  { type: 'crop.move', dx: 0.05, dy: 0 },
  { type: 'crop.move', dx: 0, dy: -0.05 },
  { type: 'crop.confirm' },
  { type: 'crop.cancel' },
];
/** One step from where the frame started is enough to show moving: further steps repeat it. */
const atMiddle = (s: Snapshot) => s.context.centre.x === PICTURE.width / 2 && s.context.centre.y === PICTURE.height / 2;
const model = createModel(avatarCropMachine, {
  events: (s: Snapshot) => events.filter((e) => e.type !== 'crop.move' || atMiddle(s)),
  input: INPUT,
  serializeState: (s: Snapshot) => JSON.stringify([s.value, s.context.zoom, s.context.centre]),
});
const paths = coveringPaths(model);

/** The dialog while the chart runs; then what it answered (the chosen square, or null). */
function CropHost({ logic }: { logic: typeof avatarCropMachine }) {
  const crop = useActorRef(logic, { input: INPUT });
  const done = useSelector(crop, (s) => s.status === 'done');
  if (done) return <p>{JSON.stringify(crop.getSnapshot().output)}</p>;
  return <AvatarCropper crop={crop} />;
}

const dialog = () => screen.getByRole('dialog', { name: 'Position your avatar' });
const frame = () => within(dialog()).getByRole('group', { name: 'Avatar picture' });

const states = {
  loading: () => {
    // The frame waits for the picture's size: nothing to choose yet.
    expect(within(dialog()).getByRole('button', { name: 'Use this picture' })).toBeDisabled();
    expect(within(dialog()).getByRole('slider', { name: 'Zoom' })).toBeDisabled();
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
  unreadable: () => {
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('This picture cannot be shown here.');
    expect(within(dialog()).queryByRole('button', { name: 'Use this picture' })).toBeNull();
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
  positioning: (s: Snapshot) => {
    const crop = cropOf(s.context)!;
    // The frame stays on the picture and is a square of it.
    expect(crop.width).toBe(crop.height);
    expect(crop.x).toBeGreaterThanOrEqual(0);
    expect(crop.x + crop.width).toBeLessThanOrEqual(PICTURE.width);
    expect(crop.y + crop.height).toBeLessThanOrEqual(PICTURE.height);
    // The picture is drawn where the chart says: the frame shows exactly the crop.
    const picture = frame().querySelector('img')!;
    expect(parseFloat(picture.style.width)).toBeCloseTo((PICTURE.width / crop.width) * 100, 3);
    expect(parseFloat(picture.style.left)).toBeCloseTo((-crop.x / crop.width) * 100, 3);
    expect(parseFloat(picture.style.top)).toBeCloseTo((-crop.y / crop.width) * 100, 3);
    expect(within(dialog()).getByRole('slider', { name: 'Zoom' })).toHaveValue(String(s.context.zoom));
    expect(within(dialog()).getByRole('button', { name: 'Use this picture' })).toBeEnabled();
  },
  chosen: (s: Snapshot) => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(JSON.stringify({ crop: cropOf(s.context) }))).toBeInTheDocument();
  },
  cancelled: () => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('null')).toBeInTheDocument();
  },
};

describe('avatar crop: the crop dialog follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    render(<CropHost logic={avatarCropMachine} />);
    await path.test({
      events: {
        'crop.loaded': () => {
          const picture = frame().querySelector('img')!;
          Object.defineProperties(picture, { naturalWidth: { value: PICTURE.width }, naturalHeight: { value: PICTURE.height } });
          fireEvent.load(picture);
        },
        'crop.unreadable': () => void fireEvent.error(frame().querySelector('img')!),
        'crop.zoom': ({ event }) =>
          void fireEvent.change(within(dialog()).getByRole('slider', { name: 'Zoom' }), {
            target: { value: String((event as unknown as { zoom: number }).zoom) },
          }),
        'crop.move': async ({ event }) => {
          frame().focus();
          await user.keyboard((event as unknown as { dx: number }).dx ? '{ArrowLeft}' : '{ArrowDown}');
        },
        'crop.confirm': () => user.click(within(dialog()).getByRole('button', { name: 'Use this picture' })),
        'crop.cancel': () => user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(avatarCropMachine, paths, { input: INPUT, stateTests: states, record: true });
  });

  it('zooms with + and -, and keeps the frame on the picture however far it is moved or zoomed', () => {
    const crop = createActor(avatarCropMachine, { input: INPUT }).start();
    crop.send({ type: 'crop.loaded', ...PICTURE });
    // At zoom 1 the frame is the picture's height, in its middle.
    expect(cropOf(crop.getSnapshot().context)).toEqual({ x: 200, y: 0, width: 400, height: 400 });
    crop.send({ type: 'crop.move', dx: 10, dy: 10 });
    expect(cropOf(crop.getSnapshot().context)).toEqual({ x: 0, y: 0, width: 400, height: 400 });
    crop.send({ type: 'crop.zoom', zoom: 99 });
    expect(crop.getSnapshot().context.zoom).toBe(4);
    // Zooming keeps the middle of the frame where it was.
    expect(cropOf(crop.getSnapshot().context)).toEqual({ x: 150, y: 150, width: 100, height: 100 });
    crop.send({ type: 'crop.move', dx: -10, dy: -10 });
    expect(cropOf(crop.getSnapshot().context)).toEqual({ x: 700, y: 300, width: 100, height: 100 });
  });

  it('the frame answers + and - from the keyboard', async () => {
    const user = userEvent.setup();
    render(<CropHost logic={avatarCropMachine} />);
    const picture = frame().querySelector('img')!;
    Object.defineProperties(picture, { naturalWidth: { value: PICTURE.width }, naturalHeight: { value: PICTURE.height } });
    fireEvent.load(picture);
    frame().focus();
    await user.keyboard('++');
    expect(within(dialog()).getByRole('slider', { name: 'Zoom' })).toHaveValue('1.2');
    await user.keyboard('-');
    expect(within(dialog()).getByRole('slider', { name: 'Zoom' })).toHaveValue('1.1');
  });
});
