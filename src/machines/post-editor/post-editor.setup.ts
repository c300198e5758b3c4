import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { PostMedia, SavePost, SocialPost } from '../../schemas/social.schema';
import { fileLimitOf, mediaProblems } from './post-editor.networks';
import type { InstagramQuota } from '../../schemas/meta-connect.schema';
import { DEFAULT_MAT, type FittedPreview, type MatChoice } from '../../schemas/image-fit.schema';
import { changeField, emptyForm, isFormValid, submitForm, withServerErrors } from '../shared/form';
import {
  breaksAfterEdit,
  breaksMoved,
  emptyPostValues,
  postFormRules,
  postValuesOf,
  samePostValues,
  startThread,
} from './post-editor.form';
import { POST_EDITOR_MESSAGES as M } from './post-editor.messages';
import type { Notice } from '../toasts/notice';
import type {
  PostEditorContext,
  PostEditorData,
  PostEditorEvent,
  PostEditorInput,
  LoadInput,
  SharedImageInput,
  UploadFileInput,
} from './post-editor.types';
import { allAccounts, shareHintOf, shareText, shareTitleOf, type ArtworkToShare } from './post-editor.share';
import * as files from './post-editor.files';
import { errorOf, failureFieldErrors, failureMessage, failureStatus } from '../shared/failure';
import { linkCardMachine, type LinkCardInput } from '../link-card/link-card.machine';
import { selectSaved } from '../link-card/link-card.selectors';
import { localCopyMachine } from './local-copy.machine';
import { discarded, localCopyOf, restoredFrom } from './post-editor.local-copy';

/** How often a published post with pending deliveries, or a draft whose schedule has come, is read again. */
export const POST_POLL_MS = 3000;
/** The longest wait before a scheduled draft left open is read again (a far-off schedule is re-checked hourly). */
export const MAX_SCHEDULE_WAIT_MS = 60 * 60_000;

/** When a saved draft publishes itself, if it does. */
const scheduleOf = (post: SocialPost | null) => (post?.isDraft && post.dateScheduled != null ? post.dateScheduled : null);
/** How long until the saved draft's schedule comes (none once it has), at most MAX_SCHEDULE_WAIT_MS. */
export const waitUntilDue = (post: SocialPost | null, now: number) =>
  Math.max(0, Math.min((scheduleOf(post) ?? now) - now, MAX_SCHEDULE_WAIT_MS));

export const failedOf = (post: SocialPost) => post.responses.filter((r) => r.postStatus === 'error');
const outputOf = <T>(event: unknown) => (event as { output: T }).output;

/** The post becomes what the server says: fields, files and responses (on load, and once published). */
const adopt = (post: SocialPost) => ({
  post,
  postId: post.postId,
  form: emptyForm(postValuesOf(post), postFormRules),
  files: files.filesOfPost(post),
});

/** The link card starts from the post as it stands: its text, the card a draft kept (or removed), and its files. */
const linkCardInputOf = (context: PostEditorContext): LinkCardInput => ({
  content: context.form.values.content,
  card: context.post?.linkCard ?? null,
  removed: context.post?.linkCardRemoved ?? null,
  hasMedia: files.hasMediaFiles(context.files),
});

/**
 * What a save sends of the link card: the card shown (none with files) and the link whose card was removed. Before
 * the card's chart runs (never, in practice, while editable) nothing is sent, and the server keeps what it has.
 */
export const savedLinkCardOf = (context: Pick<PostEditorContext, 'linkCard'>) =>
  context.linkCard ? selectSaved(context.linkCard.getSnapshot()) : {};

/** The link card was removed (or a removal dropped) since the draft was saved: read from the card's chart as it is now. */
const linkCardRemovalChanged = (post: SocialPost, linkCard: PostEditorContext['linkCard'] | undefined) =>
  linkCard ? (selectSaved(linkCard.getSnapshot()).linkCardRemoved ?? null) !== (post.linkCardRemoved ?? null) : false;

/** The artist has changes the saved draft lacks: in the form, files added, removed, reordered or described, or its link card removed. */
export function hasUnsavedEdits({
  post,
  form,
  files: list,
  linkCard,
}: Pick<PostEditorContext, 'post' | 'form' | 'files'> & Partial<Pick<PostEditorContext, 'linkCard'>>): boolean {
  if (!post) return false;
  const saved = JSON.stringify(files.savedFilesOf(files.filesOfPost(post)));
  return (
    !samePostValues(form.values, postValuesOf(post)) ||
    files.localFileIds(list).length > 0 ||
    JSON.stringify(files.savedFilesOf(list)) !== saved ||
    linkCardRemovalChanged(post, linkCard)
  );
}

