import { useMemo } from 'react';
import { postEditorActors, providePostEditor } from '../../machines/post-editor/post-editor.provide';
import { MAX_POST_FILES } from '../../schemas/social.schema';
import { createSocialService } from '../../services/social.service';
import { useApp } from '../app-context';
import { useEditorIdentity } from '../shell/editor-identity';
import { PostEditor } from './PostEditor';

/** /social-media/post/:postId — 'new' starts a new post; any other id edits (or shows) that post. */
export default function PostEditorRoute({ params }: { params: { postId: string } }) {
  const { http, cache, toasts } = useApp();
  const { key, navigate, leave } = useEditorIdentity(params.postId);

  const logic = useMemo(
    () =>
      providePostEditor({
        ...postEditorActors(createSocialService(http, cache)),
        notify: ({ title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
        navigate,
        leave,
      }),
    [http, cache, toasts, navigate, leave],
  );

  return <PostEditor key={key} logic={logic} input={{ postId: params.postId === 'new' ? null : params.postId }} maxFiles={MAX_POST_FILES} />;
}
