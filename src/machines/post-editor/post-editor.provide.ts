import type { PromiseActorLogic } from 'xstate';
import { postEditorMachine } from './post-editor.machine';
import type { PostEditorData, UploadFileInput } from './post-editor.types';
import type { Notice } from '../toasts/notice';
import type { PostMedia, SavePost, SocialPost } from '../../schemas/social.schema';

/** The I/O the post editor needs, as actor logic: the route makes it from the social service, tests control it. */
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
    actors: { load: parts.load, savePost: parts.savePost, uploadFile: parts.uploadFile, publishPost: parts.publishPost, refreshPost: parts.refreshPost },
    actions: {
      notify: (_, notice) => parts.notify(notice),
      navigate: (_, to) => parts.navigate(to),
      leave: (_, to) => parts.leave(to),
    },
  });
}
