import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Link, Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AppRuntime } from '../../src/app';
import { toastsMachine } from '../../src/machines/toasts/toasts.machine';
import type { SavePost } from '../../src/schemas/social.schema';
import { createQueryCache } from '../../src/services/query-cache';
import { LEAVE_DIALOG } from '../../src/views/shell/LeaveDialog';
import { AppProvider } from '../../src/views/app-context';
import PostEditorRoute from '../../src/views/post-editor/post-editor-route';
import { LeaveGuardRouter } from '../../src/views/shell/leave-guard';
import { ALICE, POST_ID, postFixture } from '../support/post-editor';

/** The API as the route's real social service meets it: accounts, save and read of one post. */
function fakeApi() {
  const calls: string[] = [];
  const saved: SavePost[] = [];
  const answer = (config: InternalAxiosRequestConfig, status: number, data: unknown) => ({
    data,
    status,
    statusText: String(status),
    headers: {},
    config,
  });
  const adapter: AxiosAdapter = async (config) => {
    const call = `${config.method!.toUpperCase()} ${config.url}`;
    calls.push(call);
    if (call === 'GET /social-media/accounts') return answer(config, 200, [ALICE]);
    if (call === 'POST /social-media/post') {
      const body = JSON.parse(config.data as string) as SavePost;
      saved.push(body);
      const post = postFixture({ content: body.content, accounts: body.accounts });
      return answer(config, 200, { postId: post.postId, post });
    }
    throw Object.assign(new Error(`unexpected ${call}`), { config, isAxiosError: true });
  };
  const toasts = createActor(toastsMachine).start();
  const app = { http: axios.create({ adapter }), cache: createQueryCache(), toasts } as unknown as AppRuntime;
  return { app, calls, saved, toasts };
}

describe('the post editor route', () => {
  it('moves a new post to its own address once saved, keeping the same editor; New again starts afresh', async () => {
    const user = userEvent.setup();
    const { app, calls, saved, toasts } = fakeApi();
    const location = memoryLocation({ path: '/social-media/post/new', record: true });
    render(
      <AppProvider value={app}>
        <Router hook={location.hook}>
          <LeaveGuardRouter>
            <Link href="/social-media/post/new">New Social Media Post</Link>
            <Switch>
              <Route path="/social-media/post/:postId" component={PostEditorRoute} />
            </Switch>
          </LeaveGuardRouter>
        </Router>
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'New Post' })).toBeInTheDocument();
    const content = screen.getByLabelText('Content');
    await user.type(content, 'First light');
    // The only connected account is ticked already.
    expect(screen.getByRole('checkbox', { name: 'Bluesky @alice.bsky.social' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Edit Post' })).toBeInTheDocument();
    expect(saved).toEqual([
      expect.objectContaining({
        content: 'First light',
        accounts: [{ platform: 'bluesky', handle: ALICE.handle }],
        isDraft: true,
        mediaIds: [],
      }),
    ]);
    expect(saved[0]).not.toHaveProperty('postId');
    // The address was replaced, not pushed; the editor was not started again (same element, no reload of the post).
    expect(location.history).toEqual([`/social-media/post/${POST_ID}`]);
    expect(screen.getByLabelText('Content')).toBe(content);
    expect(content).toHaveValue('First light');
    expect(calls.filter((c) => c.startsWith('GET /social-media/post'))).toEqual([]);
    expect(screen.getByTestId('post-label')).toHaveTextContent('Draft');
    expect(toasts.getSnapshot().context.toasts.map((t) => t.getSnapshot().context.title)).toEqual(['Draft saved successfully']);

    // New Social Media Post again, with the saved draft changed. This browser (jsdom) has no IndexedDB, so once the
    // change has rested the editor says it could not keep a copy, and leaving asks first (the route's Leave goes past
    // the guard); then a fresh editor, though the URL key ('new') is the one it started with.
    await user.type(content, ', again');
    expect(await screen.findByText(/could not keep a copy of your unsaved post/, undefined, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'New Social Media Post' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: LEAVE_DIALOG.title })).getByRole('button', { name: LEAVE_DIALOG.leave }),
    );
    expect(location.history.at(-1)).toBe('/social-media/post/new');
    expect(await screen.findByRole('heading', { name: 'New Post' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Content')).toHaveValue(''));
    expect(screen.queryByTestId('post-label')).toBeNull();

    // New Social Media Post on a new post with text: nothing is left, so nothing is asked and the text stays.
    await user.type(screen.getByLabelText('Content'), 'Second light');
    await user.click(screen.getByRole('link', { name: 'New Social Media Post' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByLabelText('Content')).toHaveValue('Second light');
  });
});
