import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { POST_POLL_MS, postEditorMachine } from '../../src/machines/post-editor/post-editor.machine';
import { postValuesOf, toSavePost } from '../../src/machines/post-editor/post-editor.form';
import { hasUnsavedChanges } from '../../src/machines/post-editor/post-editor.setup';
import { LEAVE_DIALOG } from '../../src/views/shell/LeaveDialog';
import { fileNameOf, hasMediaFiles, savedFilesOf } from '../../src/machines/post-editor/post-editor.files';
import { firstLinkOf } from '../../src/schemas/link-card.schema';
import { LINK_CARD_TEXT } from '../../src/views/link-card/LinkCard';
import type { Notice } from '../../src/machines/toasts/notice';
import type { LoadInput, PostEditorData, PostEditorInput, UploadFileInput } from '../../src/machines/post-editor/post-editor.types';
import type { PostMedia, SavePost, SocialPost } from '../../src/schemas/social.schema';
import { POST_ID, postEditorParts, renderPostEditor } from '../support/post-editor';
import { actionLabels, expectView, FILE_NAMES, type Snapshot } from '../support/post-editor-view';
import {
  draftEvents,
  newEvents,
  NOW,
  publishedEvents,
  scheduledEvents,
  SHARED,
  SHARED_ARTWORK_ID,
  SHARED_IMAGE,
  SHARED_LONG,
  shareEvents,
  threadEvents,
  restoredEvents,
  BROWSER_FULL,
  type Event,
} from '../support/post-editor-scenarios';
import { LOCAL_COPY_DELAY_MS } from '../../src/machines/post-editor/local-copy.machine';
import { copyKeyOf } from '../../src/machines/post-editor/post-editor.local-copy';
import type { LocalPostDraft } from '../../src/schemas/local-post-draft.schema';
import type { ArtworkToShare } from '../../src/machines/post-editor/post-editor.share';
import type { SharedImageInput } from '../../src/machines/post-editor/post-editor.types';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName } from './harness';

const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.form.values.content,
    s.context.form.values.accounts.length,
    s.context.files.map((f) => [f.id, f.kind === 'local' ? [f.status, f.progress] : 'up', f.altText]),
    s.context.refused.length,
    s.context.intent,
    s.context.batch,
    s.context.batchFailed,
    Boolean(s.context.error),
    Boolean(s.context.checkError),
    s.context.post?.isDraft,
    s.context.post?.dateScheduled,
    s.context.post?.responses.map((r) => r.postStatus),
    hasUnsavedChanges(s.context),
    s.context.artworkId,
    s.context.shareHint,
    // The connected accounts: a shared artwork ticks them all, or finds none.
    s.context.accounts.length,
    s.context.form.values.threadBreaks,
    s.context.threadNote,
    s.context.copyError,
    s.context.restoredAt,
  ]);
// Events compared by what drives them (a File is '{}' to JSON): type, field and the files' names.
const serializeEvent = (e: Event) => JSON.stringify(e, (_, v) => (v instanceof File ? v.name : v));

/** `minimal: false` visits every distinct state too, not only every transition: each outcome with and without edits. */
const scenario = (name: string, input: PostEditorInput, events: (s: Snapshot) => Event[], minimal = true) => {
  const model = createModel(postEditorMachine, { events, input, serializeState, serializeEvent });
  return { name, input, paths: coveringPaths(model, { minimal }) };
};
// The model's clock stands still at NOW; each test's view starts its simulated clock there.
const at = () => NOW;
const scenarios = [
  scenario('new post, at most 2 files', { postId: null, maxFiles: 2, now: at }, newEvents),
  scenario('draft', { postId: POST_ID, now: at }, draftEvents),
  scenario('published', { postId: POST_ID, now: at }, publishedEvents),
  scenario('scheduled draft left open', { postId: POST_ID, now: at }, scheduledEvents, false),
  scenario('new post shared from an artwork', { postId: null, now: at, artworkId: SHARED_ARTWORK_ID, maxFiles: 4 }, shareEvents, false),
  scenario('a thread', { postId: null, now: at }, threadEvents),
  scenario('opened on the copy this browser kept', { postId: POST_ID, now: at }, restoredEvents, false),
  scenario('a new post opened on the copy this browser kept', { postId: null, now: at }, restoredEvents, false),
];
/** The longest a scheduled draft waits before it is read again. */
const HOUR = 60 * 60_000;

