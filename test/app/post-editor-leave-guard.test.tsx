import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Link, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { PostEditorData } from '../../src/machines/post-editor/post-editor.types';
import type { LocalPostDraft } from '../../src/schemas/local-post-draft.schema';
import type { SavePost, SocialPost } from '../../src/schemas/social.schema';
import { PostEditor } from '../../src/views/post-editor/PostEditor';
import { providePostEditor } from '../../src/machines/post-editor/post-editor.provide';
import { LeaveGuardRouter, useLeaveGuard } from '../../src/views/shell/leave-guard';
import { LEAVE_DIALOG } from '../../src/views/shell/LeaveDialog';
import { ALICE, BOB, fileOf, POST_ID, postEditorParts, postFixture, responseFixture } from '../support/post-editor';

const HERE = (postId: string | null) => `/social-media/post/${postId ?? 'new'}`;

/** What the browser's copy of the unsaved post went through: written, or refused (its storage full). */
const copies: LocalPostDraft[] = [];
let browserFull = false;

/** The editor wired as its route wires it: its own moves and a confirmed leave go past the guard. */
function Editor({ data }: { data: PostEditorData }) {
  const { pass } = useLeaveGuard();
  const { parts } = postEditorParts({
    load: fromPromise(async () => data),
    writeLocalCopy: fromPromise<void, LocalPostDraft>(async ({ input }) => {
      if (browserFull) throw new Error('This browser has no room left to keep it.');
      copies.push(input);
    }),
    removeLocalCopy: fromPromise(async () => {}),
    // Saved as sent: the draft the server keeps.
    savePost: fromPromise<SocialPost, SavePost>(async ({ input }) => postFixture({ ...input, postId: POST_ID, media: [], mediaIds: [] })),
    navigate: (to) => pass(to, { replace: true }),
    leave: (to) => pass(to),
  });
  return <PostEditor logic={providePostEditor(parts)} input={{ postId: data.post?.postId ?? null }} />;
}

async function renderApp(data: PostEditorData, full = false) {
  copies.length = 0;
  browserFull = full;
  const location = memoryLocation({ path: HERE(data.post?.postId ?? null), record: true });
  render(
    <Router hook={location.hook}>
      <LeaveGuardRouter>
        <Link href="/journal">Activity Journal</Link>
        <Editor data={data} />
      </LeaveGuardRouter>
    </Router>,
  );
  await screen.findByRole('heading', { name: /Post$/ });
  return { location, user: userEvent.setup() };
}

const unload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

const leave = (user: UserEvent) => user.click(screen.getByRole('link', { name: 'Activity Journal' }));

/** Nothing held: the link went, no dialog, and a reload is not held either. */
async function expectLeftAtOnce(location: { history: string[] }, user: UserEvent) {
  expect(unload()).toBe(false);
  await leave(user);
  expect(location.history.at(-1)).toBe('/journal');
  expect(screen.queryByRole('alertdialog')).toBeNull();
}

/** Held and asked: the dialog's words, and the address unchanged. */
async function expectAsked(location: { history: string[] }, user: UserEvent, here: string) {
  expect(unload()).toBe(true);
  const before = location.history.length;
  await leave(user);
  const dialog = await screen.findByRole('alertdialog', { name: LEAVE_DIALOG.title });
  expect(dialog).toHaveAccessibleDescription(LEAVE_DIALOG.message);
  expect(location.history.at(-1)).toBe(here);
  expect(location.history).toHaveLength(before);
  return dialog;
}

