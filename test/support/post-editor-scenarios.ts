import type { SnapshotFrom } from 'xstate';
import type { postEditorMachine } from '../../src/machines/post-editor/post-editor.machine';
import type { PostEditorData } from '../../src/machines/post-editor/post-editor.types';
import type { ArtworkToShare } from '../../src/machines/post-editor/post-editor.share';
import { ServiceError } from '../../src/services/api-error';
import { autoBreaks } from '../../src/schemas/post-thread';
import type { AccountRef, PostMedia, SocialPost } from '../../src/schemas/social.schema';
import type { ModelEvent } from '../model/harness';
import { ALICE, BOB, fileOf, mediaFixture, postFixture, ref, responseFixture } from './post-editor';
import { LOCAL_DRAFT_MESSAGES, LOCAL_POST_DRAFT_VERSION, type LocalPostDraft } from '../../src/schemas/local-post-draft.schema';

/** The events of the post editor's model tests, scenario by scenario, and the data they carry. */
export type Event = ModelEvent<typeof postEditorMachine>;
type Snapshot = SnapshotFrom<typeof postEditorMachine>;

/** A service failure as the services throw it: a message, the HTTP status and any field messages. */
const failure = (message: string, status?: number, fieldErrors: Record<string, string[]> = {}) =>
  new ServiceError(message, status, undefined, fieldErrors);
export const UNREACHABLE = failure('The server cannot be reached. Check your connection and try again.');
const NOT_FOUND = failure('Post not found.', 404);
/** The id in the address is not a UUID: the server answers 400. */
const BAD_ID = failure('Post ID must be a valid UUID', 400);
const FORBIDDEN = failure('Forbidden.', 403);
const PAST_SCHEDULE = failure('Please correct the highlighted fields.', 400, { dateScheduled: ['Choose a time in the future.'] });
const NOT_AN_IMAGE = failure('The file is not an image it claims to be.', 400);
/** The server's answer to changing a post it has published meanwhile. */
const PUBLISHED_CONFLICT = failure('A published post cannot be edited.', 409);

export const SUNSET = fileOf('sunset.jpg', 'image/jpeg', 300 * 1024);
export const NOTES = fileOf('notes.pdf', 'application/pdf', 100 * 1024);
const SETUP = fileOf('setup.exe', 'application/x-msdownload', 2048);
const EXTRA = fileOf('extra.png', 'image/png', 1024);

export const SUNSET_MEDIA = mediaFixture(1, { fileName: 'sunset.jpg', fileSizeInBytes: SUNSET.size });
const NOTES_MEDIA = mediaFixture(2, { fileName: 'notes.pdf', contentType: 'application/pdf', fileSizeInBytes: NOTES.size });
export const CANVAS_MEDIA = mediaFixture(3, { fileName: 'canvas.jpg', altText: 'A blank canvas' });
const MEDIA_BY_NAME: Record<string, PostMedia> = { 'sunset.jpg': SUNSET_MEDIA, 'notes.pdf': NOTES_MEDIA };

/** The name behind every file id the scenarios use (local ids are numbered in the order files are chosen). */
export const FILE_NAMES: Record<string, string> = {
  'file-1': 'sunset.jpg',
  'file-2': 'notes.pdf',
  [SUNSET_MEDIA.mediaId]: 'sunset.jpg',
  [NOTES_MEDIA.mediaId]: 'notes.pdf',
  [CANVAS_MEDIA.mediaId]: 'canvas.jpg',
};

/** When every model test starts: the view's clock is set to it, and the model's clock stays there. */
export const NOW = Date.UTC(2026, 10, 21, 9, 0);
const SCHEDULE = Date.UTC(2031, 2, 14, 13, 30);
const PUBLISHED_AT = Date.UTC(2026, 10, 21, 9, 30);
const DRAFT = postFixture({
  accounts: [ref(ALICE), ref(BOB)],
  media: [CANVAS_MEDIA],
  mediaIds: [CANVAS_MEDIA.mediaId],
  dateScheduled: SCHEDULE,
});
const published = (responses: SocialPost['responses']) =>
  postFixture({
    ...DRAFT,
    isDraft: false,
    datePublished: PUBLISHED_AT,
    dateScheduled: null,
    accounts: responses.map((r) => ({ platform: r.platform, handle: r.handle })),
    responses,
  });