/** The leave guard: an alert dialog offering Stay and Leave, over the form as the artist left it. */
async function expectLeaveDialog(s: Snapshot) {
  const dialog = await screen.findByRole('alertdialog', { name: LEAVE_DIALOG.title });
  expect(dialog).toHaveAccessibleDescription(LEAVE_DIALOG.message);
  expect(within(dialog).getByRole('button', { name: LEAVE_DIALOG.leave })).toBeEnabled();
  expect(within(dialog).getByRole('button', { name: LEAVE_DIALOG.stay })).toBeEnabled();
  expect(screen.getByLabelText('Content')).toHaveValue(s.context.form.values.content);
  expect(hasUnsavedChanges(s.context)).toBe(true);
}

/**
 * The link card's region sits under the text while the post is editable. The scenarios' posts have no saved card, and
 * their clock never passes a link's debounce (only the scheduled drafts' clock moves, and their text has no link): a
 * text with a link and no image or video shows the card loading (the shared artwork's link); otherwise nothing.
 */
function expectLinkCard(s: Snapshot) {
  const region = screen.getByRole('region', { name: LINK_CARD_TEXT.region });
  const loading = firstLinkOf(s.context.form.values.content) !== null && !hasMediaFiles(s.context.files);
  expect(region.textContent).toBe(loading ? LINK_CARD_TEXT.loading : '');
  expect(within(region).queryByRole('article')).toBeNull();
}

/** Editing, once any leave dialog has closed (it hides the page from assistive tech while open). */
const editing = async (s: Snapshot) => {
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expectView.editing(s);
  expectLinkCard(s);
};

const states = {
  loading: expectView.loading,
  notFound: expectView.notFound,
  badRequest: expectView.badRequest,
  forbidden: expectView.forbidden,
  loadFailed: expectView.loadFailed,
  'sharing.readingArtwork': expectView.sharing,
  'sharing.readingImage': expectView.sharing,
  'unsaved.editing': editing,
  'unsaved.confirmingLeave': expectLeaveDialog,
  'unsaved.creating': expectView.busy,
  'draft.editing': editing,
  'draft.confirmingLeave': expectLeaveDialog,
  left: () => {
    expect(screen.queryByRole('form', { hidden: true })).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  },
  'draft.uploading': expectView.uploading,
  'draft.saving': expectView.busy,
  'draft.publishing': expectView.busy,
  'draft.rereading': expectView.busy,
  'published.idle': expectView.published,
  'published.waiting': expectView.published,
  'published.refreshing': expectView.published,
  'published.retrying': expectView.published,
};

interface Step {
  event: unknown;
  state: unknown;
}
const outputOf = <T,>(step: unknown) => (step as { event: { output: T } }).event.output;
const errorOf = (step: unknown) => (step as { event: { error: Error } }).event.error;
const afterOf = (step: unknown) => (step as { state: Snapshot }).state;
const eventOf = <T,>(step: unknown) => (step as { event: T }).event;

