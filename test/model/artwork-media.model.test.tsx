import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { artworkMediaMachine } from '../../src/machines/artwork-media/artwork-media.machine';
import type { Notice } from '../../src/machines/toasts/notice';
import type { MediaUploadInput } from '../../src/machines/artwork-media/media-upload.machine';
import { formatFileSize, type MediaItem } from '../../src/schemas/media.schema';
import { provideArtworkMedia } from '../../src/machines/artwork-media/artwork-media.provide';
import { MediaPanel } from '../../src/views/artwork-media/MediaPanel';
import { ARTWORK_ID, mediaFixture, pendingForever } from '../support/artwork-editor';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';
import { chooseFiles } from '../support/choose-files';

type Snapshot = SnapshotFrom<typeof artworkMediaMachine>;

const ITEMS: MediaItem[] = [mediaFixture(1, { isPrimary: true }), mediaFixture(2), mediaFixture(3, { kind: 'video' })];
const UPLOADED = mediaFixture(4);
const UNREACHABLE = new Error('The server cannot be reached.');

/** Events the view can produce in a state: the menu of 'file-2.jpg' exists only while it is listed. */
const events = (s: Snapshot): Array<ModelEvent<typeof artworkMediaMachine>> => {
  const second = s.context.items.find((i) => i.mediaId === 'm2');
  return [
    { type: 'xstate.done.actor.loadMedia', output: ITEMS },
    { type: 'xstate.error.actor.loadMedia', error: UNREACHABLE },
    { type: 'media.retry' },
    ...(second && !second.isPrimary ? [{ type: 'media.setPrimary', mediaId: 'm2' } as const] : []),
    { type: 'xstate.done.actor.setPrimary' },
    { type: 'xstate.error.actor.setPrimary', error: UNREACHABLE },
    ...(second ? [{ type: 'media.delete' as const, mediaIds: ['m2'] }] : []),
    { type: 'media.cancelDelete' },
    { type: 'media.confirmDelete' },
    { type: 'xstate.done.actor.deleteMedia' },
    { type: 'xstate.error.actor.deleteMedia', error: UNREACHABLE },
    // A file whose upload started earlier arrives: at any time, even while a dialog is open.
    { type: 'media.uploaded', item: UPLOADED },
  ];
};

const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.items.map((i) => `${i.mediaId}${i.isPrimary ? '*' : ''}`),
    s.context.pendingDelete,
    s.context.arrivedWhileLoading,
  ]);
const model = createModel(artworkMediaMachine, { events, input: { artworkId: ARTWORK_ID }, serializeState });
// getPathsFromEvents ignores the model's input: it is given the start explicitly.
const START = createActor(artworkMediaMachine, { input: { artworkId: ARTWORK_ID } }).getSnapshot();
type Event = ModelEvent<typeof artworkMediaMachine>;
const uploaded: Event = { type: 'media.uploaded', item: UPLOADED };
const loaded: Event = { type: 'xstate.done.actor.loadMedia', output: ITEMS };
// Beyond the chart's paths (which reach the same list by uploading after the reading): a file that arrives while the
// list is read, first or again after a failed delete, stays once the answer (read before it) comes.
const arrivals = [
  [uploaded, loaded],
  [
    loaded,
    { type: 'media.delete', mediaIds: ['m2'] },
    { type: 'media.confirmDelete' },
    { type: 'xstate.error.actor.deleteMedia', error: UNREACHABLE },
    uploaded,
    loaded,
  ],
].flatMap((list) => model.getPathsFromEvents(list as Event[], { fromState: START, serializeState }));
const paths = [...coveringPaths(model), ...arrivals];

function MediaHost({ logic }: { logic: typeof artworkMediaMachine }) {
  const media = useActorRef(logic, { input: { artworkId: ARTWORK_ID } });
  return <MediaPanel media={media} />;
}

const cards = () => within(screen.getByRole('list', { name: 'Media files', hidden: true })).getAllByRole('listitem', { hidden: true });

const states = {
  loading: () => {
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(UNREACHABLE.message);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
  ready: (s: Snapshot) => {
    const shown = s.context.items.length ? cards() : [];
    expect(shown.map((c) => c.getAttribute('aria-label'))).toEqual(s.context.items.map((i) => i.fileName));
    s.context.items.forEach((item, i) => {
      expect(within(shown[i]).queryByText('Primary') !== null).toBe(item.isPrimary);
      expect(within(shown[i]).getByText(formatFileSize(item.fileSizeInBytes))).toBeInTheDocument();
    });
  },
  'ready.idle': async (s: Snapshot) => {
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByText('Updating the primary image...')).toBeNull();
    for (const item of s.context.items) expect(screen.getByRole('button', { name: `Actions for ${item.fileName}` })).toBeEnabled();
  },
  'ready.settingPrimary': async () => {
    // Ark's menu hands the chosen item over after its own key handling: the spinner follows a moment later.
    expect(await screen.findByText('Updating the primary image...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for file-2.jpg' })).toBeDisabled();
  },
  'ready.confirmingDelete': async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete media' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this media?');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  },
  'ready.deleting': () => {
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
  },
};