const RATE_LIMITED = { postError: 'Bluesky asked us to slow down; trying again shortly.' };

const loaded = (output: PostEditorData): Event => ({ type: 'xstate.done.actor.load', output });
const change = (field: 'content' | 'accounts', value: string | AccountRef[]) => ({ type: 'form.change', field, value }) as Event;

/** The browser refusing to keep the copy of the unsaved post (its storage full), and keeping it again later. */
export const BROWSER_FULL = failure(LOCAL_DRAFT_MESSAGES.full);
const COPY_FAILED: Event = { type: 'localCopy.failed', error: BROWSER_FULL.message };
const COPY_KEPT: Event = { type: 'localCopy.kept' };

/**
 * Following a link elsewhere ('Elsewhere', to /journal): with unsaved changes whose copy the browser could not keep,
 * asked first (Stay or Leave); otherwise the copy is written and the artist goes.
 */
const LEAVE_REQUEST: Event = { type: 'leave.request', to: '/journal' };
const LEAVE_ANSWERS: Event[] = [{ type: 'leave.stay' }, { type: 'leave.confirm' }];

/** Uploading, saving and publishing a draft: the same in every scenario that gets there. */
function draftWork(s: Snapshot, publishOutputs: SocialPost[], saveError: Error): Event[] {
  if (s.matches({ draft: 'uploading' })) {
    const id = s.context.batch[0];
    const file = s.context.files.find((f) => f.id === id);
    const progress: Event[] = file?.kind === 'local' && file.progress === 0 ? [{ type: 'files.progress', id, fraction: 0.5 }] : [];
    return [
      ...progress,
      { type: 'xstate.done.actor.uploadFile', output: MEDIA_BY_NAME[FILE_NAMES[id]] },
      { type: 'xstate.error.actor.uploadFile', error: NOT_AN_IMAGE },
    ];
  }
  if (s.matches({ draft: 'saving' }))
    return [
      { type: 'xstate.done.actor.savePost', output: DRAFT },
      { type: 'xstate.error.actor.savePost', error: saveError },
    ];
  if (s.matches({ draft: 'publishing' })) {
    return [
      ...publishOutputs.map((output): Event => ({ type: 'xstate.done.actor.publishPost', output })),
      { type: 'xstate.error.actor.publishPost', error: UNREACHABLE },
    ];
  }
  return [];
}

const POSTED = published([responseFixture(ALICE, 'posted')]);

/**
 * A new post, at most 2 files: typed one step at a time (text, account, files, alt text, removing one), with Save
 * and Post tried at each step; then created, its files uploaded, saved again and published.
 */
export function newEvents(s: Snapshot): Event[] {
  if (s.matches('loading'))
    return [loaded({ accounts: [ALICE, BOB], post: null }), { type: 'xstate.error.actor.load', error: UNREACHABLE }];
  if (s.matches('loadFailed')) return [{ type: 'post.reload' }];
  if (s.matches({ unsaved: 'editing' })) {
    const { content, accounts } = s.context.form.values;
    const { files, refused } = s.context;
    const step: Event[] = [];
    if (!content) step.push(change('content', 'Hello'));
    else if (!accounts.length) step.push(change('accounts', [ref(ALICE)]), ...(s.context.copyError ? [] : [COPY_FAILED]));
    else if (s.context.copyError) step.push(COPY_KEPT);
    else if (!files.length && !refused.length) step.push({ type: 'files.add', files: [SUNSET, NOTES, SETUP, EXTRA] });
    else if (files.length === 2 && !files[0].altText) step.push({ type: 'files.altText', id: 'file-1', altText: 'Sunset over the bay' });
    else if (files.length === 2) step.push({ type: 'files.remove', id: 'file-2' });
    return [...step, { type: 'post.save' }, { type: 'post.publish' }, LEAVE_REQUEST];
  }
  if (s.matches({ unsaved: 'confirmingLeave' })) return LEAVE_ANSWERS;
  if (s.matches({ unsaved: 'creating' })) {
    return [
      { type: 'xstate.done.actor.createPost', output: postFixture({ content: 'Hello', accounts: [ref(ALICE)] }) },
      { type: 'xstate.error.actor.createPost', error: UNREACHABLE },
    ];
  }
  return draftWork(s, [POSTED], UNREACHABLE);
}