/** A new post differs from the empty post it started as: text, hashtags, mentions, accounts, schedule, or any file. */
export const hasNewPostEdits = ({
  accounts,
  form,
  files: list,
  defaultLangs,
}: Pick<PostEditorContext, 'accounts' | 'form' | 'files'> & Partial<Pick<PostEditorContext, 'defaultLangs'>>): boolean =>
  !samePostValues(form.values, emptyPostValues(accounts, defaultLangs)) || list.length > 0;

/** Leaving now would lose something: a saved post's unsaved edits, or anything put into a new one. */
export const hasUnsavedChanges = (
  context: Pick<PostEditorContext, 'post' | 'accounts' | 'form' | 'files'> & Partial<Pick<PostEditorContext, 'defaultLangs' | 'linkCard'>>,
): boolean => (context.post ? hasUnsavedEdits(context) : hasNewPostEdits(context));

/** The draft open here was published meanwhile: said once, and louder when the artist's unsaved changes missed it. */
export const notifyPublishedMeanwhile = {
  type: 'notify',
  params: ({ context }: { context: PostEditorContext }): Notice => {
    const lost = hasUnsavedEdits(context);
    return { title: M.publishedMeanwhile(context.post?.dateScheduled != null, lost), toastType: lost ? 'error' : 'success' };
  },
} as const;

/** After publishing (or trying the failed accounts again): a success, or which accounts failed and why. */
export const outcomeOf = (post: SocialPost): Notice => {
  const failed = failedOf(post);
  return failed.length ? { title: M.deliveryFailed(failed), toastType: 'error' } : { title: M.published, toastType: 'success' };
};