describe('leaving the post editor', () => {
  it('a new post goes at once while empty (its one account ticked already is no change)', async () => {
    const { location, user } = await renderApp({ accounts: [ALICE], post: null });
    expect(screen.getByRole('checkbox', { name: 'Bluesky @alice.bsky.social' })).toBeChecked();
    await expectLeftAtOnce(location, user);
  });

  it('a new post with text goes at once, its copy kept in this browser; a reload is held only until the copy is written', async () => {
    const { location, user } = await renderApp({ accounts: [ALICE], post: null });
    await user.type(screen.getByLabelText('Content'), 'First light');
    expect(unload()).toBe(true);
    await leave(user);
    expect(location.history.at(-1)).toBe('/journal');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Written at once on the way out, not after the pause.
    await waitFor(() => expect(copies.at(-1)?.values.content).toBe('First light'));
    await waitFor(() => expect(unload()).toBe(false));
  });

  it('when the browser cannot keep the copy, leaving asks first: Stay keeps the text, Leave goes; a reload is held too', async () => {
    const { location, user } = await renderApp({ accounts: [ALICE], post: null }, true);
    await user.type(screen.getByLabelText('Content'), 'First light');
    await screen.findByText(/^This browser could not keep a copy of your unsaved post/);

    const dialog = await expectAsked(location, user, HERE(null));
    await user.click(within(dialog).getByRole('button', { name: LEAVE_DIALOG.stay }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByLabelText('Content')).toHaveValue('First light');
    expect(screen.getByLabelText('Content')).toBeEnabled();
    expect(location.history.at(-1)).toBe(HERE(null));

    await leave(user);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: LEAVE_DIALOG.leave }));
    expect(location.history.at(-1)).toBe('/journal');
    await act(async () => {});
    expect(unload()).toBe(false);
  });

  it('a new post keeps a file alone, or an account ticked alone, in its copy; back to empty it has none', async () => {
    const first = await renderApp({ accounts: [ALICE, BOB], post: null }, true);
    await first.user.upload(screen.getByTestId('post-file-input'), [fileOf('sunset.jpg', 'image/jpeg')]);
    await screen.findByText(/^This browser could not keep a copy/);
    await expectAsked(first.location, first.user, HERE(null));
    await first.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: LEAVE_DIALOG.stay }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await first.user.click(screen.getByRole('button', { name: 'Remove sunset.jpg' }));
    // Back to the empty post: nothing to lose any more.
    expect(unload()).toBe(false);
    browserFull = false;
    await first.user.click(screen.getByRole('checkbox', { name: 'Bluesky @bob.bsky.social' }));
    await waitFor(() => expect(copies.at(-1)?.values.accounts).toEqual([{ platform: 'bluesky', handle: BOB.handle }]));
    await waitFor(() => expect(unload()).toBe(false));
  });

  it('a draft goes at once as saved, keeps its changes in this browser, and goes at once again after Save', async () => {
    const { location, user } = await renderApp({ accounts: [ALICE], post: postFixture() });
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('Content'), ', varnished');
    await waitFor(() => expect(copies.at(-1)?.values.content).toBe('Fresh paint, varnished'));
    await waitFor(() => expect(unload()).toBe(false));
    expect(screen.getByTestId('local-copy')).toHaveTextContent('Not saved yet: a copy is kept in this browser.');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.getByTestId('local-copy')).toHaveTextContent('');
    await expectLeftAtOnce(location, user);
  });

  it('a new post saved moves to its own address without asking, and then goes at once', async () => {
    const { location, user } = await renderApp({ accounts: [ALICE], post: null });
    await user.type(screen.getByLabelText('Content'), 'First light');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'Edit Post' });
    expect(location.history.at(-1)).toBe(HERE(POST_ID));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await expectLeftAtOnce(location, user);
  });

  it('a published post, read-only, goes at once', async () => {
    const post = postFixture({
      isDraft: false,
      datePublished: Date.UTC(2026, 10, 21, 9, 30),
      responses: [responseFixture(ALICE, 'posted')],
    });
    const { location, user } = await renderApp({ accounts: [ALICE], post });
    expect(screen.getByRole('heading', { name: 'Published Post' })).toBeInTheDocument();
    await expectLeftAtOnce(location, user);
  });
});
