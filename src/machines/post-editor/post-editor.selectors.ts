import { fileLimitOf, mediaProblems, noneTakes, notTakenBy, textLimitOf } from './post-editor.networks';
import { postLabel, type PostResponse } from '../../schemas/social.schema';
import { visiblePostError, type PostFormValues } from './post-editor.form';
import type { PostEditorSnapshot } from './post-editor.machine';
import { hasMediaFiles } from './post-editor.files';
import type { SnapshotFrom } from 'xstate';
import type { ReadFittedLogic } from './post-editor.types';

// What each part of the editor asks its chart, by name. Arrays and objects are context fields themselves (or one
// shared empty array), so a part re-renders only when the answer changes.

export type EditorView =
  'loading' | 'notFound' | 'badRequest' | 'forbidden' | 'loadFailed' | 'sharing' | 'unsaved' | 'draft' | 'published' | 'left';
const VIEWS: EditorView[] = [
  'loading',
  'notFound',
  'badRequest',
  'forbidden',
  'loadFailed',
  'sharing',
  'unsaved',
  'draft',
  'published',
  'left',
];

export const viewOf = (s: PostEditorSnapshot): EditorView => VIEWS.find((v) => s.matches(v)) ?? 'loading';
/** Behind the (modal) leave dialog the form looks as it was: Stay returns to it unchanged. */
export const isEditable = (s: PostEditorSnapshot) => s.hasTag('editable') || s.hasTag('confirmingLeave');
export const isConfirmingLeave = (s: PostEditorSnapshot) => s.hasTag('confirmingLeave');
/** A published post's files are shown, no longer changed. */
export const isPublished = (s: PostEditorSnapshot) => s.matches('published');
/** 'Scheduled Draft', 'Draft' or 'Published' once saved; a new post has none. */
export const labelOf = (s: PostEditorSnapshot) => (s.context.post ? postLabel(s.context.post) : null);
/** Which button is working: Save ('save') or Post ('publish'), or none. */
export const workingOf = (s: PostEditorSnapshot) =>
  s.hasTag('busy') && (s.matches('unsaved') || s.matches('draft')) ? s.context.intent : null;
export const pollingOf = (s: PostEditorSnapshot) =>
  s.matches({ published: 'refreshing' })
    ? 'refreshing'
    : s.matches({ published: 'waiting' })
      ? 'waiting'
      : s.matches({ published: 'retrying' })
        ? 'retrying'
        : 'idle';
/** Where a saved scheduled draft's checks stand: waiting for its time, watching it go out, or reading it now. */
export type ScheduleCheck = 'none' | 'waiting' | 'watching' | 'checking';
const CHECKS = ['waiting', 'watching', 'checking'] as const;
export const scheduleCheckOf = (s: PostEditorSnapshot): ScheduleCheck => CHECKS.find((c) => s.matches({ draft: { editing: c } })) ?? 'none';

export const selectError = (s: PostEditorSnapshot) => s.context.error;
export const selectCheckError = (s: PostEditorSnapshot) => s.context.checkError;
/** Why a shared artwork's link may not work yet, or null. */
export const selectShareHint = (s: PostEditorSnapshot) => s.context.shareHint;
export const selectPost = (s: PostEditorSnapshot) => s.context.post;
/** The connected accounts a post can go to. */
export const selectAccounts = (s: PostEditorSnapshot) => s.context.accounts;
export const selectFiles = (s: PostEditorSnapshot) => s.context.files;
export const selectRefused = (s: PostEditorSnapshot) => s.context.refused;
export const selectMaxFiles = (s: PostEditorSnapshot) => fileLimitOf(s.context.maxFiles, s.context.form.values.accounts);
const NO_RESPONSES: PostResponse[] = [];
/** Each account's answer to a published post; one shared empty list before there is a post. */
export const selectResponses = (s: PostEditorSnapshot) => s.context.post?.responses ?? NO_RESPONSES;
/** Whether Retry failed is offered now (the chart accepts it). */
export const canRetryFailed = (s: PostEditorSnapshot) => s.can({ type: 'post.retryFailed' });

