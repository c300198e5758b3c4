import type { FileLimit } from '../../src/machines/post-editor/post-editor.types';
import { render } from '@testing-library/react';
import { fromPromise, type SimulatedClock } from 'xstate';
import { Link, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Notice } from '../../src/machines/toasts/notice';
import type { PostMedia, PostResponse, SocialAccount, SocialPost } from '../../src/schemas/social.schema';
import { PostEditor } from '../../src/views/post-editor/PostEditor';
import { providePostEditor, type PostEditorParts } from '../../src/machines/post-editor/post-editor.provide';
import { LeaveGuardRouter } from '../../src/views/shell/leave-guard';

export const POST_ID = '5f0c7a1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
export const ALICE: SocialAccount = {
  platform: 'bluesky',
  handle: 'alice.bsky.social',
  service: 'https://bsky.social',
  connectedAt: '2026-11-01T10:00:00.000Z',
};
export const BOB: SocialAccount = {
  platform: 'bluesky',
  handle: 'bob.bsky.social',
  service: 'https://bsky.social',
  connectedAt: '2026-11-02T10:00:00.000Z',
};
export const ref = (a: SocialAccount) => ({ platform: a.platform, handle: a.handle });

export function mediaFixture(n: number, extra: Partial<PostMedia> = {}): PostMedia {
  return {
    mediaId: `7a0c7a1e-2b3d-4e5f-8a9b-0c1d2e3f4a${String(n).padStart(2, '0')}`,
    fileName: `picture-${n}.jpg`,
    contentType: 'image/jpeg',
    fileSizeInBytes: 200 * 1024 * n,
    altText: '',
    url: `https://media.test/post-media/${n}?sig=x`,
    ...extra,
  };
}

export function postFixture(extra: Partial<SocialPost> = {}): SocialPost {
  return {
    userId: 'u1',
    postId: POST_ID,
    dateCreated: Date.UTC(2026, 10, 20, 10),
    dateScheduled: null,
    datePublished: null,
    content: 'Fresh paint',
    mediaIds: [],
    media: [],
    hashtags: [],
    mentions: [],
    location: null,
    accounts: [ref(ALICE)],
    responses: [],
    isDraft: true,
    ...extra,
  };
}

export const responseFixture = (
  account: SocialAccount,
  postStatus: PostResponse['postStatus'],
  extra: Partial<PostResponse> = {},
): PostResponse => ({
  platform: account.platform,
  handle: account.handle,
  text: 'Fresh paint',
  postUrl: postStatus === 'posted' ? `https://bsky.app/profile/${account.handle}/post/3kabc` : '',
  postStatus,
  datePosted: postStatus === 'posted' ? Date.UTC(2026, 10, 21, 9, 30) : null,
  postError: postStatus === 'error' ? 'Invalid app password' : null,
  ...extra,
});

/** A promise that never settles: an actor the test does not care about. */
export const pendingForever = fromPromise(() => new Promise<never>(() => {})) as never;

/** Every part waits forever unless the test gives it; notices, navigations and confirmed leaves are recorded. */
export function postEditorParts(given: Partial<PostEditorParts> = {}) {
  const notices: Notice[] = [];
  const navigations: string[] = [];
  const leaves: string[] = [];
  const parts: PostEditorParts = {
    load: pendingForever,
    savePost: pendingForever,
    uploadFile: pendingForever,
    publishPost: pendingForever,
    refreshPost: pendingForever,
    loadArtworkToShare: pendingForever,
    loadSharedImage: pendingForever,
    fetchLinkPreview: pendingForever,
    readQuota: () => new Promise<never>(() => {}),
    readFitted: () => new Promise<never>(() => {}),
    writeLocalCopy: pendingForever,
    removeLocalCopy: pendingForever,
    notify: (n) => void notices.push(n),
    navigate: (to) => void navigations.push(to),
    leave: (to) => void leaves.push(to),
    ...given,
  };
  return { parts, notices, navigations, leaves };
}

/**
 * The editor inside the app's leave guard, beside a link elsewhere ('Elsewhere', to /journal) to leave by. With a
 * simulated clock the editor's time is the clock's, so a schedule comes due as the test moves it on.
 */
export function renderPostEditor(
  parts: PostEditorParts,
  postId: string | null,
  options: { maxFiles?: FileLimit; clock?: SimulatedClock; artworkId?: string | null } = {},
) {
  const { clock, artworkId = null } = options;
  const location = memoryLocation({ path: `/social-media/post/${postId ?? 'new'}`, record: true });
  const view = render(
    <Router hook={location.hook}>
      <LeaveGuardRouter>
        <Link href="/journal">Elsewhere</Link>
        <PostEditor
          logic={providePostEditor(parts)}
          input={{ postId, artworkId }}
          maxFiles={options.maxFiles}
          clock={clock}
          now={clock ? () => clock.now() : undefined}
        />
      </LeaveGuardRouter>
    </Router>,
  );
  return Object.assign(view, { location });
}

/** A file of `size` bytes (only its size matters to the rules). */
export function fileOf(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