/** A scheduled draft of two accounts with one file: unticking both accounts, ticking one, adding, describing and removing files. */
export function draftEvents(s: Snapshot): Event[] {
  if (s.matches('loading')) {
    return [
      loaded({ accounts: [ALICE, BOB], post: DRAFT }),
      { type: 'xstate.error.actor.load', error: NOT_FOUND },
      { type: 'xstate.error.actor.load', error: BAD_ID },
      { type: 'xstate.error.actor.load', error: FORBIDDEN },
      { type: 'xstate.error.actor.load', error: UNREACHABLE },
    ];
  }
  if (s.matches('loadFailed')) return [{ type: 'post.reload' }];
  if (s.matches({ draft: 'editing' })) {
    const { accounts } = s.context.form.values;
    const { files } = s.context;
    const canvas = files.find((f) => f.id === CANVAS_MEDIA.mediaId);
    const step: Event[] = [];
    if (accounts.length === 2 && !s.context.form.touched.accounts) step.push(change('accounts', []));
    else if (!accounts.length) step.push(change('accounts', [ref(BOB)]), ...(s.context.copyError ? [] : [COPY_FAILED]));
    else if (s.context.seq === 0) step.push({ type: 'files.add', files: [SUNSET] });
    else if (canvas && canvas.altText === CANVAS_MEDIA.altText)
      step.push({ type: 'files.altText', id: canvas.id, altText: 'A blank canvas, primed' });
    else if (canvas) step.push({ type: 'files.remove', id: canvas.id });
    return [...step, { type: 'post.save' }, { type: 'post.publish' }, LEAVE_REQUEST];
  }
  if (s.matches({ draft: 'confirmingLeave' })) return LEAVE_ANSWERS;
  return draftWork(s, [published([responseFixture(ALICE, 'posted'), responseFixture(BOB, 'error')]), POSTED], PAST_SCHEDULE);
}

/** A published post with one delivery pending and one failed: polling until it settles, retrying the failed one. */
export function publishedEvents(s: Snapshot): Event[] {
  const aliceFailed = responseFixture(ALICE, 'error', { postError: 'Invalid app password' });
  const bobFailed = responseFixture(BOB, 'error');
  if (s.matches('loading'))
    return [loaded({ accounts: [ALICE, BOB], post: published([responseFixture(ALICE, 'pending', RATE_LIMITED), bobFailed]) })];
  const failed = s.context.post?.responses.some((r) => r.postStatus === 'error') ?? false;
  const retry: Event[] = failed ? [{ type: 'post.retryFailed' }] : [];
  if (s.matches({ published: 'waiting' })) return [{ type: 'xstate.after.pollInterval.postEditor.published.waiting' } as Event, ...retry];
  if (s.matches({ published: 'idle' })) return retry;
  if (s.matches({ published: 'refreshing' })) {
    return [
      { type: 'xstate.done.actor.refreshPost', output: published([responseFixture(ALICE, 'posted'), bobFailed]) },
      { type: 'xstate.done.actor.refreshPost', output: published([aliceFailed, bobFailed]) },
      { type: 'xstate.error.actor.refreshPost', error: UNREACHABLE },
    ];
  }
  if (s.matches({ published: 'retrying' })) {
    return [
      { type: 'xstate.done.actor.retryPublish', output: published([responseFixture(ALICE, 'posted'), responseFixture(BOB, 'posted')]) },
      { type: 'xstate.done.actor.retryPublish', output: published([responseFixture(ALICE, 'posted'), bobFailed]) },
      { type: 'xstate.error.actor.retryPublish', error: UNREACHABLE },
    ];
  }
  return [];
}

