import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { MESSAGES } from '../schemas/messages';
import type { PostMedia, SavePost, SocialPost } from '../schemas/social.schema';
import { changePostField, emptyPostValues, isPostFormValid, postValuesOf, startPostForm, submitPostForm, withServerErrors } from './post-editor.form';
import { POST_EDITOR_MESSAGES as M } from './post-editor.messages';
import type { Notice, PostEditorContext, PostEditorData, PostEditorEvent, PostEditorInput, UploadFileInput } from './post-editor.types';
import * as files from './post-files';

/** How often a published post with pending deliveries is read again. */
export const POST_POLL_MS = 3000;

export const messageOf = (error: unknown) => (error instanceof Error && error.message) || MESSAGES.anErrorOccurred;
const errorOf = (event: unknown) => (event as { error?: unknown }).error;
const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;
const serverFieldErrors = (error: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries((error as { fieldErrors?: Record<string, string[]> })?.fieldErrors ?? {}).map(([k, v]) => [k, v[0]]));
export const failedOf = (post: SocialPost) => post.responses.filter((r) => r.postStatus === 'error');
const outputOf = <T>(event: unknown) => (event as { output: T }).output;

/** The post becomes what the server says: fields, files and responses (on load, and once published). */
const adopt = (post: SocialPost) => ({ post, postId: post.postId, form: startPostForm(postValuesOf(post)), files: files.filesOfPost(post) });

/** The failure just put in context, as a toast too. */
export const notifyError = {
  type: 'notify',
  params: ({ context }: { context: PostEditorContext }): Notice => ({ title: context.error ?? MESSAGES.anErrorOccurred, toastType: 'error' }),
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
    tags: {} as 'busy' | 'editable',
  },
  actors: {
    load: fromPromise<PostEditorData, { postId: string | null }>(async () => {
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
  },
  delays: { pollInterval: POST_POLL_MS },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** Moves the app to another address, replacing the current history entry (the editor stays). */
    navigate: (_, _to: string) => {},
    useLoaded: assign((_, data: PostEditorData) =>
      data.post ? { accounts: data.accounts, error: null, ...adopt(data.post) } : { accounts: data.accounts, error: null, form: startPostForm(emptyPostValues(data.accounts)) },
    ),
    adoptPost: assign((_, post: SocialPost) => adopt(post)),
    /** Saved as typed: the form and the files stay as they are. */
    keepPost: assign((_, post: SocialPost) => ({ post, postId: post.postId })),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      return { form: changePostField(context.form, event) };
    }),
    addFiles: assign(({ context, event }) => {
      assertEvent(event, 'files.add');
      return files.addFiles(context.files, event.files, context.maxFiles, context.seq);
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
    startSubmit: assign((_, intent: 'save' | 'publish') => ({ intent, error: null })),
    showAllMessages: assign(({ context }) => ({ form: submitPostForm(context.form) })),
    startBatch: assign(({ context }) => ({ files: files.queueLocalFiles(context.files), batch: files.localFileIds(context.files), batchFailed: false })),
    markUploading: assign(({ context }) => ({ files: files.markUploading(context.files, context.batch[0]) })),
    markUploaded: assign(({ context, event }) => ({
      files: files.markUploaded(context.files, context.batch[0], outputOf<PostMedia>(event)),
      batch: context.batch.slice(1),
    })),
    markUploadFailed: assign(({ context, event }) => {
      const name = files.localFileOf(context.files, context.batch[0])?.file.name ?? '';
      return {
        files: files.markFailed(context.files, context.batch[0], messageOf(errorOf(event))),
        batch: context.batch.slice(1),
        batchFailed: true,
        error: M.uploadFailed(name, messageOf(errorOf(event))),
      };
    }),
    /** A failed call: its message above the form, the server's field messages under the fields; nothing typed is lost. */
    fail: assign(({ context, event }, what: 'save' | 'publish') => ({
      error: (what === 'save' ? M.saveFailed : M.publishFailed)(messageOf(errorOf(event))),
      form: withServerErrors(context.form, serverFieldErrors(errorOf(event))),
    })),
  },
  guards: {
    notFound: ({ event }) => [400, 404].includes(statusOf(errorOf(event)) ?? 0),
    isNewPost: ({ event }) => outputOf<PostEditorData>(event).post === null,
    isDraftPost: ({ event }) => outputOf<PostEditorData>(event).post?.isDraft === true,
    formValid: ({ context }) => isPostFormValid(context.form),
    hasLocalFiles: ({ context }) => files.localFileIds(context.files).length > 0,
    moreToUpload: ({ context }) => context.batch.length > 0,
    publishIntent: ({ context }) => context.intent === 'publish',
    publishReady: ({ context }) => context.intent === 'publish' && !context.batchFailed,
    uploadFailed: ({ context }) => context.batchFailed,
    /** A refresh found deliveries that failed since the last reading. */
    newFailures: ({ context, event }) =>
      failedOf(outputOf<SocialPost>(event)).some((r) => !context.post?.responses.some((p) => p.handle === r.handle && p.platform === r.platform && p.postStatus === 'error')),
    hasPending: ({ context }) => context.post?.responses.some((r) => r.postStatus === 'pending') ?? false,
    hasFailed: ({ context }) => (context.post ? failedOf(context.post).length > 0 : false),
  },
});