describe.each(scenarios)('post editor ($name): the view follows the chart', ({ input, paths }) => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    // The machine checks file kinds itself: the picker's accept list must not hide refused files from it.
    const user = userEvent.setup({ applyAccept: false });
    const clock = new SimulatedClock();
    clock.set(NOW);
    const load = controlledPromise<PostEditorData, LoadInput>('load');
    const savePost = controlledPromise<SocialPost, SavePost>('savePost');
    const uploadFile = controlledPromise<PostMedia, UploadFileInput>('uploadFile');
    const publishPost = controlledPromise<SocialPost, { postId: string }>('publishPost');
    const refreshPost = controlledPromise<SocialPost, { postId: string }>('refreshPost');
    const loadArtworkToShare = controlledPromise<ArtworkToShare, { artworkId: string }>('loadArtworkToShare');
    const loadSharedImage = controlledPromise<File, SharedImageInput>('loadSharedImage');
    const writeLocalCopy = controlledPromise<void, LocalPostDraft>('writeLocalCopy');
    const removeLocalCopy = controlledPromise<void, { key: string }>('removeLocalCopy');
    const { parts, notices, navigations, leaves } = postEditorParts({
      loadArtworkToShare: loadArtworkToShare.logic,
      loadSharedImage: loadSharedImage.logic,
      load: load.logic,
      savePost: savePost.logic,
      uploadFile: uploadFile.logic,
      publishPost: publishPost.logic,
      refreshPost: refreshPost.logic,
      writeLocalCopy: writeLocalCopy.logic,
      removeLocalCopy: removeLocalCopy.logic,
    });
    renderPostEditor(parts, input.postId, { maxFiles: input.maxFiles ?? undefined, clock, artworkId: input.artworkId });
    expect(load.calls[0]).toEqual({ postId: input.postId, copyKey: copyKeyOf(input) });
    const lastNotice = () => notices.at(-1) as Notice;
    /** The post as the server last answered it: what a refresh is compared with. */
    let shown: SocialPost | null = null;
    /** The state the last step left, as its assertion saw it: what the next step starts from. */
    let current: Snapshot | null = null;
    const tracked = Object.fromEntries(
      Object.entries(states).map(([key, check]) => [
        key,
        (s: Snapshot) => {
          current = s;
          return check(s);
        },
      ]),
    );
    /** A failure shows once: in the alert above the form, never as a toast as well. */
    const failedWith = (title: string) => {
      expect(notices.filter((n) => n.title === title)).toEqual([]);
      expect(screen.getAllByRole('alert').filter((a) => a.textContent === title)).toHaveLength(1);
    };
    /** The body of the last save: the form and the files of the state it led to. */
    // A new post names the artwork it is shared from (unless that artwork could not be read); an update leaves it out.
    // The link card goes with every save: here none is shown (see expectLinkCard) and none was removed.
    const expectSaved = (s: Snapshot, postId: string | null) =>
      expect(savePost.calls.at(-1)).toEqual({
        ...(postId
          ? toSavePost(s.context.form.values, postId, savedFilesOf(s.context.files))
          : toSavePost(s.context.form.values, null, { mediaIds: [], altTexts: {} }, s.context.artworkId)),
        linkCard: null,
        linkCardRemoved: null,
      });

    const drivers: Record<string, (step: Step) => unknown> = {
      'xstate.done.actor.load': async (step) => {
        await act(() => load.resolve(outputOf<PostEditorData>(step)));
        shown = outputOf<PostEditorData>(step).post;
      },
      'xstate.error.actor.load': (step) => act(() => load.reject(errorOf(step))),
      'post.reload': () => user.click(screen.getByRole('button', { name: 'Try again' })),
      'xstate.done.actor.loadArtworkToShare': async (step) => {
        expect(loadArtworkToShare.calls.at(-1)).toEqual({ artworkId: SHARED_ARTWORK_ID });
        const share = outputOf<ArtworkToShare>(step);
        await act(() => loadArtworkToShare.resolve(share));
        if (share.hasImage) return;
        // No image to wait for: the form shows the title and the link (the long title cut to fit 280), every account ticked.
        expect(share).toBe(SHARED_LONG);
        const text = (screen.getByLabelText('Content') as HTMLTextAreaElement).value;
        const link = `https://studio.test/p/abcdefghij/artworks/${SHARED_ARTWORK_ID}`;
        expect(text).toHaveLength(280);
        expect(text.endsWith(`…\n\n${link}`)).toBe(true);
        expect(SHARED_LONG.title.startsWith(text.slice(0, text.indexOf('…')))).toBe(true);
        expect(screen.getByTestId('share-hint')).toHaveTextContent('the link works once you publish your portfolio again');
      },
      'xstate.error.actor.loadArtworkToShare': async (step) => {
        await act(() => loadArtworkToShare.reject(errorOf(step)));
        // The post starts empty, with the reason; it no longer claims the artwork.
        expect(screen.getByRole('alert')).toHaveTextContent(`Could not prefill the post from the artwork: ${errorOf(step).message}`);
        expect(screen.getByLabelText('Content')).toHaveValue('');
      },
      'xstate.done.actor.loadSharedImage': async (step) => {
        const share = current!.context.shared!;
        expect(loadSharedImage.calls.at(-1)).toEqual({ artworkId: SHARED_ARTWORK_ID, title: 'Blue Harbour' });
        await act(() => loadSharedImage.resolve(outputOf<File>(step)));
        // The image as a picked file, its alt text the title; the text the title and the artwork's public page.
        expect(screen.getByLabelText('Alt text for blue-harbour.webp')).toHaveValue('Blue Harbour');
        const link = share.publication ? `\n\nhttps://studio.test/p/abcdefghij/artworks/${SHARED_ARTWORK_ID}` : '';
        expect(screen.getByLabelText('Content')).toHaveValue(`Blue Harbour${link}`);
        if (share === SHARED) expect(screen.queryByTestId('share-hint')).toBeNull();
        else expect(screen.getByTestId('share-hint')).toHaveTextContent('Your portfolio is not published yet');
        expect(outputOf<File>(step)).toBe(SHARED_IMAGE);
      },
      'xstate.error.actor.loadSharedImage': async (step) => {
        await act(() => loadSharedImage.reject(errorOf(step)));
        // The text and the accounts stay; only the image is missing, and the artist is told.
        expect(screen.getByRole('alert')).toHaveTextContent(`Could not add the artwork's image; add it yourself: ${errorOf(step).message}`);
        expect((screen.getByLabelText('Content') as HTMLTextAreaElement).value.startsWith('Blue Harbour')).toBe(true);
        expect(screen.queryByRole('list', { name: 'Post files' })).toBeNull();
      },
      'form.change': async (step) => {
        const change = eventOf<Extract<Event, { type: 'form.change' }>>(step);
        if (change.field === 'content') {
          await user.clear(screen.getByLabelText('Content'));
          // A thread's long text is pasted: typed, it would take a key event per character.
          if (change.value.length > 280) {
            await user.click(screen.getByLabelText('Content'));
            await user.paste(change.value);
          } else if (change.value) await user.type(screen.getByLabelText('Content'), change.value);
        } else if (change.field === 'accounts') {
          for (const box of within(screen.getByRole('group', { name: /^Accounts/ })).getAllByRole('checkbox')) {
            const handle = box.closest('label')!.textContent!.replace(/^Bluesky @/, '');
            const wanted = change.value.some((a) => a.handle === handle);
            if ((box as HTMLInputElement).checked !== wanted) await user.click(box);
          }
        } else throw new Error(`no driver for ${change.field}`);
      },
      'thread.start': () => user.click(screen.getByRole('button', { name: /^(Write as a thread|Split into a thread)$/ })),
      'thread.stop': () => user.click(screen.getByRole('button', { name: 'Write as one post' })),
      'thread.move': async (step) => {
        const { index, direction } = eventOf<{ index: number; direction: 'earlier' | 'later' }>(step);
        const move = screen.getByRole('button', { name: `Move split ${index + 1} one word ${direction}` });
        // A keyboard press, as the buttons are meant to be used without a pointer too.
        move.focus();
        await user.keyboard('{Enter}');
        // Said where a screen reader hears it: the two parts' new lengths.
        expect(screen.getByTestId('thread-note')).toHaveTextContent(
          new RegExp(`^Split ${index + 1} moved: part ${index + 1} has \\d+ characters, part ${index + 2} has \\d+\\.$`),
        );
      },
      'files.add': (step) => user.upload(screen.getByTestId('post-file-input'), eventOf<{ files: File[] }>(step).files),
      'files.remove': (step) => user.click(screen.getByRole('button', { name: `Remove ${FILE_NAMES[eventOf<{ id: string }>(step).id]}` })),
      'files.altText': async (step) => {
        const { id, altText } = eventOf<{ id: string; altText: string }>(step);
        await user.clear(screen.getByLabelText(`Alt text for ${FILE_NAMES[id]}`));
        await user.type(screen.getByLabelText(`Alt text for ${FILE_NAMES[id]}`), altText);
      },
      'files.progress': (step) => act(() => uploadFile.calls.at(-1)!.onProgress(eventOf<{ fraction: number }>(step).fraction)),
      'leave.request': async () => {
        const notes = notices.length;
        const writes = writeLocalCopy.calls.length;
        const waiting = current!.context.localCopy?.getSnapshot().matches('waiting');
        await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
        // Nothing to lose (nothing unsaved, or its copy kept in this browser): the link simply goes, nothing held,
        // nothing asked; a copy waiting to be written is written at once. Either way nothing is saved or told.
        if (!(current!.context.copyError && hasUnsavedChanges(current!.context))) {
          expect(screen.queryByRole('alertdialog')).toBeNull();
          expect(writeLocalCopy.calls.length).toBe(writes + (waiting ? 1 : 0));
        }
        expect(leaves).toEqual([]);
        expect(notices.length).toBe(notes);
      },
      // The copy's chart writes once the post has rested; the browser refuses it (full), or keeps it.
      'localCopy.failed': async () => {
        act(() => clock.increment(LOCAL_COPY_DELAY_MS));
        expect(writeLocalCopy.calls.at(-1)?.values.content).toBe(current!.context.form.values.content);
        await act(() => writeLocalCopy.reject(BROWSER_FULL));
      },
      'localCopy.kept': async () => {
        act(() => clock.increment(LOCAL_COPY_DELAY_MS));
        expect(writeLocalCopy.calls.at(-1)?.values.accounts).toEqual(current!.context.form.values.accounts);
        await act(() => writeLocalCopy.resolve());
      },
      'localCopy.discard': async () => {
        const removals = removeLocalCopy.calls.length;
        await user.click(screen.getByRole('button', { name: current!.context.postId ? 'Discard changes' : 'Discard it' }));
        expect(removeLocalCopy.calls.slice(removals)).toEqual([{ key: current!.context.copyKey }]);
      },
      'leave.stay': () => user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: LEAVE_DIALOG.stay })),
      'leave.confirm': async () => {
        const saves = savePost.calls.length;
        await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: LEAVE_DIALOG.leave }));
        // Left as asked, the changes dropped: nothing saved on the way out.
        expect(leaves).toEqual(['/journal']);
        expect(savePost.calls.length).toBe(saves);
      },
      'post.save': () => user.click(screen.getByRole('button', { name: actionLabels(current!).save })),
      'post.publish': () => user.click(screen.getByRole('button', { name: actionLabels(current!).publish })),
      'post.retryFailed': () => user.click(screen.getByRole('button', { name: 'Retry failed' })),
      'xstate.done.actor.createPost': async (step) => {
        expectSaved(afterOf(step), null);
        await act(() => savePost.resolve(outputOf<SocialPost>(step)));
        // The new post's address replaces /social-media/post/new.
        expect(navigations).toEqual([`/social-media/post/${POST_ID}`]);
      },
      'xstate.error.actor.createPost': async (step) => {
        await act(() => savePost.reject(errorOf(step)));
        failedWith(`Failed to save post: ${errorOf(step).message}`);
      },
      'xstate.done.actor.uploadFile': async (step) => {
        const file = uploadFile.calls.at(-1)!.file;
        expect(uploadFile.calls.at(-1)).toMatchObject({ postId: POST_ID });
        await act(() => uploadFile.resolve(outputOf<PostMedia>(step)));
        expect(outputOf<PostMedia>(step).fileName).toBe(file.name);
      },
      'xstate.error.actor.uploadFile': async (step) => {
        const file = uploadFile.calls.at(-1)!.file;
        const notes = notices.length;
        await act(() => uploadFile.reject(errorOf(step)));
        // Refused as published: no failure yet, the post is read again.
        if (refusedAsPublished(step)) expect(notices.length).toBe(notes);
        else failedWith(`Failed to upload file ${file.name}: ${errorOf(step).message}`);
      },
      'xstate.done.actor.savePost': async (step) => {
        expectSaved(afterOf(step), POST_ID);
        const notes = notices.length;
        await act(() => savePost.resolve(outputOf<SocialPost>(step)));
        const s = afterOf(step);
        if (s.matches({ draft: 'editing' }) && !s.context.batchFailed)
          expect(notices.slice(notes)).toEqual([{ title: 'Draft saved successfully', toastType: 'success' }]);
        else expect(notices.slice(notes)).toEqual([]);
      },
      'xstate.error.actor.savePost': async (step) => {
        const notes = notices.length;
        await act(() => savePost.reject(errorOf(step)));
        if (refusedAsPublished(step)) expect(notices.length).toBe(notes);
        else failedWith(`Failed to save post: ${errorOf(step).message}`);
      },
      'xstate.done.actor.publishPost': async (step) => {
        expect(publishPost.calls.at(-1)).toEqual({ postId: POST_ID });
        await act(() => publishPost.resolve(outputOf<SocialPost>(step)));
        shown = outputOf<SocialPost>(step);
        expectOutcomeNotice(lastNotice(), outputOf<SocialPost>(step));
      },
      'xstate.error.actor.publishPost': async (step) => {
        await act(() => publishPost.reject(errorOf(step)));
        failedWith(`Failed to publish post: ${errorOf(step).message}`);
      },
      'xstate.after.untilDue.postEditor.draft.editing.waiting': () =>
        act(() => {
          // When the saved schedule comes, or in an hour if it is further off; not a moment before.
          const wait = Math.min(current!.context.post!.dateScheduled! - clock.now(), HOUR);
          const reads = refreshPost.calls.length;
          clock.increment(wait - 1);
          expect(refreshPost.calls.length).toBe(reads);
          clock.increment(1);
          expect(refreshPost.calls.length).toBe(reads + 1);
        }),
      'xstate.after.pollInterval.postEditor.draft.editing.watching': () =>
        act(() => {
          const reads = refreshPost.calls.length;
          clock.increment(POST_POLL_MS - 1);
          expect(refreshPost.calls.length).toBe(reads);
          clock.increment(1);
          expect(refreshPost.calls.length).toBe(reads + 1);
        }),
      'xstate.done.actor.checkPost': async (step) => {
        expect(refreshPost.calls.at(-1)).toEqual({ postId: POST_ID });
        const typed = screen.getByLabelText('Content');
        const before = { content: (typed as HTMLTextAreaElement).value, files: fileNames() };
        const notes = notices.length;
        const now = outputOf<SocialPost>(step);
        await act(() => refreshPost.resolve(now));
        if (now.isDraft) {
          // Still a draft: nothing the artist typed or chose is replaced by the post as read.
          expect(screen.getByLabelText('Content')).toHaveValue(before.content);
          expect(fileNames()).toEqual(before.files);
          expect(notices.length).toBe(notes);
        } else expectPublishedMeanwhile(notices.slice(notes), current!);
        shown = now;
      },
      'xstate.error.actor.checkPost': async (step) => {
        const notes = notices.length;
        await act(() => refreshPost.reject(errorOf(step)));
        // Beside the schedule only, no toast: the next check comes all the same.
        expect(notices.length).toBe(notes);
        expect(screen.getByText(`Could not check the post's status: ${errorOf(step).message}`)).toHaveAttribute('role', 'alert');
      },
      'xstate.done.actor.rereadPost': async (step) => {
        expect(refreshPost.calls.at(-1)).toEqual({ postId: POST_ID });
        const notes = notices.length;
        const now = outputOf<SocialPost>(step);
        await act(() => refreshPost.resolve(now));
        if (now.isDraft) {
          expect(notices.slice(notes)).toEqual([]);
          failedWith(REFUSED);
        } else expectPublishedMeanwhile(notices.slice(notes), current!);
        shown = now;
      },
      'xstate.error.actor.rereadPost': async (step) => {
        const notes = notices.length;
        await act(() => refreshPost.reject(errorOf(step)));
        expect(notices.slice(notes)).toEqual([]);
        failedWith(REFUSED);
      },
      'xstate.after.pollInterval.postEditor.published.waiting': () =>
        act(() => {
          // Not a moment before the interval.
          clock.increment(POST_POLL_MS - 1);
          expect(refreshPost.pending).toBe(false);
          clock.increment(1);
        }),
      'xstate.done.actor.refreshPost': async (step) => {
        expect(refreshPost.calls.at(-1)).toEqual({ postId: POST_ID });
        const notes = notices.length;
        const before = shown!.responses.filter((r) => r.postStatus === 'error').map((r) => r.handle);
        const now = outputOf<SocialPost>(step);
        await act(() => refreshPost.resolve(now));
        shown = now;
        // A delivery that failed since the last reading is told (once); otherwise the list alone shows the news.
        const newlyFailed = now.responses.some((r) => r.postStatus === 'error' && !before.includes(r.handle));
        if (newlyFailed) expectOutcomeNotice(notices[notes], now);
        expect(notices.length - notes).toBe(newlyFailed ? 1 : 0);
      },
      'xstate.error.actor.refreshPost': async (step) => {
        const notes = notices.length;
        await act(() => refreshPost.reject(errorOf(step)));
        expect(notices.length).toBe(notes);
      },
      'xstate.done.actor.retryPublish': async (step) => {
        await act(() => publishPost.resolve(outputOf<SocialPost>(step)));
        shown = outputOf<SocialPost>(step);
        expectOutcomeNotice(lastNotice(), outputOf<SocialPost>(step));
      },
      'xstate.error.actor.retryPublish': async (step) => {
        await act(() => publishPost.reject(errorOf(step)));
        failedWith(`Failed to publish post: ${errorOf(step).message}`);
      },
    };
    // The delayed event is not in the machine's event union, hence the cast.
    await path.test({ events: drivers as never, states: tracked });
  });
});