/** A scheduled draft of Alice's: due a minute ago (the server is about to publish it), in 10 minutes, or in 30 days. */
const scheduledFor = (dateScheduled: number) => postFixture({ accounts: [ref(ALICE)], dateScheduled });
const DUE = scheduledFor(NOW - 60_000);
const SOON = scheduledFor(NOW + 10 * 60_000);
const LATER = scheduledFor(NOW + 30 * 24 * 60 * 60_000);
/** The draft as the server's worker published it at its time. */
const wentOut = (draft: SocialPost): SocialPost => ({
  ...draft,
  isDraft: false,
  datePublished: draft.dateScheduled! + 2000,
  responses: [responseFixture(ALICE, 'posted')],
});
const checked = (output: SocialPost): Event => ({ type: 'xstate.done.actor.checkPost', output });

/**
 * A scheduled draft left open. Due: the artist types, then it is checked every few seconds (still a draft, published,
 * or the check failing), or Save (with or without a new file) is refused because it was published meanwhile. Soon:
 * left as it is, it is checked when it comes due. Later: typed in, it is checked after an hour. The model's clock
 * stands still at NOW while the view's moves with its timers, so only checks whose outcome does not hang on the time
 * are offered: a due draft stays due, a draft 30 days off stays not due, a draft 10 minutes off is found published.
 * (The view's own clock carrying a draft from waiting to watching is tested in test/app/post-editor-published-meanwhile.)
 */
export function scheduledEvents(s: Snapshot): Event[] {
  if (s.matches('loading')) return [DUE, SOON, LATER].map((post) => loaded({ accounts: [ALICE, BOB], post }));
  const schedule = s.context.post?.dateScheduled;
  // The due and the far-off drafts are typed in before anything else happens: what the artist typed is at stake.
  const typed = s.context.form.values.content !== DUE.content;
  if (s.matches({ draft: { editing: 'waiting' } })) {
    if (schedule === LATER.dateScheduled && !typed) return [change('content', 'Fresh paint, varnished')];
    return [{ type: 'xstate.after.untilDue.postEditor.draft.editing.waiting' }];
  }
  if (s.matches({ draft: { editing: 'watching' } })) {
    if (!typed) return [change('content', 'Fresh paint, varnished')];
    const add: Event[] = s.context.seq === 0 ? [{ type: 'files.add', files: [SUNSET] }] : [];
    return [{ type: 'xstate.after.pollInterval.postEditor.draft.editing.watching' }, ...add, { type: 'post.save' }];
  }
  if (s.matches({ draft: { editing: 'checking' } })) {
    if (schedule === SOON.dateScheduled) return [checked(wentOut(SOON))];
    if (schedule === LATER.dateScheduled) return [checked(LATER), { type: 'xstate.error.actor.checkPost', error: UNREACHABLE }];
    return [checked(DUE), checked(wentOut(DUE)), { type: 'xstate.error.actor.checkPost', error: UNREACHABLE }];
  }
  if (s.matches({ draft: 'uploading' })) return [{ type: 'xstate.error.actor.uploadFile', error: PUBLISHED_CONFLICT }];
  if (s.matches({ draft: 'saving' })) return [{ type: 'xstate.error.actor.savePost', error: PUBLISHED_CONFLICT }];
  if (s.matches({ draft: 'rereading' })) {
    return [
      { type: 'xstate.done.actor.rereadPost', output: wentOut(DUE) },
      { type: 'xstate.done.actor.rereadPost', output: DUE },
      { type: 'xstate.error.actor.rereadPost', error: UNREACHABLE },
    ];
  }
  return [];
}

