import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  collectionEditorMachine,
  hasUnsavedChanges,
  type CollectionEditorInput,
  type CollectionEditorLoad,
} from '../../src/machines/collection-editor/collection-editor.machine';
import {
  toCollectionInput,
  visibleCollectionErrors,
  type CollectionFieldChange,
} from '../../src/machines/collection-editor/collection-editor.form';
import { selectCoverId, selectItems, selectPickable } from '../../src/machines/collection-editor/collection-editor.selectors';
import type { Notice } from '../../src/machines/toasts/notice';
import type { Collection, CollectionInput } from '../../src/schemas/collection.schema';
import { ServiceError } from '../../src/services/api-error';
import { COLLECTION_ARTWORKS_TEXT } from '../../src/views/collection-editor/CollectionArtworks';
import { COLLECTION_EDITOR_TEXT } from '../../src/views/collection-editor/CollectionEditor';
import { PICKER_TEXT } from '../../src/views/collection-editor/ArtworkPicker';
import { LEAVE_DIALOG } from '../../src/views/shell/LeaveDialog';
import {
  ALDER,
  ARTWORKS,
  BIRCH,
  CEDAR,
  COLLECTION_ID,
  collectionEditorParts,
  collectionFixture,
  renderCollectionEditor,
} from '../support/collection-editor';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof collectionEditorMachine>;
type Event = ModelEvent<typeof collectionEditorMachine>;

const failure = (message: string, status?: number) => new ServiceError(message, status);
const NOT_FOUND = failure('Collection not found.', 404);
const UNREACHABLE = failure('The server cannot be reached.');

const SAVED = collectionFixture();
const UPDATED = collectionFixture({ title: 'Woods', artworks: [ALDER, BIRCH, CEDAR], coverArtworkId: BIRCH.artworkId });
const CREATED = collectionFixture({ title: 'Leaves', artworks: [BIRCH], visibility: 'private', description: '', tags: [] });

const change = (c: CollectionFieldChange): Event => ({ type: 'form.change', ...c }) as Event;
const LEAVING = [{ type: 'leave.request', to: '/journal' }, { type: 'leave.stay' }, { type: 'leave.confirm' }] as Event[];
const editing = (s: Snapshot) => s.matches({ saved: 'editing' }) || s.matches({ creating: 'editing' });

/**
 * What the artist can do to the saved collection (Trees: Birch, Alder; Cedar to pick), offered only where it means
 * something, so the model stays small: the title changes while nothing is arranged yet; Cedar comes and goes; Alder
 * moves up (by keyboard) in the manual order; Birch becomes the cover; the order switches to Title.
 */
function arranging(s: Snapshot): Event[] {
  const { title, artworkIds, coverArtworkId, sortField } = s.context.form.values;
  const untouched = !artworkIds.includes(CEDAR.artworkId) && artworkIds[1] === ALDER.artworkId && !coverArtworkId && !sortField;
  return [
    ...(untouched ? [change({ field: 'title', value: title ? '' : 'Woods' })] : []),
    artworkIds.includes(CEDAR.artworkId)
      ? { type: 'collection.remove', artworkId: CEDAR.artworkId }
      : { type: 'collection.add', artworkId: CEDAR.artworkId },
    ...(!sortField && artworkIds.indexOf(ALDER.artworkId) === 1 ? [{ type: 'collection.move', artworkId: ALDER.artworkId, to: 0 }] : []),
    ...(!coverArtworkId ? [{ type: 'collection.cover', artworkId: BIRCH.artworkId }] : []),
    ...(!sortField ? [change({ field: 'sortField', value: 'title' })] : []),
  ] as Event[];
}

const existing = {
  input: { collectionId: COLLECTION_ID } satisfies CollectionEditorInput,
  events: (s: Snapshot): Event[] => {
    if (s.matches('loading'))
      return [
        { type: 'xstate.done.actor.loadCollection', output: { collection: SAVED, artworks: ARTWORKS } satisfies CollectionEditorLoad },
        { type: 'xstate.error.actor.loadCollection', error: NOT_FOUND },
        { type: 'xstate.error.actor.loadCollection', error: UNREACHABLE },
      ];
    if (s.matches('loadFailed')) return [{ type: 'collection.retry' }];
    if (editing(s)) return [...arranging(s), { type: 'form.submit' }, { type: 'collection.delete' }, LEAVING[0]];
    if (s.hasTag('confirmingLeave')) return LEAVING.slice(1);
    if (s.matches({ saved: 'updating' }))
      return [
        { type: 'xstate.done.actor.updateCollection', output: UPDATED },
        { type: 'xstate.error.actor.updateCollection', error: UNREACHABLE },
      ];
    if (s.matches({ saved: 'confirmingDelete' })) return [{ type: 'collection.cancelDelete' }, { type: 'collection.confirmDelete' }];
    if (s.matches({ saved: 'deleting' }))
      return [{ type: 'xstate.done.actor.deleteCollection' }, { type: 'xstate.error.actor.deleteCollection', error: UNREACHABLE }];
    return [];
  },
};