/**
 * Picks a card's menu action with the keyboard, as a keyboard user would: Ark's menu highlights items on pointer
 * moves only once it has seen a pointer, which jsdom does not always give it.
 */
async function chooseAction(user: UserEvent, fileName: string, action: string) {
  act(() => screen.getByRole('button', { name: `Actions for ${fileName}` }).focus());
  await user.keyboard('{ArrowDown}');
  const menu = await screen.findByRole('menu');
  // Keys reach the menu only once it has taken the focus (Ark moves it there a frame after opening).
  await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
  await waitFor(() => expect(menu.querySelector('[data-highlighted]')).not.toBeNull());
  for (let i = 0; i < 5 && menu.querySelector('[data-highlighted]')?.textContent !== action; i++) await user.keyboard('{ArrowDown}');
  expect(menu.querySelector('[data-highlighted]')).toHaveTextContent(action);
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
}

describe('artwork media: the Media tab follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const loadMedia = controlledPromise<MediaItem[], { artworkId: string }>('loadMedia');
    const setPrimary = controlledPromise<void, { artworkId: string; mediaId: string }>('setPrimary');
    const deleteMedia = controlledPromise<void, { artworkId: string; mediaIds: string[] }>('deleteMedia');
    const uploadMedia = controlledPromise<MediaItem, MediaUploadInput & { onProgress: (fraction: number) => void }>('uploadMedia');
    const notices: Notice[] = [];
    const logic = provideArtworkMedia({
      loadMedia: loadMedia.logic,
      setPrimary: setPrimary.logic,
      deleteMedia: deleteMedia.logic,
      uploadMedia: uploadMedia.logic,
      notify: (n) => void notices.push(n),
    });
    render(<MediaHost logic={logic} />);
    /** An upload finished while the list was being read: the answer (ITEMS, read before it) lacks it. */
    let uploadedWhileLoading = false;
    await path.test({
      events: {
        'xstate.done.actor.loadMedia': async () => {
          await act(() => loadMedia.resolve(ITEMS));
          // The answer wins for what it lists; the file that arrived meanwhile stays after it.
          const expected = [...ITEMS, ...(uploadedWhileLoading ? [UPLOADED] : [])].map((i) => i.fileName);
          expect(cards().map((c) => c.getAttribute('aria-label'))).toEqual(expected);
          uploadedWhileLoading = false;
        },
        'xstate.error.actor.loadMedia': async () => {
          await act(() => loadMedia.reject(UNREACHABLE));
          uploadedWhileLoading = false;
        },
        'media.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        'media.setPrimary': () => chooseAction(user, 'file-2.jpg', 'Set as Primary'),
        'xstate.done.actor.setPrimary': async () => {
          expect(setPrimary.calls.at(-1)).toEqual({ artworkId: ARTWORK_ID, mediaId: 'm2' });
          await act(() => setPrimary.resolve());
          expect(notices.at(-1)).toEqual({ title: 'Primary media updated successfully', toastType: 'success' });
        },
        'xstate.error.actor.setPrimary': async () => {
          await act(() => setPrimary.reject(UNREACHABLE));
          expect(notices.at(-1)).toEqual({ title: 'Failed to set primary media: The server cannot be reached.', toastType: 'error' });
        },
        'media.delete': () => chooseAction(user, 'file-2.jpg', 'Delete'),
        'media.cancelDelete': () => user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
        'media.confirmDelete': () => user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' })),
        'xstate.done.actor.deleteMedia': async () => {
          expect(deleteMedia.calls.at(-1)).toEqual({ artworkId: ARTWORK_ID, mediaIds: ['m2'] });
          await act(() => deleteMedia.resolve());
          expect(notices.at(-1)).toEqual({ title: 'Media deleted successfully', toastType: 'success' });
        },
        'xstate.error.actor.deleteMedia': async () => {
          await act(() => deleteMedia.reject(UNREACHABLE));
          expect(notices.at(-1)).toEqual({ title: 'Failed to delete media: The server cannot be reached.', toastType: 'error' });
        },
        'media.uploaded': async () => {
          uploadedWhileLoading ||= screen.queryByText('Loading...') !== null;
          // The file was chosen earlier: hand it to the picker without a click, which would land outside an open dialog.
          chooseFiles(screen.getByTestId('media-file-input'), [new File(['x'], UPLOADED.fileName, { type: 'image/jpeg' })]);
          await waitFor(() => expect(uploadMedia.pending).toBe(true));
          await act(() => uploadMedia.resolve(UPLOADED));
          expect(notices.at(-1)).toEqual({ title: 'Media file uploaded successfully', toastType: 'success' });
        },
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(artworkMediaMachine, paths, { input: { artworkId: ARTWORK_ID }, stateTests: states, record: true });
  });
});