/** The artwork shared in the share scenario, and what the post editor reads of it. */
export const SHARED_ARTWORK_ID = '3c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const PORTFOLIO = { url: 'https://studio.test/p/abcdefghij', publishedAt: '2026-11-10T10:00:00.000Z' };
export const SHARED: ArtworkToShare = {
  artworkId: SHARED_ARTWORK_ID,
  title: 'Blue Harbour',
  hasImage: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  publication: PORTFOLIO,
};
/** Never published: no link to give, and a hint saying so. */
const SHARED_UNPUBLISHED: ArtworkToShare = { ...SHARED, publication: null };
/** A title too long for the text with its link, no image, made after the last publish. */
export const SHARED_LONG: ArtworkToShare = {
  ...SHARED,
  title: `The harbour at dawn ${'and the boats '.repeat(16)}`.trim(),
  hasImage: false,
  createdAt: '2026-11-15T10:00:00.000Z',
};
export const SHARED_IMAGE = fileOf('blue-harbour.webp', 'image/webp', 180 * 1024);
const SHARED_MEDIA = mediaFixture(4, { fileName: 'blue-harbour.webp', contentType: 'image/webp', altText: 'Blue Harbour' });
const ARTWORK_GONE = failure('Artwork not found.', 404);

/**
 * A new post shared from an artwork: read with two accounts connected (or none), prefilled from an artwork with an
 * image (published, or never) or from one with a long title and no image; the artwork or its image failing to load.
 * Then saved: created with the artwork it came from, its image uploaded, saved again.
 */
export function shareEvents(s: Snapshot): Event[] {
  if (s.matches('loading'))
    return [
      loaded({ accounts: [ALICE, BOB], post: null }),
      loaded({ accounts: [], post: null }),
      { type: 'xstate.error.actor.load', error: UNREACHABLE },
    ];
  if (s.matches('loadFailed')) return [{ type: 'post.reload' }];
  if (s.matches({ sharing: 'readingArtwork' })) {
    const outputs = s.context.accounts.length ? [SHARED, SHARED_UNPUBLISHED, SHARED_LONG] : [SHARED];
    return [
      ...outputs.map((output): Event => ({ type: 'xstate.done.actor.loadArtworkToShare', output })),
      { type: 'xstate.error.actor.loadArtworkToShare', error: ARTWORK_GONE },
    ];
  }
  if (s.matches({ sharing: 'readingImage' }))
    return [
      { type: 'xstate.done.actor.loadSharedImage', output: SHARED_IMAGE },
      { type: 'xstate.error.actor.loadSharedImage', error: UNREACHABLE },
    ];
  // With no account connected the prefilled post is looked at only (Save without one is the new-post scenario's).
  if (s.matches({ unsaved: 'editing' })) return s.context.accounts.length ? [{ type: 'post.save' }] : [];
  if (s.matches({ unsaved: 'creating' }))
    return [
      {
        type: 'xstate.done.actor.createPost',
        output: postFixture({
          content: s.context.form.values.content,
          accounts: s.context.form.values.accounts,
          artworkId: SHARED_ARTWORK_ID,
        }),
      },
    ];
  if (s.matches({ draft: 'uploading' })) return [{ type: 'xstate.done.actor.uploadFile', output: SHARED_MEDIA }];
  if (s.matches({ draft: 'saving' }))
    return [{ type: 'xstate.done.actor.savePost', output: postFixture({ media: [SHARED_MEDIA], mediaIds: [SHARED_MEDIA.mediaId] }) }];
  return [];
}

/** A text of about three posts' length (600 characters), in words: written as a thread. */
export const THREAD_TEXT = Array.from({ length: 80 }, (_, i) => `brush${i}${i % 8 === 7 ? '.' : ''}`).join(' ');

/**
 * A thread: 'Write as a thread', the long text pasted, the second split moved a word earlier, saved (or the thread
 * turned back into one post, too long then); in the draft the split moved back, then one post, then a thread again.
 */
