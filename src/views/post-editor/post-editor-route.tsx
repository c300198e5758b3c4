import { useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { MAX_POST_FILES } from '../../schemas/social.schema';
import { createSocialService } from '../../services/social.service';
import { useApp } from '../app-context';
import { PostEditor } from './PostEditor';
import { providePostEditor } from '../../machines/post-editor/post-editor.provide';
import { useLeaveGuard } from '../shell/leave-guard';

/** /social-media/post/:postId — 'new' starts a new post; any other id edits (or shows) that post. */
export default function PostEditorRoute({ params }: { params: { postId: string } }) {
  const { http, cache, toasts } = useApp();
  const [location] = useLocation();
  // The editor's own move (a new post just saved) and a confirmed leave are never held by its guard.
  const { pass } = useLeaveGuard();
  // The address the editor moved to itself (a new post just saved): the same editor stays, it is not started again.
  const moved = useRef<{ to: string; key: string } | null>(null);
  // Leaving that address (e.g. New Social Media Post again) must give a fresh editor even for the same URL key.
  const generation = useRef(0);
  if (moved.current && moved.current.to !== location) {
    moved.current = null;
    generation.current += 1;
  }
  const key = moved.current?.key ?? `${params.postId}#${generation.current}`;
  const keyRef = useRef(key);
  keyRef.current = key;

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
      navigate: (to) => {
        moved.current = { to, key: keyRef.current };
        pass(to, { replace: true });
      },
      leave: (to) => pass(to),
    });
  }, [http, cache, toasts, pass]);

  return <PostEditor key={key} logic={logic} input={{ postId: params.postId === 'new' ? null : params.postId }} maxFiles={MAX_POST_FILES} />;
}
