import { fromPromise, sendParent, type PromiseActorLogic } from 'xstate';
import { postEditorMachine } from './post-editor.machine';
import type { LoadInput, PostEditorData, PostEditorEvent, SharedImageInput, UploadFileInput } from './post-editor.types';
import { sharedImageName, type ArtworkToShare } from './post-editor.share';
import type { Notice } from '../toasts/notice';
import type { PostMedia, SavePost, SocialPost } from '../../schemas/social.schema';
import type { SocialService } from '../../services/social.service';
import type { ArtworksService } from '../../services/artworks.service';
import type { PublishService } from '../../services/publish.service';
import type { UserService } from '../../services/user.service';
import { browserLanguage } from '../../schemas/post-labels.schema';
import type { LinkCard } from '../../schemas/link-card.schema';
import { linkCardMachine } from '../link-card/link-card.machine';
import { localCopyMachine } from './local-copy.machine';
import type { LocalPostDraft } from '../../schemas/local-post-draft.schema';
import type { LocalDrafts } from '../../services/local-drafts';
import type { MetaService } from '../../services/meta.service';
import type { InstagramQuota } from '../../schemas/meta-connect.schema';
import type { FittedPreview, MatChoice } from '../../schemas/image-fit.schema';

/** The I/O the post editor needs, as actor logic: postEditorActors makes it from the social service, tests control it. */
export interface PostEditorParts {
  load: PromiseActorLogic<PostEditorData, LoadInput>;
  savePost: PromiseActorLogic<SocialPost, SavePost>;
  uploadFile: PromiseActorLogic<PostMedia, UploadFileInput>;
  publishPost: PromiseActorLogic<SocialPost, { postId: string }>;
  refreshPost: PromiseActorLogic<SocialPost, { postId: string }>;
  loadArtworkToShare: PromiseActorLogic<ArtworkToShare, { artworkId: string }>;
  loadSharedImage: PromiseActorLogic<File, SharedImageInput>;
  /** The card of a link (the server reads its page). */
  fetchLinkPreview: PromiseActorLogic<LinkCard, { url: string }>;
  /** An Instagram account's posts left today. */
  readQuota: (handle: string) => Promise<InstagramQuota>;
  /** A saved image as Instagram will receive it, on the mat given. */
  readFitted: (mediaId: string, mat: MatChoice) => Promise<FittedPreview>;
  /** Keeps (and removes) the copy of the unsaved post in this browser. */
  writeLocalCopy: PromiseActorLogic<void, LocalPostDraft>;
  removeLocalCopy: PromiseActorLogic<void, { key: string }>;
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
      loadArtworkToShare: parts.loadArtworkToShare,
      loadSharedImage: parts.loadSharedImage,
      // A quota not read is no line, never a failed editor (an actor's failure nobody handles stops its parent).
      readQuota: fromPromise(({ input }) => parts.readQuota(input.handle).catch(() => null)),
      // Likewise: an image whose fit could not be read is previewed as it is.
      readFitted: fromPromise(({ input }) => parts.readFitted(input.mediaId, input.mat).catch(() => null)),
      linkCard: linkCardMachine.provide({ actors: { fetchPreview: parts.fetchLinkPreview } }),
      localCopy: localCopyMachine.provide({
        actors: { writeCopy: parts.writeLocalCopy, removeCopy: parts.removeLocalCopy },
        actions: {
          tellKept: sendParent({ type: 'localCopy.kept' } satisfies PostEditorEvent),
          tellFailed: sendParent((_, error: string) => ({ type: 'localCopy.failed', error }) satisfies PostEditorEvent),
        },
      }),
    },
    actions: {
      notify: (_, notice) => parts.notify(notice),
      navigate: (_, to) => parts.navigate(to),
      leave: (_, to) => parts.leave(to),
    },
  });
}

/**
 * The language a new post starts in: the artist's default, or until they choose one the browser's (else English).
 * The user not being readable is no reason to stop writing: the browser's language then.
 */