export function threadEvents(s: Snapshot): Event[] {
  if (s.matches('loading')) return [loaded({ accounts: [ALICE], post: null })];
  const { content, threadBreaks } = s.context.form.values;
  const split = threadBreaks !== null && JSON.stringify(threadBreaks) === JSON.stringify(autoBreaks(content));
  if (s.matches({ unsaved: 'editing' })) {
    if (!threadBreaks) return content ? [{ type: 'post.save' }] : [{ type: 'thread.start' }];
    if (!content) return [change('content', THREAD_TEXT)];
    if (split) return [{ type: 'thread.move', index: 1, direction: 'earlier' }];
    return [{ type: 'post.save' }, { type: 'thread.stop' }];
  }
  if (s.matches({ unsaved: 'creating' }))
    return [
      {
        type: 'xstate.done.actor.createPost',
        output: postFixture({ content: THREAD_TEXT, accounts: [ref(ALICE)], threadBreaks: threadBreaks ?? [] }),
      },
    ];
  if (s.matches({ draft: 'editing' })) {
    if (!threadBreaks) return [{ type: 'thread.start' }];
    if (!split) return [{ type: 'thread.move', index: 1, direction: 'later' }];
    return s.context.threadNote?.startsWith('Split') ? [{ type: 'thread.stop' }] : [];
  }
  return [];
}

/** What this browser kept of a new post left unsaved: its text, its account, a picture with its alt text. */
export const NEW_COPY: LocalPostDraft = {
  version: LOCAL_POST_DRAFT_VERSION,
  key: 'new',
  savedAt: NOW - 3_600_000,
  values: {
    content: 'Harbour at dawn, #oil on linen',
    hashtags: [],
    mentions: [],
    accounts: [ref(ALICE)],
    dateScheduled: null,
    location: '',
    labels: [],
    langs: ['en'],
    threadBreaks: null,
    mats: {},
  },
  files: [{ kind: 'local', id: 'file-1', name: 'sunset.jpg', type: 'image/jpeg', lastModified: 0, blob: SUNSET, altText: 'Boats at dawn' }],
  seq: 1,
};
/** ...and of a draft: new text, Bob no longer connected, the canvas described again, a file gone from the post, a picture added. */
const DRAFT_COPY: LocalPostDraft = {
  ...NEW_COPY,
  key: DRAFT.postId,
  values: {
    ...NEW_COPY.values,
    content: 'Fresh paint, second coat',
    accounts: [ref(ALICE), { platform: 'bluesky', handle: 'gone.bsky.social' }],
  },
  files: [
    { kind: 'uploaded', id: CANVAS_MEDIA.mediaId, altText: 'A blank canvas, primed' },
    { kind: 'uploaded', id: NOTES_MEDIA.mediaId, altText: 'Gone from the post' },
    NEW_COPY.files[0],
  ],
};

/**
 * Opened on what this browser kept: a new post (then discarded) or a draft's changes (discarded, or saved: its
 * picture uploaded, and the notice gone).
 */
export function restoredEvents(s: Snapshot): Event[] {
  if (s.matches('loading'))
    return [
      loaded({ accounts: [ALICE], post: null, localCopy: NEW_COPY }),
      loaded({ accounts: [ALICE, BOB], post: DRAFT, localCopy: DRAFT_COPY }),
    ];
  if (s.context.restoredAt === null) return [];
  if (s.matches({ unsaved: 'editing' })) return [{ type: 'localCopy.discard' }];
  if (s.matches({ draft: 'editing' })) return [{ type: 'localCopy.discard' }, { type: 'post.save' }];
  if (s.matches({ draft: 'uploading' })) return [{ type: 'xstate.done.actor.uploadFile', output: SUNSET_MEDIA }];
  if (s.matches({ draft: 'saving' }))
    return [{ type: 'xstate.done.actor.savePost', output: { ...DRAFT, content: 'Fresh paint, second coat' } }];
  return [];
}
