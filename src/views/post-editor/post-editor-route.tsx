import type { AppRuntime } from '../../app';
import { postEditorActors, providePostEditor } from '../../machines/post-editor/post-editor.provide';
import { MAX_POST_FILES } from '../../schemas/social.schema';
import { createSocialService } from '../../services/social.service';
import { useEditorIdentity, type EditorMoves } from '../shell/editor-identity';
import { PostEditor } from './PostEditor';

const makeLogic = ({ http, cache }: AppRuntime, moves: EditorMoves) =>
  providePostEditor({ ...postEditorActors(createSocialService(http, cache)), ...moves });

/** /social-media/post/:postId — 'new' starts a new post; any other id edits (or shows) that post. */
export default function PostEditorRoute({ params }: { params: { postId: string } }) {
  const { key, logic } = useEditorIdentity(params.postId, makeLogic);
  return (
    <PostEditor key={key} logic={logic} input={{ postId: params.postId === 'new' ? null : params.postId }} maxFiles={MAX_POST_FILES} />
  );
}
