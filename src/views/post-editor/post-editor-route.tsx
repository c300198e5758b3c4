import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { providePostEditor } from '../../machines/post-editor/post-editor.provide';
import { MAX_POST_FILES } from '../../schemas/social.schema';
import { createSocialService } from '../../services/social.service';
import { useApp } from '../app-context';
import { useEditorIdentity } from '../shell/editor-identity';
import { PostEditor } from './PostEditor';

/** /social-media/post/:postId — 'new' starts a new post; any other id edits (or shows) that post. */
export default function PostEditorRoute({ params }: { params: { postId: string } }) {
  const { http, cache, toasts } = useApp();
  const { key, navigate, leave } = useEditorIdentity(params.postId);

  const logic = useMemo(() => {
    const social = createSocialService(http, cache);
    return providePostEditor({
      // Fresh: the scheduler may have published the draft since it was last read.
      load: fromPromise(async ({ input }) => {
        const [accounts, post] = await Promise.all([social.listAccounts(), input.postId ? social.getPost(input.postId, { fresh: true }) : null]);
        return { accounts, post };
      }),
      savePost: fromPromise(({ input }) => social.savePost(input)),
      uploadFile: fromPromise(({ input, signal }) => social.uploadFile(input.postId, input.file, input.onProgress, signal)),
      publishPost: fromPromise(({ input }) => social.publish(input.postId)),
      refreshPost: fromPromise(({ input }) => social.getPost(input.postId, { fresh: true })),
      notify: ({ title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
      navigate,
      leave,
    });
  }, [http, cache, toasts, navigate, leave]);

  return <PostEditor key={key} logic={logic} input={{ postId: params.postId === 'new' ? null : params.postId }} maxFiles={MAX_POST_FILES} />;
}