/** A new collection: an empty title is refused, then named Leaves, Birch and Alder put in and arranged, and created once. */
const creating = {
  input: { collectionId: null } satisfies CollectionEditorInput,
  events: (s: Snapshot): Event[] => {
    if (s.matches('loading'))
      return [
        { type: 'xstate.done.actor.loadCollection', output: { collection: null, artworks: ARTWORKS } satisfies CollectionEditorLoad },
      ];
    if (s.matches({ creating: 'editing' })) {
      const { title, artworkIds, coverArtworkId } = s.context.form.values;
      const hasAlder = artworkIds.includes(ALDER.artworkId);
      return [
        ...(title ? [] : [change({ field: 'title', value: 'Leaves' })]),
        ...((artworkIds.length ? [] : [{ type: 'collection.add', artworkId: BIRCH.artworkId }]) as Event[]),
        ...((artworkIds.length && !hasAlder ? [{ type: 'collection.add', artworkId: ALDER.artworkId }] : []) as Event[]),
        ...((hasAlder ? [{ type: 'collection.remove', artworkId: ALDER.artworkId }] : []) as Event[]),
        ...((artworkIds.indexOf(ALDER.artworkId) === 1 ? [{ type: 'collection.move', artworkId: ALDER.artworkId, to: 0 }] : []) as Event[]),
        ...((artworkIds.length && !coverArtworkId ? [{ type: 'collection.cover', artworkId: BIRCH.artworkId }] : []) as Event[]),
        { type: 'form.submit' },
        LEAVING[0],
      ];
    }
    if (s.hasTag('confirmingLeave')) return LEAVING.slice(1);
    if (s.matches({ creating: 'saving' }))
      return [
        { type: 'xstate.done.actor.createCollection', output: CREATED },
        { type: 'xstate.error.actor.createCollection', error: UNREACHABLE },
      ];
    return [];
  },
};

const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.form.values, s.context.form.submitted, hasUnsavedChanges(s.context), s.context.collectionId]);

const scenarios = [
  {
    name: 'edit',
    input: existing.input,
    paths: coveringPaths(createModel(collectionEditorMachine, { ...existing, serializeState }), { minimal: true }),
  },
  {
    name: 'create',
    input: creating.input,
    paths: coveringPaths(createModel(collectionEditorMachine, { ...creating, serializeState }), { minimal: true }),
  },
];

/** The actors of the test running now, for the state assertions (which check what was sent). */
const current = {} as {
  createCollection: ReturnType<typeof controlledPromise<Collection, CollectionInput>>;
  updateCollection: ReturnType<typeof controlledPromise<Collection, { collectionId: string; input: CollectionInput }>>;
};

const collectionList = () => screen.getByRole('list', { name: COLLECTION_ARTWORKS_TEXT.heading, hidden: true });
const itemOf = (title: string) => within(collectionList()).getByRole('listitem', { name: title, hidden: true });

/** An item's name: the text of what labels it (its title). */
const nameOf = (li: HTMLElement) => document.getElementById(li.getAttribute('aria-labelledby')!)?.textContent;

/** The page shows the collection as the chart holds it: its artworks in display order, the picker, the cover, the messages. */
function expectCollection(s: Snapshot) {
  const shown = within(collectionList()).queryAllByRole('listitem', { hidden: true }).map(nameOf);
  expect(shown).toEqual(selectItems(s).map((a) => a.title));
  const picker = screen.queryByRole('list', { name: PICKER_TEXT.list, hidden: true });
  const offered = picker ? within(picker).getAllByRole('listitem', { hidden: true }).map(nameOf) : [];
  expect(offered).toEqual(selectPickable(s).map((a) => a.title));
  const pressed = within(collectionList())
    .queryAllByRole('button', { name: 'Cover', pressed: true, hidden: true })
    .map((b) => b.closest('li')!.getAttribute('data-artwork-id'));
  expect(pressed).toEqual(s.context.form.values.coverArtworkId ? [s.context.form.values.coverArtworkId] : []);
  // The cover's badge: chosen, or the first picture standing in.
  const badges = within(collectionList())
    .queryAllByTestId('cover-badge')
    .map((b) => [b.closest('li')!.getAttribute('data-artwork-id'), b.textContent]);
  const coverId = selectCoverId(s);
  const chosen = s.context.form.values.coverArtworkId;
  expect(badges).toEqual(coverId ? [[coverId, chosen ? 'Cover' : 'Cover (first picture)']] : []);
  const moves = within(collectionList()).queryAllByRole('button', { name: 'Move up', hidden: true });
  expect(moves).toHaveLength(s.context.form.values.sortField ? 0 : selectItems(s).length);
  expect(screen.getByTestId('collection-announcer')).toHaveTextContent(s.context.announcement);
  const form = screen.getByRole('form', { name: 'Collection details', hidden: true });
  const messages = [...form.querySelectorAll('[data-part="error-text"]')].map((e) => e.textContent).filter(Boolean);
  expect(messages.sort()).toEqual(Object.values(visibleCollectionErrors(s.context.form)).sort());
}