async function defaultLanguageOf(user: Pick<UserService, 'getUser'>): Promise<string> {
  const chosen = await user.getUser().then(
    (u) => u.postLanguage ?? null,
    () => null,
  );
  return chosen ?? browserLanguage(globalThis.navigator?.languages);
}

/**
 * The copy this browser kept of the post: restored for a new post or a draft; a published post's is stale (the post
 * went out without it) and goes. Not being able to read it is no reason not to open the post.
 */
async function localCopyFor(drafts: LocalDrafts, key: string, post: SocialPost | null): Promise<LocalPostDraft | null> {
  const copy = await drafts.read(key).catch(() => null);
  if (copy && post && !post.isDraft) {
    await drafts.remove(key).catch(() => undefined);
    return null;
  }
  return copy;
}

/** The editor's actors from the app's social service and this browser's copies of unsaved posts (tests give their own). */
export const postEditorActors = (
  social: Pick<SocialService, 'listAccounts' | 'getPost' | 'savePost' | 'uploadFile' | 'publish' | 'linkPreview'>,
  artworks: Pick<ArtworksService, 'get' | 'primaryImage'>,
  publish: Pick<PublishService, 'last'>,
  drafts: LocalDrafts,
  user?: Pick<UserService, 'getUser'>,
  meta?: Pick<MetaService, 'quota' | 'fittedPreview'>,
): Omit<PostEditorParts, 'notify' | 'navigate' | 'leave'> => ({
  // Without Meta's service nothing is read: the line stays away, as when the read fails.
  readQuota: (handle) => (meta ? meta.quota(handle) : Promise.reject(new Error('Instagram quota not available'))),
  readFitted: (mediaId, mat) =>
    meta ? meta.fittedPreview({ mediaId, network: 'instagram', mat }) : Promise.reject(new Error('Fitted previews not available')),
  // Fresh: the scheduler may have published the draft since it was last read.
  load: fromPromise(async ({ input }) => {
    const [accounts, post, defaultLang] = await Promise.all([
      social.listAccounts(),
      input.postId ? social.getPost(input.postId, { fresh: true }) : null,
      input.postId || !user ? undefined : defaultLanguageOf(user),
    ]);
    const localCopy = await localCopyFor(drafts, input.copyKey, post);
    return { accounts, post, ...(defaultLang ? { defaultLang } : {}), ...(localCopy ? { localCopy } : {}) };
  }),
  writeLocalCopy: fromPromise(({ input }) => drafts.write(input)),
  removeLocalCopy: fromPromise(({ input }) => drafts.remove(input.key)),
  savePost: fromPromise(({ input }) => social.savePost(input)),
  uploadFile: fromPromise(({ input, signal }) => social.uploadFile(input.postId, input.file, input.onProgress, signal)),
  publishPost: fromPromise(({ input }) => social.publish(input.postId)),
  refreshPost: fromPromise(({ input }) => social.getPost(input.postId, { fresh: true })),
  fetchLinkPreview: fromPromise(({ input }) => social.linkPreview(input.url)),
  loadArtworkToShare: fromPromise(async ({ input }) => {
    const [artwork, publication] = await Promise.all([artworks.get(input.artworkId), publish.last()]);
    return {
      artworkId: artwork.artworkId,
      title: artwork.title,
      hasImage: artwork.primaryImageMediaId !== null,
      createdAt: artwork.createdAt,
      publication,
      labels: artwork.postLabels ?? [],
    };
  }),
  // The large size (WebP, within 1600 px): what the public page shows, and small enough for Bluesky once recompressed.
  loadSharedImage: fromPromise(async ({ input, signal }) => {
    const blob = await artworks.primaryImage(input.artworkId, 'large', signal);
    return new File([blob], sharedImageName(input.title), { type: blob.type || 'image/webp' });
  }),
});