// The form's fields: each value as typed, and its message once the form engine shows it.
export const selectContent = (s: PostEditorSnapshot) => s.context.form.values.content;
/** The posted text's length (content, hashtags and mentions), for the counter. */
export const selectTextLength = (s: PostEditorSnapshot) => s.context.form.values.textLength;
export const selectContentError = (s: PostEditorSnapshot) => visiblePostError(s.context.form, 'content');
export const selectTags = (field: 'hashtags' | 'mentions') => (s: PostEditorSnapshot) => s.context.form.values[field];
export const selectTagsError = (field: 'hashtags' | 'mentions') => (s: PostEditorSnapshot) => visiblePostError(s.context.form, field);
export const selectChosenAccounts = (s: PostEditorSnapshot): PostFormValues['accounts'] => s.context.form.values.accounts;
export const selectAccountsError = (s: PostEditorSnapshot) => visiblePostError(s.context.form, 'accounts');
export const selectSchedule = (s: PostEditorSnapshot) => s.context.form.values.dateScheduled;
export const selectScheduleError = (s: PostEditorSnapshot) => visiblePostError(s.context.form, 'dateScheduled');
export const selectLocation = (s: PostEditorSnapshot) => s.context.form.values.location;
export const selectLocationError = (s: PostEditorSnapshot) => visiblePostError(s.context.form, 'location');
export const selectLabels = (s: PostEditorSnapshot) => s.context.form.values.labels;
export const selectLabelsError = (s: PostEditorSnapshot) => visiblePostError(s.context.form, 'labels');
/** The post has an image or a video: only then does it offer content labels. */
export const selectHasMedia = (s: PostEditorSnapshot) => hasMediaFiles(s.context.files);
/** The card of the text's first link (its own chart), while the post can be edited. */
export const selectLinkCard = (s: PostEditorSnapshot) => s.context.linkCard;
export const selectLangs = (s: PostEditorSnapshot) => s.context.form.values.langs;
export const selectLangsError = (s: PostEditorSnapshot) => visiblePostError(s.context.form, 'langs');
/** The files' message: too many or of a refused kind first, then a missing alt text. */
export const selectFilesError = (s: PostEditorSnapshot) =>
  visiblePostError(s.context.form, 'mediaIds') ?? visiblePostError(s.context.form, 'altTexts');
/** A thread's splits (null: a single post), its parts as they go out, and what the last change to them did. */
export const selectThreadBreaks = (s: PostEditorSnapshot) => s.context.form.values.threadBreaks;
export const selectThreadParts = (s: PostEditorSnapshot) => s.context.form.values.threadParts;
export const selectThreadNote = (s: PostEditorSnapshot) => s.context.threadNote;
/** Whether split `index` can move a word that way now (the chart accepts it). */
export const canMoveBreak = (index: number, direction: 'earlier' | 'later') => (s: PostEditorSnapshot) =>
  s.can({ type: 'thread.move', index, direction });

// This browser's copy of the unsaved post.
/** When the copy the editor opened on was written, until it is saved or discarded (null: not restored). */
export const selectRestoredAt = (s: PostEditorSnapshot) => s.context.restoredAt;
/** Why the browser could not keep the copy, or null. */
export const selectCopyError = (s: PostEditorSnapshot) => s.context.copyError;
/** The copy's own chart, while the post can be edited. */
export const selectLocalCopy = (s: PostEditorSnapshot) => s.context.localCopy;
/** A new post (no id yet), as opposed to an edited draft: the copy's texts differ. */
export const selectIsNew = (s: PostEditorSnapshot) => s.context.postId === null;

// Each chosen network's rules.
/** The counter's limit: the smallest of the chosen networks' (Bluesky's 280 with Bluesky, or none chosen). */
export const selectTextLimit = (s: PostEditorSnapshot) => textLimitOf(s.context.form.values.accounts);
/** What Instagram or Facebook refuse in the post's files, each naming the network; saving waits until there is none. */
export const selectMediaProblems = (s: PostEditorSnapshot) => mediaProblems(s.context.form.values, s.context.files);
/** Why a feature is not sent to some chosen network ("Not sent to Facebook"), and whether no chosen network takes it. */
export const selectNotTaken = (feature: Parameters<typeof notTakenBy>[1]) => (s: PostEditorSnapshot) =>
  notTakenBy(s.context.form.values.accounts, feature);
export const selectNoneTakes = (feature: Parameters<typeof notTakenBy>[1]) => (s: PostEditorSnapshot) =>
  noneTakes(s.context.form.values.accounts, feature);
/** Compares two lists of messages, so a view re-renders only when they change. */
export const sameMessages = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((m, i) => m === b[i]);

// Instagram's daily quota.
/** The chosen Instagram accounts whose quota is being read or was read (the line reads each one's own actor). */
export const selectQuotas = (s: PostEditorSnapshot) => s.context.quotas;
/** The saved images' Instagram versions read so far, one per image and mat (the preview shows the chosen mat's). */
export const selectFitted = (s: PostEditorSnapshot) => s.context.fitted;
/** An image's fitted version once read (null while it is read, or when it could not be). */
export const selectFittedImage = (s: SnapshotFrom<ReadFittedLogic> | undefined) => (s?.status === 'done' ? (s.output ?? null) : null);
/** The mat chosen per image (by media id; none named: white). */
export const selectMats = (s: PostEditorSnapshot) => s.context.form.values.mats;
