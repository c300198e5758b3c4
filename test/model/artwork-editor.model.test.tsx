import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { artworkEditorMachine, hasUnsavedChanges, type ArtworkEditorInput } from '../../src/machines/artwork-editor/artwork-editor.machine';
import type { Notice } from '../../src/machines/toasts/notice';
import { visibleArtworkErrors, type ArtworkFieldChange } from '../../src/machines/artwork-editor/artwork-editor.form';
import { ServiceError } from '../../src/services/api-error';
import type { Artwork, ArtworkInput } from '../../src/schemas/artwork.schema';
import { ARTWORK_NOT_FOUND, DELETE_ARTWORK_CONFIRM } from '../../src/views/artwork-editor/ArtworkEditor';
import { LEAVE_DIALOG } from '../../src/views/shell/LeaveDialog';
import { ARTWORK_ID, artworkFixture, editorParts, renderEditor } from '../support/artwork-editor';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';
import { chooseFiles } from '../support/choose-files';

type Snapshot = SnapshotFrom<typeof artworkEditorMachine>;
type Event = ModelEvent<typeof artworkEditorMachine>;

/** A service failure as the services throw it: a message and the HTTP status. */
const failure = (message: string, status?: number) => new ServiceError(message, status);
const NOT_FOUND = failure('Artwork not found.', 404);
const UNREACHABLE = failure('The server cannot be reached.');
/** The id in the address is not a UUID: the server answers 400. */
const BAD_ID = failure('Artwork ID must be a valid UUID', 400);
const FORBIDDEN = failure('Forbidden.', 403);

const SAVED = artworkFixture();
const RENAMED = artworkFixture({ title: 'Irises' });
const CREATED = artworkFixture({ mediaType: 'AUDIO', title: '', year: 1999, dimensions: { mediaType: 'AUDIO', durationInSeconds: 95 } });

const change = (c: ArtworkFieldChange): Event => ({ type: 'form.change', ...c }) as Event;
/** A recording dropped on the new audio work: it is saved first (titled from the file), then the file goes up. */
const RECORDING = new File(['sound'], 'rain-on-tin.mp3', { type: 'audio/mpeg' });

/** Following a link elsewhere ('Elsewhere', to /journal): asked first only with unsaved changes. */
const LEAVING = [{ type: 'leave.request', to: '/journal' }, { type: 'leave.stay' }, { type: 'leave.confirm' }] as Event[];

/** Editing a saved artwork (a 3D one, measured in cm): load, update, delete. */
const existing = {
  input: { artworkId: ARTWORK_ID } satisfies ArtworkEditorInput,
  events: [
    { type: 'xstate.done.actor.loadArtwork', output: SAVED },
    { type: 'xstate.error.actor.loadArtwork', error: NOT_FOUND },
    { type: 'xstate.error.actor.loadArtwork', error: BAD_ID },
    { type: 'xstate.error.actor.loadArtwork', error: FORBIDDEN },
    { type: 'xstate.error.actor.loadArtwork', error: UNREACHABLE },
    { type: 'artwork.retry' },
    change({ field: 'title', value: 'Irises' }),
    change({ field: 'dimensions.depth', value: null }),
    { type: 'form.submit' },
    { type: 'xstate.done.actor.updateArtwork', output: RENAMED },
    { type: 'xstate.error.actor.updateArtwork', error: UNREACHABLE },
    { type: 'artwork.delete' },
    { type: 'artwork.cancelDelete' },
    { type: 'artwork.confirmDelete' },
    { type: 'xstate.done.actor.deleteArtwork' },
    { type: 'xstate.error.actor.deleteArtwork', error: UNREACHABLE },
    ...LEAVING,
  ] as Event[],
};

/** Creating an audio artwork (its length is read from its file, nothing to type): the form, then saving it once; what follows is the first scenario's. */
const creating = {
  input: { artworkId: null, mediaType: 'AUDIO' } satisfies ArtworkEditorInput,
  events: [
    change({ field: 'year', value: '3000' }),
    change({ field: 'year', value: '1999' }),
    { type: 'form.submit' },
    { type: 'files.drop', files: [RECORDING] },
    { type: 'xstate.done.actor.createArtwork', output: CREATED },
    { type: 'xstate.error.actor.createArtwork', error: UNREACHABLE },
    ...LEAVING,
  ] as Event[],
};

