import { useSearch } from 'wouter';
import type { AppRuntime } from '../../app';
import { postEditorActors, providePostEditor } from '../../machines/post-editor/post-editor.provide';
import { createArtworksService } from '../../services/artworks.service';
import { createPublishService } from '../../services/publish.service';
import { createSocialService } from '../../services/social.service';
import { createUserService } from '../../services/user.service';
import { createMetaService } from '../../services/meta.service';
import { createLocalDrafts } from '../../services/local-drafts';
import { selectUserId } from '../../machines/session/session.selectors';
import { useEditorIdentity, type EditorMoves } from '../shell/editor-identity';
import { PostEditor } from './PostEditor';

const makeLogic = ({ http, cache, session }: AppRuntime, moves: EditorMoves) =>
  providePostEditor({
    ...postEditorActors(
      createSocialService(http, cache),
      createArtworksService(http, cache),
      createPublishService(http),
      // Unsaved posts are kept in this browser under whoever is signed in when they are written or read.
      createLocalDrafts(() => selectUserId(session.getSnapshot())),
      createUserService(http),
      createMetaService(http, cache),
    ),
    ...moves,
  });

/**
 * /social-media/post/:postId — 'new' starts a new post (`?artwork=<id>` shares that artwork: the post starts from it);
 * any other id edits (or shows) that post.
 */
export default function PostEditorRoute({ params }: { params: { postId: string } }) {
  const search = useSearch();
  const isNew = params.postId === 'new';
  const artworkId = (isNew && new URLSearchParams(search).get('artwork')) || null;
  const { key, logic } = useEditorIdentity(artworkId ? `new?artwork=${artworkId}` : params.postId, makeLogic);
  return <PostEditor key={key} logic={logic} input={{ postId: isNew ? null : params.postId, artworkId }} maxFiles="perNetwork" />;
}