async function expectLeaveDialog() {
  const dialog = await screen.findByRole('alertdialog', { name: LEAVE_DIALOG.title });
  expect(dialog).toHaveAccessibleDescription(LEAVE_DIALOG.message);
  expect(within(dialog).getByRole('button', { name: LEAVE_DIALOG.leave })).toBeEnabled();
  expect(within(dialog).getByRole('button', { name: LEAVE_DIALOG.stay })).toBeEnabled();
}

const states = {
  loading: () => {
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading')).toBeNull();
  },
  notFound: () => {
    expect(screen.getByRole('heading', { name: COLLECTION_EDITOR_TEXT.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: COLLECTION_EDITOR_TEXT.back })).toHaveAttribute('href', '/portfolio/collections');
  },
  loadFailed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(UNREACHABLE.message);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
  creating: (s: Snapshot) => {
    expect(screen.getByRole('heading', { name: COLLECTION_EDITOR_TEXT.newTitle, hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: COLLECTION_EDITOR_TEXT.deleteButton, hidden: true })).toBeNull();
    expectCollection(s);
  },
  'creating.editing': async () => {
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('button', { name: COLLECTION_EDITOR_TEXT.save })).toBeEnabled();
  },
  'creating.saving': (s: Snapshot) => {
    expect(screen.getByRole('button', { name: COLLECTION_EDITOR_TEXT.saving })).toBeDisabled();
    expect(screen.getByLabelText('Title')).toBeDisabled();
    expect(current.createCollection.calls.at(-1)).toEqual(toCollectionInput(s.context.form.values));
  },
  saved: (s: Snapshot) => {
    expect(screen.getByRole('heading', { name: COLLECTION_EDITOR_TEXT.editTitle, hidden: true })).toBeInTheDocument();
    expectCollection(s);
  },
  'saved.editing': async (s: Snapshot) => {
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('button', { name: COLLECTION_EDITOR_TEXT.save })).toBeEnabled();
    expect(screen.getByRole('button', { name: COLLECTION_EDITOR_TEXT.deleteButton })).toBeEnabled();
    expect(screen.getByLabelText('Title')).toHaveValue(s.context.form.values.title);
    expect(screen.getByLabelText('Order')).toHaveValue(s.context.form.values.sortField ?? '');
  },
  'saved.updating': (s: Snapshot) => {
    expect(screen.getByRole('button', { name: COLLECTION_EDITOR_TEXT.saving })).toBeDisabled();
    expect(current.updateCollection.calls.at(-1)).toEqual({ collectionId: COLLECTION_ID, input: toCollectionInput(s.context.form.values) });
  },
  'saved.confirmingDelete': async () => {
    const dialog = await screen.findByRole('alertdialog', { name: COLLECTION_EDITOR_TEXT.deleteTitle });
    expect(dialog).toHaveAccessibleDescription(COLLECTION_EDITOR_TEXT.deleteConfirm);
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  },
  'saved.deleting': () => {
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
  },
  deleted: () => {
    expect(screen.getByRole('status')).toHaveTextContent(COLLECTION_EDITOR_TEXT.deleted);
  },
  'creating.confirmingLeave': () => expectLeaveDialog(),
  'saved.confirmingLeave': () => expectLeaveDialog(),
  left: () => {
    expect(screen.queryByRole('form', { hidden: true })).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};

