import { fromPromise, type PromiseActorLogic } from 'xstate';
import { postEditorMachine } from './post-editor.machine';
import type { PostEditorData, UploadFileInput } from './post-editor.types';
import type { Notice } from '../toasts/notice';
import type { PostMedia, SavePost, SocialPost } from '../../schemas/social.schema';
import type { SocialService } from '../../services/social.service';

/** The I/O the post editor needs, as actor logic: postEditorActors makes it from the social service, tests control it. */
export interface PostEditorParts {
  load: PromiseActorLogic<PostEditorData, { postId: string | null }>;
  savePost: PromiseActorLogic<SocialPost, SavePost>;
  uploadFile: PromiseActorLogic<PostMedia, UploadFileInput>;
  publishPost: PromiseActorLogic<SocialPost, { postId: string }>;
  refreshPost: PromiseActorLogic<SocialPost, { postId: string }>;
  notify: (notice: Notice) => void;
  /** Replaces the current address (after a new post is created), keeping the same editor. */
  navigate: (to: string) => void;
  /** Goes where the artist chose to go after being asked (past the leave guard), dropping the unsaved changes. */
  leave: (to: string) => void;
}

export function providePostEditor(parts: PostEditorParts): typeof postEditorMachine {
  return postEditorMachine.provide({
    actors: {
      load: parts.load,
      savePost: parts.savePost,
      uploadFile: parts.uploadFile,
      publishPost: parts.publishPost,
      refreshPost: parts.refreshPost,
    },
    actions: {
      notify: (_, notice) => parts.notify(notice),
      navigate: (_, to) => parts.navigate(to),
      leave: (_, to) => parts.leave(to),
    },
  });
}

/** The editor's actors from the app's social service (tests give their own). */
export const postEditorActors = (
  social: Pick<SocialService, 'listAccounts' | 'getPost' | 'savePost' | 'uploadFile' | 'publish'>,
): Omit<PostEditorParts, 'notify' | 'navigate' | 'leave'> => ({
  // Fresh: the scheduler may have published the draft since it was last read.
  load: fromPromise(async ({ input }) => {
    const [accounts, post] = await Promise.all([
      social.listAccounts(),
      input.postId ? social.getPost(input.postId, { fresh: true }) : null,
    ]);
    return { accounts, post };
  }),
  savePost: fromPromise(({ input }) => social.savePost(input)),
  uploadFile: fromPromise(({ input, signal }) => social.uploadFile(input.postId, input.file, input.onProgress, signal)),
  publishPost: fromPromise(({ input }) => social.publish(input.postId)),
  refreshPost: fromPromise(({ input }) => social.getPost(input.postId, { fresh: true })),
});
