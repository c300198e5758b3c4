import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { Artwork } from '../../schemas/artwork.schema';
import { COLLECTION_MESSAGES, type Collection, type CollectionInput } from '../../schemas/collection.schema';
import { changeField, emptyForm, isFormValid, submitForm, withServerErrors } from '../shared/form';
import { errorOf, failureFieldErrors, failureMessage, failureStatus } from '../shared/failure';
import type { Notice } from '../toasts/notice';
import {
  byId,
  collectionFormSchema,
  collectionToForm,
  emptyCollectionForm,
  toCollectionInput,
  type CollectionFieldChange,
  type CollectionForm,
  type CollectionFormState,
} from './collection-editor.form';
import { addArtwork, chooseCover, moveArtwork, removeArtwork, type Arrangement } from './collection-editor.arrange';
import { formChanged, leaveGuard, type LeaveEvent } from '../shared/leave-guard';

export interface CollectionEditorInput {
  /** null creates a new collection; otherwise the collection to load. */
  collectionId: string | null;
}

/** What the editor reads first: the collection (none when new) and every artwork the artist can put in it. */
export interface CollectionEditorLoad {
  collection: Collection | null;
  artworks: Artwork[];
}

export interface CollectionEditorContext {
  collectionId: string | null;
  collection: Collection | null;
  /** Every artwork the editor can show, by id: the artist's, and the collection's own. */
  artworks: Record<string, Artwork>;
  form: CollectionFormState;
  /** The values as last saved (or as a new form starts): the form differs from them when it has unsaved changes. */
  pristine: CollectionForm;
  /** What the last arrangement did, in words, for the live region (assistive tech hears each move). */
  announcement: string;
  leaveTo: string | null;
  error: string | null;
}

export type CollectionEditorEvent =
  | ({ type: 'form.change' } & CollectionFieldChange)
  | { type: 'collection.add'; artworkId: string }
  | { type: 'collection.remove'; artworkId: string }
  /** Drag and drop, Move up / Move down and Alt+Arrow all move an artwork to a position of the manual order. */
  | { type: 'collection.move'; artworkId: string; to: number }
  | { type: 'collection.cover'; artworkId: string | null }
  | { type: 'form.submit' }
  | { type: 'collection.retry' }
  | { type: 'collection.delete' }
  | { type: 'collection.confirmDelete' }
  | { type: 'collection.cancelDelete' }
  | LeaveEvent;

/** The form differs from what was last saved (for a new one: from the empty form it started as). */
export const hasUnsavedChanges = formChanged;

const LEAVE = leaveGuard({
  id: 'collectionEditor',
  losesWork: 'hasUnsavedChanges',
  describe: 'The artist asked to leave with unsaved changes: Stay or Leave.',
});

/** What an editing state takes: field changes, and arranging the artworks (moves only in the manual order). */
const ARRANGING = {
  'form.change': { actions: 'changeField' },
  'collection.add': { actions: 'arrange' },
  'collection.remove': { actions: 'arrange' },
  'collection.move': { guard: 'inManualOrder', actions: 'arrange' },
  'collection.cover': { actions: 'arrange' },
  ...LEAVE.request,
} as const;

const notifyFailed = (step: 'create' | 'update' | 'delete') =>
  ({
    type: 'notify',
    params: ({ event }: { event: object }): Notice => ({
      title: COLLECTION_MESSAGES.saveFailedTitle(step, failureMessage(errorOf(event))),
      toastType: 'error',
    }),
  }) as const;

/**
 * The collection editor: a new collection is created once, then it is a saved collection that can be updated and
 * deleted after a confirmation. Leaving with unsaved changes asks first.
 */
