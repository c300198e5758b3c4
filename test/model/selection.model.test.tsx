import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Notice } from '../../src/machines/toasts/notice';
import type { artworkMediaMachine } from '../../src/machines/artwork-media/artwork-media.machine';
import { selectionMachine } from '../../src/machines/shared/selection.machine';
import type { MediaItem } from '../../src/schemas/media.schema';
import { provideArtworkMedia, type ArtworkMediaParts } from '../../src/machines/artwork-media/artwork-media.provide';
import { MediaPanel } from '../../src/views/artwork-media/MediaPanel';
import { ARTWORK_ID, mediaFixture, pendingForever } from '../support/artwork-editor';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof selectionMachine>;

const ITEMS: MediaItem[] = [mediaFixture(1, { isPrimary: true }), mediaFixture(2), mediaFixture(3, { kind: 'video' })];
const ALL = ITEMS.map((i) => i.mediaId);

/** What the toolbar and the cards' checkboxes can send in a state. */
const events = (s: Snapshot): Array<ModelEvent<typeof selectionMachine>> => {
  if (s.matches('off')) return [{ type: 'selection.enter' }];
  const all = ALL.every((id) => s.context.selected.includes(id));
  return [
    { type: 'selection.exit' },
    { type: 'selection.toggle', id: 'm1' },
    { type: 'selection.toggle', id: 'm2' },
    all ? { type: 'selection.deselectAll' } : { type: 'selection.selectAll', ids: ALL },
  ];
};
const serializeState = (s: Snapshot) => JSON.stringify([s.value, [...s.context.selected].sort()]);
const model = createModel(selectionMachine, { events, serializeState });
const paths = coveringPaths(model);

function MediaHost({ logic }: { logic: typeof artworkMediaMachine }) {
  const media = useActorRef(logic, { input: { artworkId: ARTWORK_ID } });
  return <MediaPanel media={media} />;
}

function renderPanel(deleteMedia: ArtworkMediaParts['deleteMedia'] = pendingForever) {
  const notices: Notice[] = [];
  const logic = provideArtworkMedia({
    loadMedia: fromPromise(async () => ITEMS),
    setPrimary: pendingForever,
    deleteMedia,
    uploadMedia: pendingForever,
    notify: (n) => void notices.push(n),
  });
  render(<MediaHost logic={logic} />);
  return { notices };
}

const card = (fileName: string) => within(screen.getByRole('list', { name: 'Media files' })).getByRole('listitem', { name: fileName });
const toolbar = () => screen.getByRole('toolbar', { name: 'Media selection' });

const states = {
  off: () => {
    expect(within(toolbar()).getByRole('button', { name: 'Select Multiple' })).toBeEnabled();
    expect(within(toolbar()).queryByRole('button', { name: /Delete Selected/ })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    for (const item of ITEMS)
      expect(within(card(item.fileName)).getByRole('button', { name: `Actions for ${item.fileName}` })).toBeInTheDocument();
  },
  on: (s: Snapshot) => {
    const n = s.context.selected.length;
    expect(within(toolbar()).getByRole('button', { name: 'Exit Selection Mode' })).toBeEnabled();
    const all = n === ALL.length;
    expect(within(toolbar()).getByRole('button', { name: all ? 'Deselect All' : 'Select All' })).toBeEnabled();
    expect(within(toolbar()).queryByRole('button', { name: all ? 'Select All' : 'Deselect All' })).toBeNull();
    const remove = within(toolbar()).getByRole('button', { name: `Delete Selected (${n})` });
    if (n === 0) expect(remove).toBeDisabled();
    else expect(remove).toBeEnabled();
    for (const item of ITEMS) {
      expect(within(card(item.fileName)).getByRole('checkbox', { name: `Select ${item.fileName}` })).toHaveProperty(
        'checked',
        s.context.selected.includes(item.mediaId),
      );
      expect(within(card(item.fileName)).queryByRole('button', { name: /Actions for/ })).toBeNull();
    }
  },
};

describe('media selection: the selection mode follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('list', { name: 'Media files' });
    await path.test({
      events: {
        'selection.enter': () => user.click(screen.getByRole('button', { name: 'Select Multiple' })),
        'selection.exit': () => user.click(screen.getByRole('button', { name: 'Exit Selection Mode' })),
        'selection.toggle': ({ event }) => {
          const { id } = event as unknown as { id: string };
          const item = ITEMS.find((i) => i.mediaId === id)!;
          return user.click(screen.getByRole('checkbox', { name: `Select ${item.fileName}` }));
        },
        'selection.selectAll': () => user.click(screen.getByRole('button', { name: 'Select All' })),
        'selection.deselectAll': () => user.click(screen.getByRole('button', { name: 'Deselect All' })),
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(selectionMachine, paths, { stateTests: states, record: true });
  });
});

describe('leaving selection mode', () => {
  it('clears the selection', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Select Multiple' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select file-1.jpg' }));
    expect(screen.getByRole('button', { name: 'Delete Selected (1)' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Exit Selection Mode' }));
    await user.click(screen.getByRole('button', { name: 'Select Multiple' }));
    expect(screen.getByRole('checkbox', { name: 'Select file-1.jpg' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Delete Selected (0)' })).toBeDisabled();
  });
});

describe('deleting the selected media', () => {
  it('asks about n items, deletes them together, then leaves selection mode', async () => {
    const user = userEvent.setup();
    const deleteMedia = controlledPromise<void, { artworkId: string; mediaIds: string[] }>('deleteMedia');
    const { notices } = renderPanel(deleteMedia.logic);
    await user.click(await screen.findByRole('button', { name: 'Select Multiple' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select file-3.mp4' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select file-1.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Delete Selected (2)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete media items' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete 2 media items?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(deleteMedia.calls).toEqual([{ artworkId: ARTWORK_ID, mediaIds: ['m3', 'm1'] }]);
    await act(() => deleteMedia.resolve());
    expect(notices).toEqual([{ title: 'Media deleted successfully', toastType: 'success' }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Select Multiple' })).toBeEnabled();
    expect(
      within(screen.getByRole('list', { name: 'Media files' }))
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['file-2.jpg']);
  });

  it('asks about one item with the single text, and Cancel keeps the selection', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Select Multiple' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select file-2.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Delete Selected (1)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete media' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this media?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Select file-2.jpg' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Delete Selected (1)' })).toBeEnabled();
  });

  it('a failed deletion tells why, leaves selection mode and reads the list again', async () => {
    const user = userEvent.setup();
    const deleteMedia = controlledPromise<void, { artworkId: string; mediaIds: string[] }>('deleteMedia');
    const { notices } = renderPanel(deleteMedia.logic);
    await user.click(await screen.findByRole('button', { name: 'Select Multiple' }));
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    await user.click(screen.getByRole('button', { name: 'Delete Selected (3)' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await act(() => deleteMedia.reject(new Error('Media not found.')));
    expect(notices).toEqual([{ title: 'Failed to delete media: Media not found.', toastType: 'error' }]);
    expect(await screen.findByRole('button', { name: 'Select Multiple' })).toBeInTheDocument();
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
  });
});