describe('files uploaded while the list is read', () => {
  it('keeps those the answer lacks (a primary one stays primary); the answer wins for those it lists', async () => {
    const loadMedia = controlledPromise<MediaItem[], { artworkId: string }>('loadMedia');
    const uploadMedia = controlledPromise<MediaItem, MediaUploadInput & { onProgress: (fraction: number) => void }>('uploadMedia');
    const logic = provideArtworkMedia({
      loadMedia: loadMedia.logic,
      setPrimary: pendingForever,
      deleteMedia: pendingForever,
      uploadMedia: uploadMedia.logic,
      notify: () => {},
    });
    render(<MediaHost logic={logic} />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const upload = async (item: MediaItem) => {
      chooseFiles(screen.getByTestId('media-file-input'), [new File(['x'], item.fileName, { type: 'image/jpeg' })]);
      await waitFor(() => expect(uploadMedia.pending).toBe(true));
      await act(() => uploadMedia.resolve(item));
    };
    // Two uploads finish while the list is read: file-4 (made primary) before the answer was read, file-5 after.
    await upload(mediaFixture(4, { isPrimary: true }));
    await upload(mediaFixture(5));
    const file5AsRead = mediaFixture(5, { fileSizeInBytes: 800 });
    await act(() => loadMedia.resolve([...ITEMS, file5AsRead]));

    const shown = cards();
    expect(shown.map((c) => c.getAttribute('aria-label'))).toEqual(['file-1.jpg', 'file-2.jpg', 'file-3.mp4', 'file-5.jpg', 'file-4.jpg']);
    // The answer's copy of file-5; file-4 is newer than the answer, so it keeps the Primary badge file-1 had.
    expect(within(shown[3]).getByText('800 B')).toBeInTheDocument();
    expect(shown.map((c) => within(c).queryByText('Primary') !== null)).toEqual([false, false, false, false, true]);
  });
});

describe('media cards', () => {
  const show = (items: MediaItem[]) => {
    const logic = provideArtworkMedia({
      loadMedia: fromPromise(async () => items),
      setPrimary: pendingForever,
      deleteMedia: pendingForever,
      uploadMedia: pendingForever,
      notify: () => {},
    });
    render(<MediaHost logic={logic} />);
  };

  it('shows name, date, size and the Primary badge; only other images can be made primary', async () => {
    const user = userEvent.setup();
    show([
      mediaFixture(1, { isPrimary: true }),
      mediaFixture(2, { fileSizeInBytes: 800 }),
      mediaFixture(3, { kind: 'audio', fileSizeInBytes: null }),
    ]);
    const [first, second, third] = await screen.findAllByRole('listitem');
    expect(first).toHaveTextContent('file-1.jpg');
    expect(within(first).getByText('Primary')).toBeInTheDocument();
    expect(within(first).getByText('Nov 21, 2026')).toBeInTheDocument();
    expect(within(first).getByText('1.5 MB')).toBeInTheDocument();
    expect(within(second).getByText('800 B')).toBeInTheDocument();
    expect(within(third).getByText('Unknown size')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'file-1.jpg' })).toHaveAttribute('src', 'https://media.test/m1?size=smCrop&sig=x');

    await user.click(within(first).getByRole('button', { name: 'Actions for file-1.jpg' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Set as Primary' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(within(second).getByRole('button', { name: 'Actions for file-2.jpg' }));
    expect(await screen.findByRole('menuitem', { name: 'Set as Primary' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(third).getByRole('button', { name: 'Actions for file-3.mp3' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Set as Primary' })).toBeNull();
  });

  it("shows 'Image not available' for an image that cannot be loaded, and players for video and audio", async () => {
    show([mediaFixture(1), mediaFixture(2, { kind: 'video' }), mediaFixture(3, { kind: 'audio' })]);
    const image = await screen.findByRole('img', { name: 'file-1.jpg' });
    fireEvent.error(image);
    expect(await screen.findByText('Image not available')).toBeInTheDocument();
    expect(document.querySelector('video')).toHaveAttribute('src', 'https://media.test/m2?size=original&sig=x');
    expect(document.querySelector('video')).toHaveAccessibleName('file-2.mp4');
    expect(document.querySelector('audio')).toHaveAttribute('src', 'https://media.test/m3?size=original&sig=x');
  });
});
