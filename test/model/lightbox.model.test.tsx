import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { artworkMediaMachine } from '../../src/machines/artwork-media/artwork-media.machine';
import { provideArtworkMedia } from '../../src/machines/artwork-media/artwork-media.provide';
import { lightboxMachine } from '../../src/machines/lightbox/lightbox.machine';
import type { MediaItem } from '../../src/schemas/media.schema';
import { MediaPanel } from '../../src/views/artwork-media/MediaPanel';
import { ARTWORK_ID, mediaFixture, pendingForever } from '../support/artwork-editor';
import { assertFullCoverage, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof lightboxMachine>;

// Two pictures and a video: the lightbox moves through the pictures only.
const ITEMS: MediaItem[] = [mediaFixture(1, { isPrimary: true }), mediaFixture(2), mediaFixture(3, { kind: 'video' })];
const IMAGES = ITEMS.filter((i) => i.kind === 'image');

const events = (s: Snapshot): Array<ModelEvent<typeof lightboxMachine>> =>
  s.matches('closed')
    ? IMAGES.map((_, index) => ({ type: 'lightbox.open', index, count: IMAGES.length }))
    : [{ type: 'lightbox.next' }, { type: 'lightbox.previous' }, { type: 'lightbox.close' }];
const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.index]);
const model = createModel(lightboxMachine, { events, serializeState });
const paths = coveringPaths(model);

function MediaHost({ logic }: { logic: typeof artworkMediaMachine }) {
  const media = useActorRef(logic, { input: { artworkId: ARTWORK_ID } });
  return <MediaPanel media={media} />;
}

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

const box = () => screen.queryByRole('dialog', { name: /Pictures|of 2/ });

const states = {
  closed: async () => {
    await waitFor(() => expect(box()).toBeNull());
    expect(screen.getByRole('button', { name: 'View file-1.jpg large' })).toBeVisible();
  },
  open: (s: Snapshot) => {
    const image = IMAGES[s.context.index];
    const dialog = box()!;
    expect(within(dialog).getByText(`${s.context.index + 1} of 2`)).toBeVisible();
    expect(within(dialog).getByTestId('lightbox-picture')).toHaveAttribute('src', image.urls.large ?? image.urls.preview);
    expect(within(dialog).getByTestId('lightbox-picture')).toHaveAttribute('alt', image.fileName);
  },
};

describe('lightbox: a picture of the Media tab shown large follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const logic = provideArtworkMedia({
      loadMedia: fromPromise(async () => ITEMS),
      setPrimary: pendingForever,
      deleteMedia: pendingForever,
      uploadMedia: pendingForever,
      notify: () => {},
    });
    render(<MediaHost logic={logic} />);
    await screen.findByRole('list', { name: 'Media files' });
    // A video has no large view: it plays where it is.
    expect(screen.queryByRole('button', { name: 'View file-3.mp4 large' })).toBeNull();
    await path.test({
      events: {
        'lightbox.open': ({ event }) => {
          const { index } = event as Extract<ModelEvent<typeof lightboxMachine>, { type: 'lightbox.open' }>;
          return user.click(screen.getByRole('button', { name: `View ${IMAGES[index].fileName} large` }));
        },
        // The buttons one way, the arrow keys the other. A key waits a frame: Ark's dialog starts listening for Escape
        // on the frame after it opens (zag's dismissable layer is deferred), and a person's key never comes sooner.
        'lightbox.next': () => user.click(within(box()!).getByRole('button', { name: 'Next picture' })),
        'lightbox.previous': async () => {
          await nextFrame();
          await user.keyboard('{ArrowLeft}');
        },
        'lightbox.close': async () => {
          await nextFrame();
          await user.keyboard('{Escape}');
        },
      },
      states,
    });
  });

  it('covers every state and transition of the chart', () => {
    assertFullCoverage(lightboxMachine, paths, { stateTests: states, record: true });
  });
});
