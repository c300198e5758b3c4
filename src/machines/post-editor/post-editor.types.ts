import type { PostMedia, SavePost, SocialAccount, SocialPost } from '../../schemas/social.schema';
import type { PostFieldChange, PostFormState } from './post-editor.form';
import type { PostFile, RefusedFile } from './post-editor.files';
import type { ArtworkToShare } from './post-editor.share';
import type { LinkCardRef } from '../link-card/link-card.machine';
import type { LocalCopyRef } from './local-copy.machine';
import type { LocalPostDraft } from '../../schemas/local-post-draft.schema';
import type { LeaveEvent } from '../shared/leave-guard';
import type { ActorRefFrom, PromiseActorLogic } from 'xstate';
import type { FileLimit } from './post-editor.networks';
import type { InstagramQuota } from '../../schemas/meta-connect.schema';
import type { FittedPreview, MatChoice } from '../../schemas/image-fit.schema';

/** Reads an Instagram account's posts left today (by its handle); null when it could not be read. */
export type ReadQuotaLogic = PromiseActorLogic<InstagramQuota | null, { handle: string }>;
/** One Instagram account's quota, read once when the account is first chosen. */
export interface QuotaReading {
  handle: string;
  ref: ActorRefFrom<ReadQuotaLogic>;
}

/** Reads one saved image as Instagram will receive it, on a mat; null when it could not be read. */
export type ReadFittedLogic = PromiseActorLogic<FittedPreview | null, { mediaId: string; mat: MatChoice }>;
/** One image's fitted version on one mat, read once (choosing that mat again shows it at once). */
export interface FittedReading {
  mediaId: string;
  mat: MatChoice;
  ref: ActorRefFrom<ReadFittedLogic>;
}

export interface PostEditorInput {
  /** null starts a new post; otherwise the post to load. */
  postId: string | null;
  /**
   * At most this many files: 'perNetwork' is the chosen networks' limit (maxPostFiles); a number is fixed; none (null
   * or absent) means no limit.
   */
  maxFiles?: FileLimit;
  /** The current time (epoch ms) for a scheduled draft's checks; the browser's clock unless given (tests pass theirs). */
  now?: () => number;
  /** A new post shared from this artwork (/social-media/post/new?artwork=<id>): prefilled from it, and it records it. */
  artworkId?: string | null;
}

export type { FileLimit } from './post-editor.networks';

/** What the editor reads first: the connected accounts, and the post unless it is new. */
export interface PostEditorData {
  accounts: SocialAccount[];
  post: SocialPost | null;
  /** The language a new post starts in: the artist's default, else the browser's (absent: the one the editor has). */
  defaultLang?: string;
  /** The copy of this post this browser kept, not saved yet (a new post, or a draft's changes): restored. */
  localCopy?: LocalPostDraft | null;
}

/** What the editor's first read asks for: the post (none when new), and the key its copy in this browser has. */
export interface LoadInput {
  postId: string | null;
  copyKey: string;
}

/** The shared artwork's image, read as a file the editor holds as if the artist had picked it. */
export interface SharedImageInput {
  artworkId: string;
  title: string;
}

export interface UploadFileInput {
  postId: string;
  file: File;
  onProgress: (fraction: number) => void;
}

export interface PostEditorContext {
  postId: string | null;
  /** The post as the server last answered it. */
  post: SocialPost | null;
  accounts: SocialAccount[];
  form: PostFormState;
  files: PostFile[];
  /** Files of the last choice that were skipped, with the reason. */
  refused: RefusedFile[];
  seq: number;
  maxFiles: FileLimit;
  /** What the last Save / Post press asked for: a draft, or a draft then publishing. */
  intent: 'save' | 'publish';
  /** Local files still to upload in this Save, in order. */
  batch: string[];
  /** Some file of this Save failed to upload: the post is saved without it and not published. */
  batchFailed: boolean;
  /** The last failure, shown above the form until the next attempt. */
  error: string | null;
  /** The last failed check of a scheduled draft, shown beside the schedule until the post is read again. */
  checkError: string | null;
  /** The current time (epoch ms): when a scheduled draft comes due. */
  now: () => number;
  /** Where the artist asked to go while the post had unsaved changes. */
  leaveTo: string | null;
  /** The artwork a new post is shared from: sent when the post is created. */
  artworkId: string | null;
  /** The shared artwork as read, while its image is read. */
  shared: ArtworkToShare | null;
  /** Why the shared artwork's link may not work yet (not published, or not since the artwork was made). */
  shareHint: string | null;
  /** The languages a new post starts with (and is compared with, for unsaved changes). */
  defaultLangs: string[];
  /** The card of the text's first link, while the post can be edited (spawned then; stopped once it is published). */
  linkCard: LinkCardRef | null;
  /** What the last change to the thread's splits did, for screen readers (announced politely); null before any. */
  threadNote: string | null;
  /** The copy of the unsaved post kept in this browser (its own chart), while the post can be edited. */
  localCopy: LocalCopyRef | null;
  /** Its key: 'new', 'new?artwork=<id>', then the post's id once created. */
  copyKey: string;
  /** Why the browser could not keep the copy (leaving then loses the changes, so the editor asks first). */
  copyError: string | null;
  /** When the copy the editor opened on was written (epoch ms), until it is saved or discarded. */
  restoredAt: number | null;
  /** The chosen Instagram accounts' quotas, each read once (its own promise actor; a failed read shows nothing). */
  quotas: QuotaReading[];
  /** With Instagram chosen: each saved image's Instagram version on its mat, each read once (a failed read shows the original). */
  fitted: FittedReading[];
}

export type PostEditorEvent =
  | ({ type: 'form.change' } & PostFieldChange)
  | { type: 'files.add'; files: File[] }
  | { type: 'files.remove'; id: string }
  | { type: 'files.altText'; id: string; altText: string }
  /** Reported by the upload in progress. */
  | { type: 'files.progress'; id: string; fraction: number }
  | { type: 'post.save' }
  | { type: 'post.publish' }
  | { type: 'post.reload' }
  /** Post again on a published post: its failed deliveries are tried again. */
  | { type: 'post.retryFailed' }
  /** An in-app navigation away from the editor (the leave guard asks the chart first). */
  | LeaveEvent
  /** Write the text as a thread (split at word starts into parts of at most 280 characters), or as one post again. */
  | { type: 'thread.start' }
  | { type: 'thread.stop' }
  /** Move split `index` (between part index+1 and index+2) one word earlier or later. */
  | { type: 'thread.move'; index: number; direction: 'earlier' | 'later' }
  /** The copy restored from this browser is thrown away: the post as saved (or a new, empty one). */
  | { type: 'localCopy.discard' }
  /** From the copy's chart: written, or why not. */
  | { type: 'localCopy.kept' }
  | { type: 'localCopy.failed'; error: string };

export type { PostMedia, SavePost, SocialPost };