const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.tab,
    hasUnsavedChanges(s.context),
    s.context.form.values.title,
    s.context.form.values.year,
    s.context.form.values.dimensions,
    s.context.form.submitted,
    s.context.heldFiles.length,
    Object.keys(s.context.form.touched).sort(),
  ]);

/** The tabs: from Details the artist opens Media, and from Media goes back (the form's fields are on Details). */
const tabs = (s: Snapshot): Event[] =>
  s.matches({ saved: 'editing' }) ? [{ type: 'editor.tab', tab: s.context.tab === 'media' ? 'details' : 'media' }] : [];
const existingModel = createModel(artworkEditorMachine, {
  events: (s) => (s.context.tab === 'media' ? tabs(s) : [...existing.events, ...tabs(s)]),
  input: existing.input,
  serializeState,
});
const creatingModel = createModel(artworkEditorMachine, {
  // One drop of files is enough: each further one only adds to the files held.
  events: (s) => (s.matches('creating') ? creating.events.filter((e) => e.type !== 'files.drop' || !s.context.heldFiles.length) : []),
  input: creating.input,
  serializeState,
});
const scenarios = [
  { name: 'edit', input: existing.input, paths: coveringPaths(existingModel) },
  { name: 'create', input: creating.input, paths: coveringPaths(creatingModel) },
];

const preview = () => screen.getByRole('figure', { name: 'Primary image', hidden: true });

/** The messages under the fields are exactly the ones the machine shows now. */
function expectMessages(s: Snapshot) {
  const form = screen.getByRole('form', { name: 'Artwork details' });
  const shown = [...form.querySelectorAll('[data-part="error-text"]')]
    .map((e) => e.textContent)
    .filter(Boolean)
    .sort();
  expect(shown).toEqual(Object.values(visibleArtworkErrors(s.context.form)).sort());
}

/** The error page of that status, with its way home; not the editor's own not-found page. */
function expectErrorPage(title: string) {
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  expect(screen.queryByRole('heading', { name: ARTWORK_NOT_FOUND })).toBeNull();
}

