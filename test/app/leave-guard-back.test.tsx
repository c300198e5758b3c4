import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ArtworkEditor } from '../../src/views/artwork-editor/ArtworkEditor';
import { LEAVE_DIALOG } from '../../src/views/shell/LeaveDialog';
import { provideArtworkEditor } from '../../src/machines/artwork-editor/artwork-editor.provide';
import { LeaveGuardRouter, useLeaveGuard } from '../../src/views/shell/leave-guard';
import { editorParts } from '../support/artwork-editor';
import { PostEditor } from '../../src/views/post-editor/PostEditor';
import { providePostEditor } from '../../src/machines/post-editor/post-editor.provide';
import type { PostEditorData } from '../../src/machines/post-editor/post-editor.types';
import type { LocalPostDraft } from '../../src/schemas/local-post-draft.schema';
import { ALICE, postEditorParts } from '../support/post-editor';

const FORM = '/portfolio/artwork/new/physical_2d';
const LIST = '/portfolio/artwork';
const JOURNAL = '/journal';
const NEW_POST = '/social-media/post/new';

/** The editor wired as its route wires it: a confirmed leave goes past the guard. */
function Editor() {
  const { pass } = useLeaveGuard();
  const { parts } = editorParts({ leave: (to) => pass(to) });
  return <ArtworkEditor logic={provideArtworkEditor(parts)} input={{ artworkId: null, mediaType: 'PHYSICAL_2D' }} />;
}

/** The post editor wired as its route wires it, on a new post, in a browser whose storage is full. */
function NewPost() {
  const { pass } = useLeaveGuard();
  const { parts } = postEditorParts({
    load: fromPromise(async (): Promise<PostEditorData> => ({ accounts: [ALICE], post: null })),
    writeLocalCopy: fromPromise<void, LocalPostDraft>(async () => {
      throw new Error('This browser has no room left to keep it.');
    }),
    navigate: (to) => pass(to, { replace: true }),
    leave: (to) => pass(to),
  });
  return <PostEditor logic={providePostEditor(parts)} input={{ postId: null }} />;
}

/** The guard on the browser's own address (no memory location): jsdom's history, where Back fires `popstate` later. */
function renderApp() {
  render(
    <LeaveGuardRouter>
      <Switch>
        <Route path={LIST}>
          <h1>My Artworks</h1>
        </Route>
        <Route path={JOURNAL}>
          <h1>Activity Journal</h1>
        </Route>
        <Route path="/portfolio/artwork/new/:mediaType">
          <Editor />
        </Route>
        <Route path={NEW_POST}>
          <NewPost />
        </Route>
      </Switch>
    </LeaveGuardRouter>,
  );
  return userEvent.setup();
}

// Counts the popstates the browser fires (added before the app's listeners: each is counted before the app acts).
let pops = 0;
addEventListener('popstate', () => (pops += 1), { capture: true });

/** Back (-1) or Forward (1), as the browser's buttons go: the popstate comes after a task, in jsdom as in browsers. */
async function travel(delta: number) {
  const seen = pops;
  history.go(delta);
  await waitFor(() => expect(pops).toBe(seen + 1));
}
const back = () => travel(-1);

/** Opens the form from the list, as a link would: the list lies one entry back. */
function openFormFromList() {
  history.replaceState(null, '', LIST);
  history.pushState(null, '', FORM);
}

describe('the browser’s Back on the artwork form', () => {
  it('leaves at once while nothing changed', async () => {
    openFormFromList();
    renderApp();
    await screen.findByLabelText('Title');
    await back();
    expect(await screen.findByRole('heading', { name: 'My Artworks' })).toBeInTheDocument();
    expect(location.pathname).toBe(LIST);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('with unsaved changes asks first: Stay keeps the form, its text and its address; Leave goes back', async () => {
    openFormFromList();
    const user = renderApp();
    await user.type(screen.getByLabelText('Title'), 'Harbour');
    const length = history.length;

    await back();
    const dialog = await screen.findByRole('alertdialog', { name: LEAVE_DIALOG.title });
    expect(dialog).toHaveAccessibleDescription(LEAVE_DIALOG.message);
    // Focus moves into the dialog, as when a link is held (test/browser/portfolio.test.ts: on Stay, in Chromium).
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(location.pathname).toBe(FORM);
    // Back again while it asks: the same one dialog, the address still the form's.
    await back();
    expect(location.pathname).toBe(FORM);
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: LEAVE_DIALOG.stay }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByLabelText('Title')).toHaveValue('Harbour');
    expect(location.pathname).toBe(FORM);
    // The form's entry took the place of the one Back left: the history is as long as before.
    expect(history.length).toBe(length);

    await back();
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: LEAVE_DIALOG.leave }));
    expect(await screen.findByRole('heading', { name: 'My Artworks' })).toBeInTheDocument();
    expect(location.pathname).toBe(LIST);
    // Left by going back, not by pushing the list again: Forward leads to the form.
    expect(history.length).toBe(length);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before Forward too, and Leave goes where Forward was going', async () => {
    history.replaceState(null, '', LIST);
    history.pushState(null, '', FORM);
    history.pushState(null, '', JOURNAL);
    await back();
    const user = renderApp();
    await user.type(screen.getByLabelText('Title'), 'Harbour');

    await travel(1);
    const dialog = await screen.findByRole('alertdialog', { name: LEAVE_DIALOG.title });
    expect(location.pathname).toBe(FORM);
    await user.click(within(dialog).getByRole('button', { name: LEAVE_DIALOG.leave }));
    expect(await screen.findByRole('heading', { name: 'Activity Journal' })).toBeInTheDocument();
    expect(location.pathname).toBe(JOURNAL);
  });

  it('does not ask when Back only leaves a fragment of the same page (the skip link)', async () => {
    openFormFromList();
    const user = renderApp();
    await user.type(screen.getByLabelText('Title'), 'Harbour');
    history.pushState(null, '', `${FORM}#main`);
    await back();
    expect(location.hash).toBe('');
    expect(location.pathname).toBe(FORM);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByLabelText('Title')).toHaveValue('Harbour');
  });
});

describe('the browser’s Back on the post editor', () => {
  it('with unsaved text the browser could not keep asks first: Stay keeps the text, Leave goes back', async () => {
    history.replaceState(null, '', JOURNAL);
    history.pushState(null, '', NEW_POST);
    const user = renderApp();
    await user.type(await screen.findByLabelText('Content'), 'First light');
    await screen.findByText(/^This browser could not keep a copy of your unsaved post/);

    await back();
    const dialog = await screen.findByRole('alertdialog', { name: LEAVE_DIALOG.title });
    expect(location.pathname).toBe(NEW_POST);
    await user.click(within(dialog).getByRole('button', { name: LEAVE_DIALOG.stay }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByLabelText('Content')).toHaveValue('First light');
    expect(screen.getByLabelText('Content')).toBeEnabled();

    await back();
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: LEAVE_DIALOG.leave }));
    expect(await screen.findByRole('heading', { name: 'Activity Journal' })).toBeInTheDocument();
    expect(location.pathname).toBe(JOURNAL);
  });
});