/** The post editor's types, actors (placeholders the route replaces), actions and guards; its chart is in post-editor.machine.ts. */
export const postEditorSetup = setup({
  types: {
    context: {} as PostEditorContext,
    events: {} as PostEditorEvent,
    input: {} as PostEditorInput,
    tags: {} as 'busy' | 'editable' | 'confirmingLeave',
  },
  actors: {
    load: fromPromise<PostEditorData, LoadInput>(async () => {
      throw new Error('load not provided');
    }),
    savePost: fromPromise<SocialPost, SavePost>(async () => {
      throw new Error('savePost not provided');
    }),
    uploadFile: fromPromise<PostMedia, UploadFileInput>(async () => {
      throw new Error('uploadFile not provided');
    }),
    publishPost: fromPromise<SocialPost, { postId: string }>(async () => {
      throw new Error('publishPost not provided');
    }),
    refreshPost: fromPromise<SocialPost, { postId: string }>(async () => {
      throw new Error('refreshPost not provided');
    }),
    loadArtworkToShare: fromPromise<ArtworkToShare, { artworkId: string }>(async () => {
      throw new Error('loadArtworkToShare not provided');
    }),
    loadSharedImage: fromPromise<File, SharedImageInput>(async () => {
      throw new Error('loadSharedImage not provided');
    }),
    /** Not provided, nothing is read: a quota line is never worth stopping the editor for. */
    readQuota: fromPromise<InstagramQuota | null, { handle: string }>(async () => null),
    /** Not provided, nothing is read: the preview shows the image as it is. */
    readFitted: fromPromise<FittedPreview | null, { mediaId: string; mat: MatChoice }>(async () => null),
    /** The card of the text's first link; its page reader (fetchPreview) is provided by the route. */
    linkCard: linkCardMachine,
    /** The copy of the unsaved post kept in this browser; its storage is provided by the route. */
    localCopy: localCopyMachine,
  },
  delays: {
    pollInterval: POST_POLL_MS,
    untilDue: ({ context }) => waitUntilDue(context.post, context.now()),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** Moves the app to another address, replacing the current history entry (the editor stays). */
    navigate: (_, _to: string) => {},
    /** Goes where the artist chose to go, leaving the unsaved changes behind. */
    leave: (_, _to: string) => {},
    askToLeave: assign(({ event }) => {
      assertEvent(event, 'leave.request');
      return { leaveTo: event.to };
    }),
    stay: assign({ leaveTo: null }),
    useLoaded: assign(({ context }, data: PostEditorData) => {
      const defaultLangs = data.defaultLang ? [data.defaultLang] : context.defaultLangs;
      return data.post
        ? { accounts: data.accounts, error: null, defaultLangs, ...adopt(data.post) }
        : {
            accounts: data.accounts,
            error: null,
            defaultLangs,
            form: emptyForm(emptyPostValues(data.accounts, defaultLangs), postFormRules),
          };
    }),
    adoptPost: assign((_, post: SocialPost) => adopt(post)),
    /** A shared artwork: its title and link as the text, every connected account ticked, its default labels; its image follows. */
    prefillFromArtwork: assign(({ context }, share: ArtworkToShare) => ({
      shared: share,
      shareHint: shareHintOf(share),
      form: emptyForm(
        {
          ...emptyPostValues(context.accounts, context.defaultLangs),
          content: shareText(share),
          accounts: allAccounts(context.accounts),
          labels: share.labels ?? [],
        },
        postFormRules,
      ),
    })),
    /** The shared image joins the post as a picked file would, its alt text the artwork's title. */
    addSharedImage: assign(({ context }, file: File) => {
      const added = files.addFiles(context.files, [file], fileLimitOf(context.maxFiles, context.form.values.accounts), context.seq);
      const id = `file-${added.seq}`;
      return { ...added, files: files.setAltText(added.files, id, shareTitleOf(context.shared!)), shared: null };
    }),
    // The post no longer claims the artwork: it may not exist, or not be the artist's (the server would refuse it).
    shareFailed: assign(({ event }) => ({ error: M.shareFailed(failureMessage(errorOf(event))), artworkId: null })),
    shareImageFailed: assign(({ event }) => ({ error: M.shareImageFailed(failureMessage(errorOf(event))), shared: null })),
    /** Published meanwhile: the editor shows the post as the server has it; the failure that revealed it is moot. */
    adoptPublished: assign(({ event }) => ({ ...adopt(outputOf<SocialPost>(event)), error: null, checkError: null })),
    /** Saved as typed (or read again while a draft): the form and the files stay as they are. */
    keepPost: assign((_, post: SocialPost) => ({ post, postId: post.postId, checkError: null })),
    checkFailed: assign(({ event }) => ({ checkError: M.refreshFailed(failureMessage(errorOf(event))) })),
    /** The Save stops where the server refused a file: every local file waits for the next Save. */
    abandonBatch: assign(({ context }) => ({ files: files.queueLocalFiles(context.files), batch: [] })),
    failRefused: assign({ error: M.saveFailed(M.refusedAsPublished) }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      const form = changeField(context.form, postFormRules, event.field, event.value);
      // A thread's splits follow the words they were between as the text changes.
      if (event.field !== 'content' || !form.values.threadBreaks) return { form };
      return { form: changeField(form, postFormRules, 'threadBreaks', breaksAfterEdit(context.form.values.content, form.values)) };
    }),
    startThread: assign(({ context }) => {
      const form = changeField(context.form, postFormRules, 'threadBreaks', startThread(context.form.values));
      return { form, threadNote: M.threadStarted(form.values.threadParts.length) };
    }),
    stopThread: assign(({ context }) => ({
      form: changeField(context.form, postFormRules, 'threadBreaks', null),
      threadNote: M.threadStopped,
    })),
    moveBreak: assign(({ context, event }) => {
      assertEvent(event, 'thread.move');
      const form = changeField(context.form, postFormRules, 'threadBreaks', breaksMoved(context.form.values, event.index, event.direction));
      const parts = form.values.threadParts;
      return { form, threadNote: M.splitMoved(event.index, parts[event.index].length, parts[event.index + 1].length) };
    }),
    addFiles: assign(({ context, event }) => {
      assertEvent(event, 'files.add');
      return files.addFiles(context.files, event.files, fileLimitOf(context.maxFiles, context.form.values.accounts), context.seq);
    }),
    removeFile: assign(({ context, event }) => {
      assertEvent(event, 'files.remove');
      return { files: files.removeFile(context.files, event.id) };
    }),
    setAltText: assign(({ context, event }) => {
      assertEvent(event, 'files.altText');
      return { files: files.setAltText(context.files, event.id, event.altText) };
    }),
    setProgress: assign(({ context, event }) => {
      assertEvent(event, 'files.progress');
      return { files: files.setProgress(context.files, event.id, event.fraction) };
    }),
    /** Once the post can be edited, its link card starts beside it (once: a new post saved keeps the same card). */
    startLinkCard: assign(({ context, spawn }) =>
      context.linkCard ? {} : { linkCard: spawn('linkCard', { id: 'linkCard', input: linkCardInputOf(context) }) },
    ),
    /** Published: the card is fixed on the server; nothing more is read. */
    stopLinkCard: enqueueActions(({ context, enqueue }) => {
      if (!context.linkCard) return;
      enqueue.stopChild(context.linkCard);
      enqueue.assign({ linkCard: null });
    }),
    /** The text changed: the card follows its first link (it waits for the text to rest before reading a page). */
    tellLinkText: enqueueActions(({ context, event, enqueue }) => {
      if (context.linkCard && event.type === 'form.change' && event.field === 'content')
        enqueue.sendTo(context.linkCard, { type: 'link.text', content: event.value });
    }),
    /** The files changed: with an image or a video the card is hidden and not saved. */
    tellLinkMedia: enqueueActions(({ context, enqueue }) => {
      if (context.linkCard) enqueue.sendTo(context.linkCard, { type: 'link.media', hasMedia: files.hasMediaFiles(context.files) });
    }),
    /** Once the post can be edited, its copy in this browser is looked after beside it (once, like the link card). */
    startLocalCopy: assign(({ context, spawn }) =>
      context.localCopy ? {} : { localCopy: spawn('localCopy', { id: 'localCopy', input: { restored: context.restoredAt !== null } }) },
    ),
    /** Each chosen Instagram account's quota is read once, when it is first chosen (its line shows what was read). */
    readQuotas: assign(({ context, spawn }) => {
      const unread = context.form.values.accounts.filter(
        (a) => a.platform === 'instagram' && !context.quotas.some((q) => q.handle === a.handle),
      );
      if (unread.length === 0) return {};
      const read = unread.map(({ handle }) => ({ handle, ref: spawn('readQuota', { input: { handle } }) }));
      return { quotas: [...context.quotas, ...read] };
    }),
    /**
     * With an Instagram account chosen, each saved image's Instagram version on its chosen mat is read once (a file
     * not saved yet has none; it is read once the Save uploads it).
     */
    readFitted: assign(({ context, spawn }) => {
      if (!context.form.values.accounts.some((a) => a.platform === 'instagram')) return {};
      const wanted = context.files
        .filter((f) => f.kind === 'uploaded' && files.isImageFile(f))
        .map((f) => ({ mediaId: f.id, mat: context.form.values.mats[f.id] ?? DEFAULT_MAT }))
        .filter((w) => !context.fitted.some((r) => r.mediaId === w.mediaId && r.mat === w.mat));
      if (wanted.length === 0) return {};
      return { fitted: [...context.fitted, ...wanted.map((input) => ({ ...input, ref: spawn('readFitted', { input }) }))] };
    }),
    /** After each change: a post with unsaved changes is kept in this browser; one without has no copy. */
    syncLocalCopy: enqueueActions(({ context, enqueue }) => {
      if (!context.localCopy) return;
      if (hasUnsavedChanges(context)) enqueue.sendTo(context.localCopy, { type: 'copy.keep', draft: localCopyOf(context, context.now()) });
      else enqueue.sendTo(context.localCopy, { type: 'copy.drop', key: context.copyKey });
    }),
    /** Saved, or published: its copy goes. */
    dropLocalCopy: enqueueActions(({ context, enqueue }) => {
      if (context.localCopy) enqueue.sendTo(context.localCopy, { type: 'copy.drop', key: context.copyKey });
    }),
    /** The new post exists on the server: the copy of 'new' goes, and any later copy is kept under its id. */
    moveLocalCopy: enqueueActions(({ context, enqueue }, postId: string) => {
      if (context.localCopy) enqueue.sendTo(context.localCopy, { type: 'copy.drop', key: context.copyKey });
      enqueue.assign({ copyKey: postId, restoredAt: null });
    }),
    /** Leaving without being asked (nothing would be lost): the copy is written now, not after the pause. */
    flushLocalCopy: enqueueActions(({ context, enqueue }) => {
      if (context.localCopy) enqueue.sendTo(context.localCopy, { type: 'copy.flush' });
    }),
    restoreLocalCopy: assign(({ context }, data: PostEditorData) => restoredFrom(context, data)),
    /** The restored copy thrown away: the post as saved (or empty), its card and copy following. */
    discardLocalCopy: enqueueActions(({ context, enqueue }) => {
      const back = discarded(context);
      enqueue.assign(back);
      if (context.localCopy) enqueue.sendTo(context.localCopy, { type: 'copy.drop', key: context.copyKey });
      if (context.linkCard) {
        enqueue.sendTo(context.linkCard, { type: 'link.text', content: back.form.values.content });
        enqueue.sendTo(context.linkCard, { type: 'link.media', hasMedia: files.hasMediaFiles(back.files) });
      }
    }),
    /** Saved: the editor no longer says it was restored. */
    clearRestored: assign({ restoredAt: null }),
    noteCopyKept: assign({ copyError: null }),
    noteCopyFailed: assign(({ event }) => (event.type === 'localCopy.failed' ? { copyError: event.error } : {})),
    startSubmit: assign((_, intent: 'save' | 'publish') => ({ intent, error: null })),
    showAllMessages: assign(({ context }) => ({ form: submitForm(context.form, postFormRules) })),
    startBatch: assign(({ context }) => ({
      files: files.queueLocalFiles(context.files),
      batch: files.localFileIds(context.files),
      batchFailed: false,
    })),
    markUploading: assign(({ context }) => ({ files: files.markUploading(context.files, context.batch[0]) })),
    markUploaded: assign(({ context, event }) => ({
      files: files.markUploaded(context.files, context.batch[0], outputOf<PostMedia>(event)),
      batch: context.batch.slice(1),
    })),
    markUploadFailed: assign(({ context, event }) => {
      const name = files.localFileOf(context.files, context.batch[0])?.file.name ?? '';
      return {
        files: files.markFailed(context.files, context.batch[0], failureMessage(errorOf(event))),
        batch: context.batch.slice(1),
        batchFailed: true,
        error: M.uploadFailed(name, failureMessage(errorOf(event))),
      };
    }),
    /** A failed call: its message above the form, the server's field messages under the fields; nothing typed is lost. */
    fail: assign(({ context, event }, what: 'save' | 'publish') => ({
      error: (what === 'save' ? M.saveFailed : M.publishFailed)(failureMessage(errorOf(event))),
      form: withServerErrors(context.form, failureFieldErrors(errorOf(event))),
    })),
  },
  guards: {
    notFound: ({ event }) => failureStatus(errorOf(event)) === 404,
    /** The id in the address is not one (the server answers 400): the 400 page. */
    badRequest: ({ event }) => failureStatus(errorOf(event)) === 400,
    forbidden: ({ event }) => failureStatus(errorOf(event)) === 403,
    isNewPost: ({ event }) => outputOf<PostEditorData>(event).post === null,
    /** This browser kept a copy of the post, not saved: the editor opens on it. */
    hasLocalCopy: ({ event }) => Boolean(outputOf<PostEditorData>(event).localCopy),
    /** A new post asked to share an artwork. */
    isSharing: ({ context, event }) => outputOf<PostEditorData>(event).post === null && context.artworkId !== null,
    sharedHasImage: ({ event }) => outputOf<ArtworkToShare>(event).hasImage,
    isDraftPost: ({ event }) => outputOf<PostEditorData>(event).post?.isDraft === true,
    // Instagram's and Facebook's rules on the files too: the server refuses such a post, so it is not sent.
    formValid: ({ context }) => isFormValid(context.form, postFormRules) && mediaProblems(context.form.values, context.files).length === 0,
    isThread: ({ context }) => context.form.values.threadBreaks !== null,
    /** The split can move a word that way without leaving a part empty. */
    canMoveBreak: ({ context, event }) => {
      assertEvent(event, 'thread.move');
      const moved = breaksMoved(context.form.values, event.index, event.direction);
      return moved[event.index] !== context.form.values.threadBreaks?.[event.index];
    },
    /** Leaving would lose changes: they are not saved, and the browser could not keep a copy of them. */
    losesWork: ({ context }) => context.copyError !== null && hasUnsavedChanges(context),
    /** The editor opened on a copy from this browser, not saved or discarded since. */
    wasRestored: ({ context }) => context.restoredAt !== null,
    hasLocalFiles: ({ context }) => files.localFileIds(context.files).length > 0,
    moreToUpload: ({ context }) => context.batch.length > 0,
    publishIntent: ({ context }) => context.intent === 'publish',
    publishReady: ({ context }) => context.intent === 'publish' && !context.batchFailed,
    uploadFailed: ({ context }) => context.batchFailed,
    /** A refresh found deliveries that failed since the last reading. */
    newFailures: ({ context, event }) =>
      failedOf(outputOf<SocialPost>(event)).some(
        (r) => !context.post?.responses.some((p) => p.handle === r.handle && p.platform === r.platform && p.postStatus === 'error'),
      ),
    hasPending: ({ context }) => context.post?.responses.some((r) => r.postStatus === 'pending') ?? false,
    /** The saved draft (not the form) has a schedule: the server publishes it when it comes. */
    isScheduled: ({ context }) => scheduleOf(context.post) !== null,
    /** ...and its time has come. */
    isDue: ({ context }) => (scheduleOf(context.post) ?? Infinity) <= context.now(),
    /** The post read again is no longer a draft. */
    wasPublished: ({ event }) => outputOf<SocialPost>(event).isDraft === false,
    /** The server refused a change to the draft because it is published now (409). */
    publishedMeanwhile: ({ event }) => failureStatus(errorOf(event)) === 409,
    hasFailed: ({ context }) => (context.post ? failedOf(context.post).length > 0 : false),
  },
});