const states = {
  loading: () => {
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading')).toBeNull();
  },
  notFound: () => {
    expect(screen.getByRole('heading', { name: ARTWORK_NOT_FOUND })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Artworks' })).toHaveAttribute('href', '/portfolio/artwork');
  },
  badRequest: () => expectErrorPage('400 Bad Request'),
  forbidden: () => expectErrorPage('403 Forbidden'),
  loadFailed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(UNREACHABLE.message);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
  creating: async () => {
    // `hidden`: the leave dialog hides the page from assistive tech while it is open.
    expect(screen.getByRole('heading', { name: 'Create New Artwork', hidden: true })).toBeInTheDocument();
    expect(screen.getByTestId('media-type')).toHaveTextContent('Audio');
    expect(within(preview()).getByText('Save artwork to add images')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Artwork' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Share', hidden: true })).toBeNull();
    // Files dropped now wait for the first save; none goes up before.
    expect(screen.getByTestId('new-artwork-file-input')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Media files', hidden: true })).toBeNull();
  },
  'creating.editing': async (s: Snapshot) => {
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Files held (the form refused to save, or saving failed) say so.
    const held = s.context.heldFiles.length;
    expect(screen.queryByText(/waits? for the artwork to be saved/, { ignore: 'script' }) !== null).toBe(held > 0);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expectMessages(s);
  },
  'creating.saving': () => {
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByLabelText('Year')).toBeDisabled();
  },
  saved: async (s: Snapshot) => {
    // `hidden`: the confirmation dialog hides the page from assistive tech while it is open.
    expect(screen.getByRole('heading', { name: 'Edit Artwork', hidden: true })).toBeInTheDocument();
    expect(screen.getByTestId('media-type')).toHaveTextContent(s.context.artwork!.mediaType === 'AUDIO' ? 'Audio' : 'Physical 3D');
    expect(
      await within(screen.getByRole('figure', { name: 'Primary image', hidden: true })).findByText('No primary image selected'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose files', hidden: true })).toBeInTheDocument();
    // A file dropped while it was new goes up now that it is saved.
    for (const f of s.context.heldFiles) expect(await screen.findByRole('listitem', { name: f.name, hidden: true })).toBeInTheDocument();
    // The chart's tab is the one open: a work just created opens on its Media.
    const open = screen.getByRole('tab', { name: s.context.tab === 'media' ? 'Media' : 'Details', hidden: true });
    expect(open).toHaveAttribute('aria-selected', 'true');
    // Share is a link to a new post prefilled from this artwork.
    expect(screen.getByRole('link', { name: 'Share', hidden: true })).toHaveAttribute(
      'href',
      `/social-media/post/new?artwork=${s.context.artwork!.artworkId}`,
    );
  },
  'saved.editing': async (s: Snapshot) => {
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    if (s.context.tab === 'media') {
      // Media open: its files can be chosen; the form waits on the Details tab.
      expect(screen.getByRole('button', { name: 'Choose files' })).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
      return;
    }
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete Artwork' })).toBeEnabled();
    expect(screen.getByLabelText('Title')).toHaveValue(s.context.form.values.title);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expectMessages(s);
  },
  'saved.updating': () => {
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  },
  'saved.confirmingDelete': async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete artwork' });
    expect(dialog).toHaveAccessibleDescription(DELETE_ARTWORK_CONFIRM);
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  },
  'saved.deleting': () => {
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
  },
  deleted: () => {
    expect(screen.getByRole('status')).toHaveTextContent('Artwork deleted.');
  },
  'creating.confirmingLeave': () => expectLeaveDialog(),
  'saved.confirmingLeave': () => expectLeaveDialog(),
  left: () => {
    expect(screen.queryByRole('form', { hidden: true })).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};

/** The leave guard: an alert dialog offering Stay and Leave. */
async function expectLeaveDialog() {
  const dialog = await screen.findByRole('alertdialog', { name: LEAVE_DIALOG.title });
  expect(dialog).toHaveAccessibleDescription(LEAVE_DIALOG.message);
  expect(within(dialog).getByRole('button', { name: LEAVE_DIALOG.leave })).toBeEnabled();
  expect(within(dialog).getByRole('button', { name: LEAVE_DIALOG.stay })).toBeEnabled();
}

async function typeInto(user: UserEvent, label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe.each(scenarios)('artwork editor ($name): the view follows the chart', ({ input, paths }) => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const loadArtwork = controlledPromise<Artwork, { artworkId: string }>('loadArtwork');
    const createArtwork = controlledPromise<Artwork, ArtworkInput>('createArtwork');
    const updateArtwork = controlledPromise<Artwork, { artworkId: string; input: ArtworkInput }>('updateArtwork');
    const deleteArtwork = controlledPromise<void, { artworkId: string }>('deleteArtwork');
    const { parts, notices, navigations, leaves } = editorParts({
      loadArtwork: loadArtwork.logic,
      createArtwork: createArtwork.logic,
      updateArtwork: updateArtwork.logic,
      deleteArtwork: deleteArtwork.logic,
    });
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderEditor(parts, input);
    const lastNotice = () => notices.at(-1) as Notice;
    const errorOf = (event: unknown) => (event as { error: Error }).error;

    await path.test({
      events: {
        'form.change': async ({ event }) => {
          const c = event as unknown as ArtworkFieldChange;
          if (c.field === 'title' || c.field === 'year') await typeInto(user, c.field === 'title' ? 'Title' : 'Year', c.value);
          else if (c.field === 'dimensions.depth') await typeInto(user, 'Depth (cm)', '');
          else throw new Error(`no driver for ${c.field}`);
        },
        'form.submit': () => user.click(screen.getByRole('button', { name: 'Submit' })),
        'leave.request': async () => {
          const asked = screen.queryAllByRole('alertdialog').length;
          await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
          // Without unsaved changes the link simply goes: nothing held, nothing asked.
          if (!asked && !screen.queryByRole('alertdialog')) expect(leaves).toEqual([]);
        },
        'leave.stay': () => user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: LEAVE_DIALOG.stay })),
        'leave.confirm': async () => {
          await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: LEAVE_DIALOG.leave }));
          expect(leaves).toEqual(['/journal']);
        },
        'artwork.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        'files.drop': async ({ event }) => {
          const { files } = event as unknown as { files: File[] };
          // Handed to the Media tab's drop zone as a drop would (the tab itself is the chart's, not modelled here).
          chooseFiles(screen.getByTestId('new-artwork-file-input'), files);
          await waitFor(() =>
            expect(createArtwork.calls.length + screen.queryAllByText(/waits? for the artwork/).length).toBeGreaterThan(0),
          );
        },
        'editor.tab': ({ event }) =>
          user.click(screen.getByRole('tab', { name: (event as unknown as { tab: string }).tab === 'media' ? 'Media' : 'Details' })),
        'artwork.delete': () => user.click(screen.getByRole('button', { name: 'Delete Artwork' })),
        'artwork.cancelDelete': () => user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
        'artwork.confirmDelete': () => user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' })),
        'xstate.done.actor.loadArtwork': () => act(() => loadArtwork.resolve(SAVED)),
        'xstate.error.actor.loadArtwork': ({ event }) => act(() => loadArtwork.reject(errorOf(event))),
        'xstate.done.actor.createArtwork': async () => {
          // The year typed as text goes as an integer, or null when left empty.
          const sent = createArtwork.calls.at(-1)!;
          // Untitled, it took the dropped file's name.
          expect(['', 'rain on tin']).toContain(sent.title);
          expect(sent).toMatchObject({
            saleStatus: 'NOT_FOR_SALE',
            mediaType: 'AUDIO',
            dimensions: { mediaType: 'AUDIO' },
          });
          expect([null, 1999]).toContain(sent.year);
          await act(() => createArtwork.resolve(CREATED));
          expect(lastNotice()).toEqual({ title: 'Artwork created successfully', toastType: 'success' });
          expect(navigations.at(-1)).toBe(`/portfolio/artwork/${CREATED.artworkId}`);
          // Saved for the first time: its Media, from the top of the page.
          expect(scrolled).toHaveBeenCalledWith({ top: 0 });
        },
        'xstate.error.actor.createArtwork': async () => {
          await act(() => createArtwork.reject(UNREACHABLE));
          expect(lastNotice()).toEqual({ title: 'Failed to create artwork: The server cannot be reached.', toastType: 'error' });
        },
        'xstate.done.actor.updateArtwork': async () => {
          expect(updateArtwork.calls.at(-1)).toMatchObject({
            artworkId: ARTWORK_ID,
            input: { dimensions: { depth: 4, measurementSystem: 'metric' } },
          });
          await act(() => updateArtwork.resolve(RENAMED));
          expect(lastNotice()).toEqual({ title: 'Artwork updated successfully', toastType: 'success' });
        },
        'xstate.error.actor.updateArtwork': async () => {
          await act(() => updateArtwork.reject(UNREACHABLE));
          expect(lastNotice()).toEqual({ title: 'Failed to update artwork: The server cannot be reached.', toastType: 'error' });
        },
        'xstate.done.actor.deleteArtwork': async () => {
          expect(deleteArtwork.calls.at(-1)).toEqual({ artworkId: ARTWORK_ID });
          await act(() => deleteArtwork.resolve());
          expect(lastNotice()).toEqual({ title: 'Artwork deleted successfully', toastType: 'success' });
          expect(navigations.at(-1)).toBe('/portfolio/artwork');
        },
        'xstate.error.actor.deleteArtwork': async () => {
          await act(() => deleteArtwork.reject(UNREACHABLE));
          expect(lastNotice()).toEqual({ title: 'Failed to delete artwork: The server cannot be reached.', toastType: 'error' });
        },
      },
      states,
    });
  });
});

describe('artwork editor model coverage', () => {
  it('the two scenarios together cover every state and transition, and every resting state has an assertion', () => {
    // Each scenario starts the machine with its own input (new or existing artwork).
    assertFullCoverage(
      artworkEditorMachine,
      scenarios.flatMap((s) => s.paths),
      { inputs: scenarios.map((s) => s.input), stateTests: states, record: true },
    );
  });
});
