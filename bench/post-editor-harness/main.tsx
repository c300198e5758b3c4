import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { fromPromise } from 'xstate';
import type { LoadInput, PostEditorData } from '../../src/machines/post-editor/post-editor.types';
import { PostEditor } from '../../src/views/post-editor/PostEditor';
import { providePostEditor } from '../../src/machines/post-editor/post-editor.provide';
import '../../src/index.css';

/**
 * The real post editor, built for production, with one connected account and no file limit (the app's limit is
 * optional): the benchmark attaches 20 files and types. Nothing is ever saved, so the I/O actors never settle.
 */
const never = fromPromise<never, unknown>(() => new Promise<never>(() => {})) as never;
const load = fromPromise<PostEditorData, LoadInput>(async () => ({
  accounts: [{ platform: 'bluesky', handle: 'artist.bsky.social', service: 'https://bsky.social', connectedAt: new Date().toISOString() }],
  post: null,
}));
const logic = providePostEditor({
  load,
  savePost: never,
  uploadFile: never,
  publishPost: never,
  refreshPost: never,
  loadArtworkToShare: never,
  loadSharedImage: never,
  fetchLinkPreview: never,
  readQuota: () => new Promise<never>(() => {}),
  readFitted: () => new Promise<never>(() => {}),
  writeLocalCopy: never,
  removeLocalCopy: never,
  notify: () => {},
  navigate: () => {},
  leave: () => {},
});

createRoot(document.getElementById('root')!).render(
  <Router>
    <PostEditor logic={logic} input={{ postId: null }} />
  </Router>,
);
