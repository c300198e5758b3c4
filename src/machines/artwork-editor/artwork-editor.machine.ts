import { changeField, emptyForm, isFormValid, submitForm, withServerErrors } from '../shared/form';
import { assertEvent, assign, fromPromise, raise, setup, type ActorRefFrom } from 'xstate';
import {
  ARTWORK_MESSAGES,
  artworkFormSchema,
  artworkToForm,
  emptyArtworkForm,
  titleFromFileName,
  toArtworkInput,
  type Artwork,
  type ArtworkInput,
} from '../../schemas/artwork.schema';
import type { MediaType } from '../../schemas/media-type.schema';
import { artworkMediaMachine } from '../artwork-media/artwork-media.machine';
import type { ArtworkFieldChange, ArtworkFormState } from './artwork-editor.form';
import { errorOf, failureFieldErrors, failureMessage, failureStatus } from '../shared/failure';
import type { Notice } from '../toasts/notice';
import { formChanged, leaveGuard, type LeaveEvent } from '../shared/leave-guard';

/** The editor's tabs (Inventory only for a saved artwork, and only where the page offers it). */
export type EditorTab = 'details' | 'media' | 'inventory';

export interface ArtworkEditorInput {
  /** null creates a new artwork of `mediaType`; otherwise the artwork to load. */
  artworkId: string | null;
  mediaType?: MediaType;
  /** The tab to open on (an artwork just started from a dropped file opens on its Media). */
  tab?: EditorTab;
}

export interface ArtworkEditorContext {
  artworkId: string | null;
  artwork: Artwork | null;
  form: ArtworkFormState;
  /** The values as last saved (or as a new form starts): the form differs from them when it has unsaved changes. */
  pristine: ArtworkFormState['values'];
  /** Where the artist asked to go while the form had unsaved changes. */
  leaveTo: string | null;
  error: string | null;
  tab: EditorTab;
  /** How many times the chart itself opened Media (after the first save): each time, the page goes back to its top. */
  mediaOpened: number;
  /** Files dropped on the artwork while new: it is saved first, then they go up. */
  heldFiles: File[];
}

export type ArtworkEditorEvent =
  | ({ type: 'form.change' } & ArtworkFieldChange)
  | { type: 'form.submit' }
  | { type: 'artwork.retry' }
  | { type: 'artwork.delete' }
  | { type: 'artwork.confirmDelete' }
  | { type: 'artwork.cancelDelete' }
  | { type: 'editor.tab'; tab: EditorTab }
  | { type: 'files.drop'; files: File[] }
  | LeaveEvent;

/** The form differs from what was last saved (for a new one: from the empty form it started as). */
export const hasUnsavedChanges = formChanged;

const LEAVE = leaveGuard({
  id: 'artworkEditor',
  losesWork: 'hasUnsavedChanges',
  describe: 'The artist asked to leave with unsaved changes: Stay or Leave.',
});

/** The error toast of a failed create, update or delete: its required title, then the failure's own message. */
const notifyFailed = (step: 'create' | 'update' | 'delete') =>
  ({
    type: 'notify',
    params: ({ event }: { event: object }): Notice => ({
      title: ARTWORK_MESSAGES.saveFailedTitle(step, failureMessage(errorOf(event))),
      toastType: 'error',
    }),
  }) as const;

/**
 * The artwork form: a new artwork (id 'new') is created once, then it is a saved artwork that can be updated,
 * deleted after a confirmation, and given media (the `media` actor runs only while saved).
 */
