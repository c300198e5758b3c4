import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LocalPostDraft } from '../../schemas/local-post-draft.schema';
import { errorOf, failureMessage } from '../shared/failure';

/** How long the post must rest after a change before its copy is written (typing changes it at every key). */
export const LOCAL_COPY_DELAY_MS = 400;

export interface LocalCopyInput {
  /** The editor opened on a copy this browser kept: it is there already. */
  restored: boolean;
}

export interface LocalCopyContext {
  /** The copy to write next (the latest the editor sent). */
  draft: LocalPostDraft | null;
  /** The copy to remove: its key. */
  dropKey: string | null;
  /** Why the last write failed. */
  error: string | null;
  restored: boolean;
}

export type LocalCopyEvent =
  /** The post has unsaved changes: keep this copy of it. */
  | { type: 'copy.keep'; draft: LocalPostDraft }
  /** Saved, discarded or published: the copy under this key goes. */
  | { type: 'copy.drop'; key: string }
  /** The page is being hidden or left: write now rather than after the pause. */
  | { type: 'copy.flush' };

/**
 * The copy of an unsaved post kept in this browser, beside the post editor: written once the post has rested after
 * a change (at once when the page is hidden or left), removed once the post is saved or discarded. A failed write
 * (the browser's storage full or refused) is told to the editor, which then asks before the artist leaves; the next
 * change tries again. The storage is the local-drafts service, provided with the editor's other services.
 */
export const localCopyMachine = setup({
  types: {
    context: {} as LocalCopyContext,
    events: {} as LocalCopyEvent,
    input: {} as LocalCopyInput,
  },
  actors: {
    writeCopy: fromPromise<void, LocalPostDraft>(async () => {
      throw new Error('writeCopy not provided');
    }),
    removeCopy: fromPromise<void, { key: string }>(async () => {
      throw new Error('removeCopy not provided');
    }),
  },
  delays: { settle: LOCAL_COPY_DELAY_MS },
  actions: {
    /** Tells the editor the copy is written (the editor provides it: a message to its chart). */
    tellKept: () => {},
    /** Tells the editor why the copy could not be written. */
    tellFailed: (_, _error: string) => {},
    keep: assign(({ event }) => (event.type === 'copy.keep' ? { draft: event.draft } : {})),
    forget: assign(({ event }) => (event.type === 'copy.drop' ? { draft: null, dropKey: event.key, error: null } : {})),
    noteFailure: assign(({ event }) => ({ error: failureMessage(errorOf(event)) })),
  },
  guards: {
    restored: ({ context }) => context.restored,
  },
}).createMachine({
  id: 'localCopy',
  context: ({ input }) => ({ draft: null, dropKey: null, error: null, restored: input.restored }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'restored', target: 'kept' }, { target: 'none' }] },
    none: {
      description: 'No copy of this post in the browser: nothing unsaved, or its copy removed.',
      on: { 'copy.keep': { target: 'waiting', actions: 'keep' } },
    },
    waiting: {
      description: 'Changed: the copy is written once the post has rested a moment.',
      tags: ['pending'],
      after: { settle: 'writing' },
      on: {
        'copy.keep': { target: 'waiting', reenter: true, actions: 'keep' },
        'copy.flush': 'writing',
        'copy.drop': { target: 'dropping', actions: 'forget' },
      },
    },
    writing: {
      tags: ['pending'],
      invoke: {
        id: 'writeCopy',
        src: 'writeCopy',
        input: ({ context }) => context.draft!,
        onDone: { target: 'kept', actions: 'tellKept' },
        onError: {
          target: 'failed',
          actions: ['noteFailure', { type: 'tellFailed', params: ({ context }) => context.error! }],
        },
      },
      // A newer copy replaces this one once written (the service writes in order).
      on: { 'copy.keep': { target: 'waiting', actions: 'keep' }, 'copy.drop': { target: 'dropping', actions: 'forget' } },
    },
    kept: {
      description: 'The unsaved post is kept in this browser: leaving or reloading loses nothing.',
      on: { 'copy.keep': { target: 'waiting', actions: 'keep' }, 'copy.drop': { target: 'dropping', actions: 'forget' } },
    },
    failed: {
      description: 'The browser would not keep the copy: the editor says why; the next change tries again.',
      on: { 'copy.keep': { target: 'waiting', actions: 'keep' }, 'copy.drop': { target: 'dropping', actions: 'forget' } },
    },
    dropping: {
      invoke: {
        id: 'removeCopy',
        src: 'removeCopy',
        input: ({ context }) => ({ key: context.dropKey! }),
        // A copy that could not be removed is replaced by the next one, or offered again (with Discard) next time.
        onDone: 'none',
        onError: 'none',
      },
      on: { 'copy.keep': { target: 'waiting', actions: 'keep' } },
    },
  },
});

export type LocalCopyRef = ActorRefFrom<typeof localCopyMachine>;
export type LocalCopySnapshot = SnapshotFrom<typeof localCopyMachine>;