export const collectionEditorMachine = setup({
  types: {
    context: {} as CollectionEditorContext,
    events: {} as CollectionEditorEvent,
    input: {} as CollectionEditorInput,
    tags: {} as 'busy' | 'confirmingLeave',
  },
  actors: {
    loadCollection: fromPromise<CollectionEditorLoad, { collectionId: string | null }>(async () => {
      throw new Error('loadCollection not provided');
    }),
    createCollection: fromPromise<Collection, CollectionInput>(async () => {
      throw new Error('createCollection not provided');
    }),
    updateCollection: fromPromise<Collection, { collectionId: string; input: CollectionInput }>(async () => {
      throw new Error('updateCollection not provided');
    }),
    deleteCollection: fromPromise<void, { collectionId: string }>(async () => {
      throw new Error('deleteCollection not provided');
    }),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** Moves the app to another address, replacing the current history entry. */
    navigate: (_, _to: string) => {},
    /** Goes where the artist chose to go, leaving the unsaved changes behind. */
    leave: (_, _to: string) => {},
    useLoaded: assign(({ context }, loaded: CollectionEditorLoad) => {
      const values = loaded.collection ? collectionToForm(loaded.collection) : emptyCollectionForm();
      return {
        collection: loaded.collection,
        artworks: byId([...loaded.artworks, ...(loaded.collection?.artworks ?? [])], context.artworks),
        form: emptyForm(values),
        pristine: values,
        error: null,
      };
    }),
    useCollection: assign(({ context }, collection: Collection) => ({
      collection,
      collectionId: collection.collectionId,
      artworks: byId(collection.artworks, context.artworks),
      form: emptyForm(collectionToForm(collection)),
      pristine: collectionToForm(collection),
    })),
    stay: assign({ leaveTo: null }),
    askToLeave: assign(({ event }) => {
      assertEvent(event, 'leave.request');
      return { leaveTo: event.to };
    }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      return { form: changeField(context.form, collectionFormSchema, event.field, event.value) };
    }),
    arrange: assign(({ context, event }) => {
      assertEvent(event, ['collection.add', 'collection.remove', 'collection.move', 'collection.cover']);
      const arranged: Arrangement =
        event.type === 'collection.add'
          ? addArtwork(context, event.artworkId)
          : event.type === 'collection.remove'
            ? removeArtwork(context, event.artworkId)
            : event.type === 'collection.move'
              ? moveArtwork(context, event.artworkId, event.to)
              : chooseCover(context, event.artworkId);
      let form = context.form;
      for (const [field, value] of Object.entries(arranged.values)) form = changeField(form, collectionFormSchema, field, value);
      return { form, announcement: arranged.announcement };
    }),
    showAllMessages: assign(({ context }) => ({ form: submitForm(context.form, collectionFormSchema) })),
    keepServerMessages: assign(({ context, event }) => ({ form: withServerErrors(context.form, failureFieldErrors(errorOf(event))) })),
  },
  guards: {
    isNew: ({ context }) => context.collectionId === null,
    hasUnsavedChanges: ({ context }) => hasUnsavedChanges(context),
    formValid: ({ context }) => isFormValid(context.form, collectionFormSchema),
    inManualOrder: ({ context }) => context.form.values.sortField === null,
    notFound: ({ event }) => [400, 404].includes(failureStatus(errorOf(event)) ?? 0),
  },
}).createMachine({
  id: 'collectionEditor',
  context: ({ input }) => ({
    collectionId: input.collectionId,
    collection: null,
    artworks: {},
    form: emptyForm(emptyCollectionForm()),
    pristine: emptyCollectionForm(),
    announcement: '',
    leaveTo: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the collection to edit (none when new) and the artworks it can take.',
      tags: ['busy'],
      invoke: {
        id: 'loadCollection',
        src: 'loadCollection',
        input: ({ context }) => ({ collectionId: context.collectionId }),
        onDone: [
          { guard: 'isNew', target: 'creating', actions: { type: 'useLoaded', params: ({ event }) => event.output } },
          { target: 'saved', actions: { type: 'useLoaded', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { target: 'loadFailed', actions: assign({ error: ({ event }) => failureMessage(event.error, COLLECTION_MESSAGES.fetchFailed) }) },
        ],
      },
    },
    notFound: { description: 'No such collection of this artist (or it was deleted).' },
    loadFailed: { on: { 'collection.retry': 'loading' } },
    creating: {
      description: 'A new collection, created once on its first save.',
      initial: 'editing',
      states: {
        editing: {
          on: { ...ARRANGING, 'form.submit': [{ guard: 'formValid', target: 'saving' }, { actions: 'showAllMessages' }] },
        },
        confirmingLeave: LEAVE.confirmingLeave,
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'createCollection',
            src: 'createCollection',
            input: ({ context }) => toCollectionInput(context.form.values),
            onDone: {
              target: '#collectionEditor.saved',
              actions: [
                { type: 'useCollection', params: ({ event }) => event.output },
                { type: 'notify', params: { title: COLLECTION_MESSAGES.created, toastType: 'success' } },
                { type: 'navigate', params: ({ event }) => `/portfolio/collections/${event.output.collectionId}` },
              ],
            },
            onError: { target: 'editing', actions: ['keepServerMessages', notifyFailed('create')] },
          },
        },
      },
    },
    saved: {
      description: 'A saved collection: its form updates it; it can be deleted after a confirmation.',
      initial: 'editing',
      states: {
        editing: {
          on: {
            ...ARRANGING,
            'form.submit': [{ guard: 'formValid', target: 'updating' }, { actions: 'showAllMessages' }],
            'collection.delete': 'confirmingDelete',
          },
        },
        confirmingLeave: LEAVE.confirmingLeave,
        updating: {
          tags: ['busy'],
          invoke: {
            id: 'updateCollection',
            src: 'updateCollection',
            input: ({ context }) => ({ collectionId: context.collectionId!, input: toCollectionInput(context.form.values) }),
            onDone: {
              target: 'editing',
              actions: [
                { type: 'useCollection', params: ({ event }) => event.output },
                { type: 'notify', params: { title: COLLECTION_MESSAGES.updated, toastType: 'success' } },
              ],
            },
            onError: { target: 'editing', actions: ['keepServerMessages', notifyFailed('update')] },
          },
        },
        confirmingDelete: { on: { 'collection.confirmDelete': 'deleting', 'collection.cancelDelete': 'editing' } },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deleteCollection',
            src: 'deleteCollection',
            input: ({ context }) => ({ collectionId: context.collectionId! }),
            onDone: {
              target: '#collectionEditor.deleted',
              actions: [
                { type: 'notify', params: { title: COLLECTION_MESSAGES.deleted, toastType: 'success' } },
                { type: 'navigate', params: '/portfolio/collections' },
              ],
            },
            onError: { target: 'editing', actions: notifyFailed('delete') },
          },
        },
      },
    },
    deleted: { type: 'final' },
    left: { type: 'final', description: 'The artist left with unsaved changes, having been asked.' },
  },
});

export type CollectionEditorRef = ActorRefFrom<typeof collectionEditorMachine>;