async function typeInto(user: UserEvent, label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe.each(scenarios)('collection editor ($name): the view follows the chart', ({ input, paths }) => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const loadCollection = controlledPromise<CollectionEditorLoad, { collectionId: string | null }>('loadCollection');
    current.createCollection = controlledPromise<Collection, CollectionInput>('createCollection');
    current.updateCollection = controlledPromise<Collection, { collectionId: string; input: CollectionInput }>('updateCollection');
    const deleteCollection = controlledPromise<void, { collectionId: string }>('deleteCollection');
    const { createCollection, updateCollection } = current;
    const { parts, notices, navigations, leaves } = collectionEditorParts({
      loadCollection: loadCollection.logic,
      createCollection: createCollection.logic,
      updateCollection: updateCollection.logic,
      deleteCollection: deleteCollection.logic,
    });
    renderCollectionEditor(parts, input);
    const lastNotice = () => notices.at(-1) as Notice;
    const errorOf = (event: unknown) => (event as { error: Error }).error;
    const titleOf = (artworkId: string) => ARTWORKS.find((a) => a.artworkId === artworkId)!.title;

    await path.test({
      events: {
        'form.change': async ({ event }) => {
          const c = event as unknown as CollectionFieldChange;
          if (c.field === 'title') await typeInto(user, 'Title', c.value);
          else if (c.field === 'sortField') await user.selectOptions(screen.getByLabelText('Order'), c.value ?? '');
          else throw new Error(`no driver for ${c.field}`);
        },
        'collection.add': async ({ event }) => {
          const { artworkId } = event as unknown as { artworkId: string };
          const picker = screen.getByRole('list', { name: PICKER_TEXT.list });
          await user.click(within(within(picker).getByRole('listitem', { name: titleOf(artworkId) })).getByRole('button', { name: 'Add' }));
        },
        'collection.remove': ({ event }) =>
          user.click(
            within(itemOf(titleOf((event as unknown as { artworkId: string }).artworkId))).getByRole('button', { name: 'Remove' }),
          ),
        'collection.move': async ({ event }) => {
          // By keyboard: Alt+Arrow Up from a control of the item; the focus stays with the item it moved.
          const { artworkId } = event as unknown as { artworkId: string };
          within(itemOf(titleOf(artworkId)))
            .getByRole('button', { name: 'Cover' })
            .focus();
          await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
          expect(document.activeElement?.closest('li')?.getAttribute('data-artwork-id')).toBe(artworkId);
        },
        'collection.cover': ({ event }) =>
          user.click(within(itemOf(titleOf((event as unknown as { artworkId: string }).artworkId))).getByRole('button', { name: 'Cover' })),
        'form.submit': () => user.click(screen.getByRole('button', { name: COLLECTION_EDITOR_TEXT.save })),
        'leave.request': async () => {
          const asked = screen.queryAllByRole('alertdialog').length;
          await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
          if (!asked && !screen.queryByRole('alertdialog')) expect(leaves).toEqual([]);
        },
        'leave.stay': () => user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: LEAVE_DIALOG.stay })),
        'leave.confirm': async () => {
          await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: LEAVE_DIALOG.leave }));
          expect(leaves).toEqual(['/journal']);
        },
        'collection.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        'collection.delete': () => user.click(screen.getByRole('button', { name: COLLECTION_EDITOR_TEXT.deleteButton })),
        'collection.cancelDelete': () => user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
        'collection.confirmDelete': () => user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' })),
        'xstate.done.actor.loadCollection': ({ event }) =>
          act(() => loadCollection.resolve((event as unknown as { output: CollectionEditorLoad }).output)),
        'xstate.error.actor.loadCollection': ({ event }) => act(() => loadCollection.reject(errorOf(event))),
        'xstate.done.actor.createCollection': async () => {
          await act(() => createCollection.resolve(CREATED));
          expect(lastNotice()).toEqual({ title: 'Collection created successfully', toastType: 'success' });
          expect(navigations.at(-1)).toBe(`/portfolio/collections/${CREATED.collectionId}`);
        },
        'xstate.error.actor.createCollection': async () => {
          await act(() => createCollection.reject(UNREACHABLE));
          expect(lastNotice()).toEqual({ title: 'Failed to create collection: The server cannot be reached.', toastType: 'error' });
        },
        'xstate.done.actor.updateCollection': async () => {
          await act(() => updateCollection.resolve(UPDATED));
          expect(lastNotice()).toEqual({ title: 'Collection updated successfully', toastType: 'success' });
        },
        'xstate.error.actor.updateCollection': async () => {
          await act(() => updateCollection.reject(UNREACHABLE));
          expect(lastNotice()).toEqual({ title: 'Failed to update collection: The server cannot be reached.', toastType: 'error' });
        },
        'xstate.done.actor.deleteCollection': async () => {
          expect(deleteCollection.calls.at(-1)).toEqual({ collectionId: COLLECTION_ID });
          await act(() => deleteCollection.resolve());
          expect(lastNotice()).toEqual({ title: 'Collection deleted successfully', toastType: 'success' });
          expect(navigations.at(-1)).toBe('/portfolio/collections');
        },
        'xstate.error.actor.deleteCollection': async () => {
          await act(() => deleteCollection.reject(UNREACHABLE));
          expect(lastNotice()).toEqual({ title: 'Failed to delete collection: The server cannot be reached.', toastType: 'error' });
        },
      },
      states,
    });
  });
});

describe('collection editor model coverage', () => {
  it('the two scenarios together cover every state and transition, and every resting state has an assertion', () => {
    assertFullCoverage(
      collectionEditorMachine,
      scenarios.flatMap((s) => s.paths),
      { inputs: scenarios.map((s) => s.input), stateTests: states, record: true },
    );
  });
});