const REFUSED = 'Failed to save post: The server refused it as already published. Reload the page to see the post.';
const refusedAsPublished = (step: unknown) => (errorOf(step) as Error & { status?: number }).status === 409;
const fileNames = () => screen.queryAllByRole('listitem').map((li) => li.getAttribute('aria-label'));

/**
 * The draft open here was found published: one notice, which says whether changes the artist had not saved (typed,
 * or files added, removed or described since the last save) were left out.
 */
function expectPublishedMeanwhile(notes: Notice[], before: Snapshot) {
  const saved = before.context.post!;
  const values = before.context.form.values;
  const savedFiles = (saved.media ?? []).map((m) => [m.fileName, m.altText]);
  const files = before.context.files.map((f) => [f.kind === 'local' ? `local:${fileNameOf(f)}` : fileNameOf(f), f.altText]);
  const unsaved = JSON.stringify(values) !== JSON.stringify(postValuesOf(saved)) || JSON.stringify(files) !== JSON.stringify(savedFiles);
  const title = `This post was published at its scheduled time.${unsaved ? ' Your unsaved changes were not included.' : ''}`;
  expect(notes).toEqual([{ title, toastType: unsaved ? 'error' : 'success' }]);
}

/** After publishing: a success, or which accounts failed and why. */
function expectOutcomeNotice(notice: Notice, post: SocialPost) {
  const failed = post.responses.filter((r) => r.postStatus === 'error');
  if (!failed.length) return expect(notice).toEqual({ title: 'Post published successfully', toastType: 'success' });
  expect(notice.toastType).toBe('error');
  for (const r of failed) expect(notice.title).toContain(`@${r.handle}: ${r.postError}`);
}

describe('post editor model coverage', () => {
  it('the scenarios together cover every state and transition, and every resting state has an assertion', () => {
    const result = assertFullCoverage(
      postEditorMachine,
      scenarios.flatMap((s) => s.paths),
      { inputs: scenarios.map((s) => s.input), stateTests: states, record: true },
    );
    expect(result.states.covered).toBe(result.states.total);
    expect(result.transitions.covered).toBe(result.transitions.total);
  });
});