export const artworkEditorMachine = setup({
  types: {
    context: {} as ArtworkEditorContext,
    events: {} as ArtworkEditorEvent,
    input: {} as ArtworkEditorInput,
    tags: {} as 'busy' | 'confirmingLeave',
  },
  actors: {
    loadArtwork: fromPromise<Artwork, { artworkId: string }>(async () => {
      throw new Error('loadArtwork not provided');
    }),
    createArtwork: fromPromise<Artwork, ArtworkInput>(async () => {
      throw new Error('createArtwork not provided');
    }),
    updateArtwork: fromPromise<Artwork, { artworkId: string; input: ArtworkInput }>(async () => {
      throw new Error('updateArtwork not provided');
    }),
    deleteArtwork: fromPromise<void, { artworkId: string }>(async () => {
      throw new Error('deleteArtwork not provided');
    }),
    media: artworkMediaMachine,
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** Moves the app to another address, replacing the current history entry. */
    navigate: (_, _to: string) => {},
    /** Goes where the artist chose to go, leaving the unsaved changes behind. */
    leave: (_, _to: string) => {},
    useArtwork: assign((_, artwork: Artwork) => ({
      artwork,
      artworkId: artwork.artworkId,
      form: emptyForm(artworkToForm(artwork), artworkFormSchema),
      pristine: artworkToForm(artwork),
      error: null,
    })),
    stay: assign({ leaveTo: null }),
    askToLeave: assign(({ event }) => {
      assertEvent(event, 'leave.request');
      return { leaveTo: event.to };
    }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      return { form: changeField(context.form, artworkFormSchema, event.field, event.value) };
    }),
    // The messages are on the Details tab: it shows.
    showAllMessages: assign(({ context }) => ({ form: submitForm(context.form, artworkFormSchema), tab: 'details' as const })),
    showTab: assign(({ event }) => {
      assertEvent(event, 'editor.tab');
      return { tab: event.tab };
    }),
    /** Keeps the files for after the save; an untitled artwork takes the first file's name for its title. */
    holdFiles: assign(({ context, event }) => {
      assertEvent(event, 'files.drop');
      const untitled = context.form.values.title.trim() === '';
      const form = untitled ? changeField(context.form, artworkFormSchema, 'title', titleFromFileName(event.files[0].name)) : context.form;
      return { heldFiles: [...context.heldFiles, ...event.files], form };
    }),
    submit: raise({ type: 'form.submit' }),
    /** Saved for the first time: now its pictures. */
    openMedia: assign(({ context }) => ({ tab: 'media' as const, mediaOpened: context.mediaOpened + 1 })),
    keepServerMessages: assign(({ context, event }) => ({ form: withServerErrors(context.form, failureFieldErrors(errorOf(event))) })),
  },
  guards: {
    isNew: ({ context }) => context.artworkId === null,
    hasFiles: ({ event }) => event.type === 'files.drop' && event.files.length > 0,
    hasUnsavedChanges: ({ context }) => hasUnsavedChanges(context),
    formValid: ({ context }) => isFormValid(context.form, artworkFormSchema),
    notFound: ({ event }) => failureStatus(errorOf(event)) === 404,
    /** The id in the address is not one (the server answers 400): the 400 page. */
    badRequest: ({ event }) => failureStatus(errorOf(event)) === 400,
    forbidden: ({ event }) => failureStatus(errorOf(event)) === 403,
  },
}).createMachine({
  id: 'artworkEditor',
  context: ({ input }) => ({
    artworkId: input.artworkId,
    artwork: null,
    form: emptyForm(emptyArtworkForm(input.mediaType ?? 'PHYSICAL_2D'), artworkFormSchema),
    pristine: emptyArtworkForm(input.mediaType ?? 'PHYSICAL_2D'),
    leaveTo: null,
    error: null,
    tab: input.tab ?? 'details',
    mediaOpened: 0,
    heldFiles: [],
  }),
  on: { 'editor.tab': { actions: 'showTab' } },
  initial: 'start',
  states: {
    start: { always: [{ guard: 'isNew', target: 'creating' }, { target: 'loading' }] },
    loading: {
      description: 'Reading the artwork to edit.',
      tags: ['busy'],
      invoke: {
        id: 'loadArtwork',
        src: 'loadArtwork',
        input: ({ context }) => ({ artworkId: context.artworkId! }),
        onDone: { target: 'saved', actions: { type: 'useArtwork', params: ({ event }) => event.output } },
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { guard: 'badRequest', target: 'badRequest' },
          { guard: 'forbidden', target: 'forbidden' },
          { target: 'loadFailed', actions: assign({ error: ({ event }) => failureMessage(event.error, ARTWORK_MESSAGES.fetchFailed) }) },
        ],
      },
    },
    notFound: {},
    badRequest: { description: 'The address names no valid artwork id (400): the 400 page.' },
    forbidden: { description: 'The server refused to show it (403): the 403 page.' },
    loadFailed: { on: { 'artwork.retry': 'loading' } },
    creating: {
      description: 'A new artwork: media can be added only once it is saved.',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.change': { actions: 'changeField' },
            'form.submit': [{ guard: 'formValid', target: 'saving' }, { actions: 'showAllMessages' }],
            // Files dropped on a new artwork save it first (or show what it still needs); then they go up.
            'files.drop': { guard: 'hasFiles', actions: ['holdFiles', 'submit'] },
            ...LEAVE.request,
          },
        },
        confirmingLeave: LEAVE.confirmingLeave,
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'createArtwork',
            src: 'createArtwork',
            input: ({ context }) => toArtworkInput(context.form.values),
            onDone: {
              target: '#artworkEditor.saved',
              actions: [
                { type: 'useArtwork', params: ({ event }) => event.output },
                { type: 'notify', params: { title: ARTWORK_MESSAGES.created, toastType: 'success' } },
                { type: 'navigate', params: ({ event }) => `/portfolio/artwork/${event.output.artworkId}` },
                'openMedia',
              ],
            },
            onError: {
              target: 'editing',
              actions: ['keepServerMessages', notifyFailed('create')],
            },
          },
        },
      },
    },
    saved: {
      description: 'A saved artwork: its form updates it, and its media can be managed.',
      invoke: { id: 'media', src: 'media', input: ({ context }) => ({ artworkId: context.artworkId!, files: context.heldFiles }) },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.change': { actions: 'changeField' },
            'form.submit': [{ guard: 'formValid', target: 'updating' }, { actions: 'showAllMessages' }],
            'artwork.delete': 'confirmingDelete',
            ...LEAVE.request,
          },
        },
        confirmingLeave: LEAVE.confirmingLeave,
        updating: {
          tags: ['busy'],
          invoke: {
            id: 'updateArtwork',
            src: 'updateArtwork',
            input: ({ context }) => ({ artworkId: context.artworkId!, input: toArtworkInput(context.form.values) }),
            onDone: {
              target: 'editing',
              actions: [
                { type: 'useArtwork', params: ({ event }) => event.output },
                { type: 'notify', params: { title: ARTWORK_MESSAGES.updated, toastType: 'success' } },
              ],
            },
            onError: {
              target: 'editing',
              actions: ['keepServerMessages', notifyFailed('update')],
            },
          },
        },
        confirmingDelete: { on: { 'artwork.confirmDelete': 'deleting', 'artwork.cancelDelete': 'editing' } },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deleteArtwork',
            src: 'deleteArtwork',
            input: ({ context }) => ({ artworkId: context.artworkId! }),
            onDone: {
              target: '#artworkEditor.deleted',
              actions: [
                { type: 'notify', params: { title: ARTWORK_MESSAGES.deleted, toastType: 'success' } },
                { type: 'navigate', params: '/portfolio/artwork' },
              ],
            },
            onError: {
              target: 'editing',
              actions: notifyFailed('delete'),
            },
          },
        },
      },
    },
    deleted: { type: 'final' },
    left: { type: 'final', description: 'The artist left with unsaved changes, having been asked.' },
  },
});

export type ArtworkEditorRef = ActorRefFrom<typeof artworkEditorMachine>;
