import { and, assign, not, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { emptyForm } from '../shared/form';
import { emptyPostValues, postFormRules, toSavePost } from './post-editor.form';
import { POST_EDITOR_MESSAGES as M } from './post-editor.messages';
import { failureMessage } from '../shared/failure';
import { watchServer } from '../shared/watch-server';
import { notifyPublishedMeanwhile, outcomeOf, postEditorSetup, savedLinkCardOf } from './post-editor.setup';
import * as files from './post-editor.files';
import { DEFAULT_POST_LANGUAGE } from '../../schemas/post-labels.schema';
import { copyKeyOf } from './post-editor.local-copy';
import { leaveGuard } from '../shared/leave-guard';

export { MAX_SCHEDULE_WAIT_MS, POST_POLL_MS } from './post-editor.setup';

/** What the artist can change while a post is editable; each change is kept in this browser until saved. */
const EDITS = {
  'form.change': { actions: ['changeField', 'tellLinkText', 'syncLocalCopy', 'readQuotas', 'readFitted'] },
  'files.add': { actions: ['addFiles', 'tellLinkMedia', 'syncLocalCopy'] },
  'files.remove': { actions: ['removeFile', 'tellLinkMedia', 'syncLocalCopy'] },
  'files.altText': { actions: ['setAltText', 'syncLocalCopy'] },
  // A thread: text longer than one post, its splits moved a word at a time.
  'thread.start': { guard: not('isThread'), actions: ['startThread', 'syncLocalCopy'] },
  'thread.stop': { guard: 'isThread', actions: ['stopThread', 'syncLocalCopy'] },
  'thread.move': { guard: 'canMoveBreak', actions: ['moveBreak', 'syncLocalCopy'] },
  // The copy the editor opened on, thrown away.
  'localCopy.discard': { guard: 'wasRestored', actions: 'discardLocalCopy' },
} as const;

/**
 * Leaving with unsaved changes loses nothing while this browser keeps their copy: the copy is written at once and the
 * artist goes. Only when the browser could not keep it does leaving ask first (in-app links; the view holds reloads
 * itself): Stay or Leave.
 */
const LEAVE = leaveGuard({
  id: 'postEditor',
  losesWork: 'losesWork',
  otherwise: [{ actions: 'flushLocalCopy' as const }],
  describe: 'The artist asked to leave with unsaved changes: Stay goes back to editing with everything kept, Leave drops them.',
});

/** A draft read again turned out published: say so (and whether unsaved changes missed it), then show it read-only. */
const SHOW_PUBLISHED = {
  guard: 'wasPublished',
  target: '#postEditor.published',
  actions: [notifyPublishedMeanwhile, 'adoptPublished'],
} as const;

/**
 * The post editor: unsaved (no postId) -> draft (saved, isDraft) -> published, as requirements §4 has it. Save keeps
 * a draft: a new post is created, then its local files are uploaded and it is saved again with its files in order;
 * Post saves, then publishes. A published post is read-only; while deliveries are pending it is read again. A saved
 * draft with a schedule, left open, is read again when it comes due, so the editor follows the server publishing it.
 */
export const postEditorMachine = postEditorSetup.createMachine({
  id: 'postEditor',
  context: ({ input }) => ({
    postId: input.postId,
    post: null,
    accounts: [],
    form: emptyForm(emptyPostValues([]), postFormRules),
    files: [],
    refused: [],
    seq: 0,
    maxFiles: input.maxFiles ?? null,
    intent: 'save',
    batch: [],
    batchFailed: false,
    error: null,
    checkError: null,
    now: input.now ?? Date.now,
    leaveTo: null,
    artworkId: input.artworkId ?? null,
    shared: null,
    shareHint: null,
    defaultLangs: [DEFAULT_POST_LANGUAGE],
    linkCard: null,
    threadNote: null,
    localCopy: null,
    copyKey: copyKeyOf(input),
    copyError: null,
    restoredAt: null,
    quotas: [],
    fitted: [],
  }),
  initial: 'loading',
  // The copy's chart tells whether the browser kept it; what it says matters wherever the editor is.
  on: {
    'localCopy.kept': { actions: 'noteCopyKept' },
    'localCopy.failed': { actions: 'noteCopyFailed' },
  },
  states: {
    loading: {
      description: 'Reading the connected accounts, the post unless it is new, and the copy of it this browser kept, if any.',
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ postId: context.postId, copyKey: context.copyKey }),
        onDone: [
          {
            guard: and(['isNewPost', 'hasLocalCopy']),
            target: 'unsaved',
            actions: [
              { type: 'useLoaded', params: ({ event }) => event.output },
              { type: 'restoreLocalCopy', params: ({ event }) => event.output },
            ],
          },
          { guard: 'isSharing', target: 'sharing', actions: { type: 'useLoaded', params: ({ event }) => event.output } },
          { guard: 'isNewPost', target: 'unsaved', actions: { type: 'useLoaded', params: ({ event }) => event.output } },
          {
            guard: and(['isDraftPost', 'hasLocalCopy']),
            target: 'draft',
            actions: [
              { type: 'useLoaded', params: ({ event }) => event.output },
              { type: 'restoreLocalCopy', params: ({ event }) => event.output },
            ],
          },
          { guard: 'isDraftPost', target: 'draft', actions: { type: 'useLoaded', params: ({ event }) => event.output } },
          { target: 'published', actions: { type: 'useLoaded', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { guard: 'badRequest', target: 'badRequest' },
          { guard: 'forbidden', target: 'forbidden' },
          { target: 'loadFailed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
        ],
      },
    },
    notFound: {},
    badRequest: { description: 'The address names no valid post id (400): the 400 page.' },
    forbidden: { description: 'The server refused to show it (403): the 403 page.' },
    loadFailed: { on: { 'post.reload': 'loading' } },
    sharing: {
      description:
        "A new post shared from an artwork: its title and link become the text, every connected account is ticked, and its primary image's large size is added as a picked file with the title as alt text. A failure leaves what was prefilled, with the reason.",
      tags: ['busy'],
      initial: 'readingArtwork',
      states: {
        readingArtwork: {
          description: 'Reading the artwork and where the portfolio is published.',
          invoke: {
            id: 'loadArtworkToShare',
            src: 'loadArtworkToShare',
            input: ({ context }) => ({ artworkId: context.artworkId! }),
            onDone: [
              {
                guard: 'sharedHasImage',
                target: 'readingImage',
                actions: { type: 'prefillFromArtwork', params: ({ event }) => event.output },
              },
              { target: '#postEditor.unsaved', actions: { type: 'prefillFromArtwork', params: ({ event }) => event.output } },
            ],
            onError: { target: '#postEditor.unsaved', actions: 'shareFailed' },
          },
        },
        readingImage: {
          description: "Reading the artwork's image (large size) as a file the post holds.",
          invoke: {
            id: 'loadSharedImage',
            src: 'loadSharedImage',
            input: ({ context }) => ({ artworkId: context.shared!.artworkId, title: context.shared!.title }),
            onDone: { target: '#postEditor.unsaved', actions: { type: 'addSharedImage', params: ({ event }) => event.output } },
            onError: { target: '#postEditor.unsaved', actions: 'shareImageFailed' },
          },
        },
      },
    },
    unsaved: {
      description: 'A new post with no postId yet: its files stay on this device until it is saved.',
      entry: ['startLinkCard', 'startLocalCopy', 'readQuotas'],
      initial: 'editing',
      states: {
        editing: {
          tags: ['editable'],
          on: {
            ...EDITS,
            'post.save': [
              { guard: 'formValid', target: 'creating', actions: { type: 'startSubmit', params: 'save' } },
              { actions: 'showAllMessages' },
            ],
            'post.publish': [
              { guard: 'formValid', target: 'creating', actions: { type: 'startSubmit', params: 'publish' } },
              { actions: 'showAllMessages' },
            ],
            ...LEAVE.request,
          },
        },
        confirmingLeave: LEAVE.confirmingLeave,
        creating: {
          tags: ['busy'],
          invoke: {
            id: 'createPost',
            src: 'savePost',
            input: ({ context }) => ({
              ...toSavePost(context.form.values, null, { mediaIds: [], altTexts: {} }, context.artworkId),
              ...savedLinkCardOf(context),
            }),
            onDone: {
              target: '#postEditor.draft.created',
              actions: [
                { type: 'keepPost', params: ({ event }) => event.output },
                { type: 'moveLocalCopy', params: ({ event }) => event.output.postId },
                { type: 'navigate', params: ({ event }) => `/social-media/post/${event.output.postId}` },
              ],
            },
            onError: { target: 'editing', actions: [{ type: 'fail', params: 'save' }] },
          },
        },
      },
    },
    draft: {
      description: 'A saved draft: Save updates it (uploading local files first), Post saves then publishes it.',
      entry: ['startLinkCard', 'startLocalCopy', 'readQuotas'],
      initial: 'editing',
      states: {
        created: {
          always: [
            { guard: 'hasLocalFiles', target: 'uploading', actions: 'startBatch' },
            { guard: 'publishIntent', target: 'publishing' },
            { target: 'editing', actions: { type: 'notify', params: { title: M.saved, toastType: 'success' } } },
          ],
        },
        editing: {
          description: 'The artist edits the draft. Only here, with nothing in flight, is a scheduled draft read again.',
          tags: ['editable'],
          // Its saved images (some just uploaded) as Instagram will receive them.
          entry: 'readFitted',
          on: {
            ...EDITS,
            'post.save': [
              { guard: 'formValid', target: 'submitting', actions: { type: 'startSubmit', params: 'save' } },
              { actions: 'showAllMessages' },
            ],
            'post.publish': [
              { guard: 'formValid', target: 'submitting', actions: { type: 'startSubmit', params: 'publish' } },
              { actions: 'showAllMessages' },
            ],
            ...LEAVE.request,
          },
          initial: 'deciding',
          states: {
            ...watchServer({
              watch: 'isDue',
              wait: 'isScheduled',
              read: 'checking',
              describe: {
                idle: 'Not scheduled (as saved): nothing changes on its own.',
                waiting: 'Scheduled for later: read again when it comes due (at most an hour from now).',
                watching: 'Due: the server publishes it within seconds; read again every few seconds.',
              },
            }),
            checking: {
              description: 'Reading the post again. Still a draft: what the artist typed stays, the form is never replaced.',
              invoke: {
                id: 'checkPost',
                src: 'refreshPost',
                input: ({ context }) => ({ postId: context.postId! }),
                onDone: [SHOW_PUBLISHED, { target: 'deciding', actions: { type: 'keepPost', params: ({ event }) => event.output } }],
                // Shown beside the schedule only: a toast every few seconds would drown the page. The checks go on.
                onError: { target: 'deciding', actions: 'checkFailed' },
              },
            },
          },
        },
        confirmingLeave: LEAVE.confirmingLeave,
        submitting: { always: [{ guard: 'hasLocalFiles', target: 'uploading', actions: 'startBatch' }, { target: 'saving' }] },
        uploading: {
          description: 'One local file at a time joins the end of the post; a failed one is skipped and the rest continue.',
          tags: ['busy'],
          entry: 'markUploading',
          on: { 'files.progress': { actions: 'setProgress' } },
          invoke: {
            id: 'uploadFile',
            src: 'uploadFile',
            input: ({ context, self }) => ({
              postId: context.postId!,
              file: files.localFileOf(context.files, context.batch[0])!.file,
              onProgress: (fraction: number) => self.send({ type: 'files.progress', id: context.batch[0], fraction }),
            }),
            onDone: { target: 'nextUpload', actions: 'markUploaded' },
            onError: [
              { guard: 'publishedMeanwhile', target: 'rereading', actions: 'abandonBatch' },
              { target: 'nextUpload', actions: ['markUploadFailed'] },
            ],
          },
        },
        nextUpload: { always: [{ guard: 'moreToUpload', target: 'uploading' }, { target: 'saving' }] },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'savePost',
            src: 'savePost',
            input: ({ context }) => ({
              ...toSavePost(context.form.values, context.postId, files.savedFilesOf(context.files)),
              ...savedLinkCardOf(context),
            }),
            onDone: [
              {
                guard: 'publishReady',
                target: 'publishing',
                actions: [{ type: 'keepPost', params: ({ event }) => event.output }, 'clearRestored', 'syncLocalCopy'],
              },
              // Saved without the files that failed: their message stays up, the draft is not published, and the
              // files wait in this browser's copy for the next Save.
              {
                guard: 'uploadFailed',
                target: 'editing',
                actions: [{ type: 'keepPost', params: ({ event }) => event.output }, 'clearRestored', 'syncLocalCopy'],
              },
              {
                target: 'editing',
                actions: [
                  { type: 'keepPost', params: ({ event }) => event.output },
                  'clearRestored',
                  'syncLocalCopy',
                  { type: 'notify', params: { title: M.saved, toastType: 'success' } },
                ],
              },
            ],
            onError: [
              { guard: 'publishedMeanwhile', target: 'rereading' },
              { target: 'editing', actions: [{ type: 'fail', params: 'save' }] },
            ],
          },
        },
        rereading: {
          description: 'The server refused the change (409): the post was published meanwhile. Reading it to show it published.',
          tags: ['busy'],
          invoke: {
            id: 'rereadPost',
            src: 'refreshPost',
            input: ({ context }) => ({ postId: context.postId! }),
            // Still a draft after all, or not readable: the refusal is shown as any failure is.
            onDone: [
              SHOW_PUBLISHED,
              { target: 'editing', actions: [{ type: 'keepPost', params: ({ event }) => event.output }, 'failRefused'] },
            ],
            onError: { target: 'editing', actions: ['failRefused'] },
          },
        },
        publishing: {
          tags: ['busy'],
          invoke: {
            id: 'publishPost',
            src: 'publishPost',
            input: ({ context }) => ({ postId: context.postId! }),
            onDone: {
              target: '#postEditor.published',
              actions: [
                { type: 'adoptPost', params: ({ event }) => event.output },
                { type: 'notify', params: ({ event }) => outcomeOf(event.output) },
              ],
            },
            onError: { target: 'editing', actions: [{ type: 'fail', params: 'publish' }] },
          },
        },
      },
    },
    published: {
      description: 'Read-only. Pending deliveries are read again until they settle; failed ones can be tried again.',
      entry: ['stopLinkCard', 'dropLocalCopy'],
      initial: 'check',
      states: {
        check: { always: [{ guard: 'hasPending', target: 'waiting' }, { target: 'idle' }] },
        idle: { on: { 'post.retryFailed': { guard: 'hasFailed', target: 'retrying', actions: assign({ error: null }) } } },
        waiting: {
          after: { pollInterval: 'refreshing' },
          on: { 'post.retryFailed': { guard: 'hasFailed', target: 'retrying', actions: assign({ error: null }) } },
        },
        refreshing: {
          invoke: {
            id: 'refreshPost',
            src: 'refreshPost',
            input: ({ context }) => ({ postId: context.postId! }),
            onDone: [
              {
                guard: 'newFailures',
                target: 'check',
                actions: [
                  { type: 'notify', params: ({ event }) => outcomeOf(event.output) },
                  { type: 'adoptPost', params: ({ event }) => event.output },
                  assign({ error: null }),
                ],
              },
              { target: 'check', actions: [{ type: 'adoptPost', params: ({ event }) => event.output }, assign({ error: null })] },
            ],
            // Only shown inline: polling goes on, a toast every few seconds would drown the page.
            onError: { target: 'waiting', actions: assign({ error: ({ event }) => M.refreshFailed(failureMessage(event.error)) }) },
          },
        },
        retrying: {
          tags: ['busy'],
          invoke: {
            id: 'retryPublish',
            src: 'publishPost',
            input: ({ context }) => ({ postId: context.postId! }),
            onDone: {
              target: 'check',
              actions: [
                { type: 'adoptPost', params: ({ event }) => event.output },
                { type: 'notify', params: ({ event }) => outcomeOf(event.output) },
              ],
            },
            onError: { target: 'check', actions: [{ type: 'fail', params: 'publish' }] },
          },
        },
      },
    },
    left: { type: 'final', description: 'The artist left with unsaved changes, having been asked.' },
  },
});

export type PostEditorRef = ActorRefFrom<typeof postEditorMachine>;
export type PostEditorSnapshot = SnapshotFrom<typeof postEditorMachine>;
