import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { LoadInput, PostEditorData } from '../../src/machines/post-editor/post-editor.types';
import type { SavePost, SocialPost } from '../../src/schemas/social.schema';
import PostEditorRoute from '../../src/views/post-editor/post-editor-route';
import { ServiceError } from '../../src/services/api-error';
import { controlledPromise } from '../model/harness';
import { renderWithFakeApi } from '../support/fake-api';
import { ALICE, POST_ID, postEditorParts, postFixture, ref, renderPostEditor, responseFixture } from '../support/post-editor';

const NOW = Date.UTC(2026, 10, 21, 9, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ON_TIME = 'This post was published at its scheduled time.';
const EDITS_LOST = `${ON_TIME} Your unsaved changes were not included.`;
const STATUS_DUE = 'Its scheduled time has come: checking every few seconds for it to be published.';

const draftFor = (dateScheduled: number | null) => postFixture({ accounts: [ref(ALICE)], dateScheduled });
const publishedFrom = (draft: SocialPost, postStatus: 'posted' | 'pending' = 'posted'): SocialPost => ({
  ...draft,
  isDraft: false,
  datePublished: (draft.dateScheduled ?? NOW) + 2000,
  responses: [responseFixture(ALICE, postStatus)],
});
const content = () => screen.getByLabelText('Content');
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('Save or Post refused because the server published the post meanwhile (409)', () => {
  it('through the real services: reads the post again and shows it published, saying the unsaved change missed it', async () => {
    const user = userEvent.setup();
    const draft = draftFor(Date.UTC(2031, 2, 14, 13, 30));
    let reads = 0;
    const { requests, toasts } = renderWithFakeApi(<Route path="/social-media/post/:postId" component={PostEditorRoute} />, {
      path: `/social-media/post/${POST_ID}`,
      handler: ({ method, url }) => {
        if (method === 'GET' && url === '/social-media/accounts') return { status: 200, body: [ALICE] };
        // Read on opening (a draft), then after the refusal (published by the worker at its time).
        if (method === 'GET' && url === `/social-media/post/${POST_ID}`)
          return { status: 200, body: ++reads === 1 ? draft : publishedFrom(draft) };
        if (method === 'POST' && url === '/social-media/post')
          return { status: 409, body: { message: 'A published post cannot be edited.', code: 'POST_PUBLISHED' } };
        return { status: 500, body: { message: `unexpected ${method} ${url}` } };
      },
    });
    expect(await screen.findByRole('heading', { name: 'Edit Post' })).toBeInTheDocument();
    await user.type(content(), ', varnished');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));

    expect(await screen.findByRole('heading', { name: 'Published Post' })).toBeInTheDocument();
    expect(screen.getByTestId('post-label')).toHaveTextContent('Published');
    expect(within(screen.getByRole('list', { name: 'Deliveries' })).getByRole('link', { name: 'View on Bluesky' })).toBeInTheDocument();
    expect(screen.getByTestId('published-text')).toHaveTextContent('Fresh paint');
    expect(toasts).toEqual([{ title: EDITS_LOST, toastType: 'error' }]);
    // No bare failure: neither the 409's message nor 'Failed to save'.
    expect(alerts()).toEqual([]);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /social-media/accounts',
      `GET /social-media/post/${POST_ID}`,
      'POST /social-media/post',
      `GET /social-media/post/${POST_ID}`,
    ]);
  });

  it('Post on an unscheduled draft published elsewhere: shown published, nothing lost, nothing published again', async () => {
    const user = userEvent.setup();
    const draft = draftFor(null);
    const savePost = controlledPromise<SocialPost, SavePost>('savePost');
    const refreshPost = controlledPromise<SocialPost, { postId: string }>('refreshPost');
    const publishPost = controlledPromise<SocialPost, { postId: string }>('publishPost');
    const { parts, notices } = postEditorParts({
      load: fromPromise<PostEditorData, LoadInput>(async () => ({ accounts: [ALICE], post: draft })),
      savePost: savePost.logic,
      refreshPost: refreshPost.logic,
      publishPost: publishPost.logic,
    });
    renderPostEditor(parts, POST_ID);
    await user.click(await screen.findByRole('button', { name: 'Post' }));
    expect(savePost.calls).toHaveLength(1);
    await act(() => savePost.reject(new ServiceError('A published post cannot be edited.', 409, 'POST_PUBLISHED')));

    // Reading it again: the form stays on screen, Post still working.
    expect(refreshPost.calls).toEqual([{ postId: POST_ID }]);
    expect(screen.getByRole('button', { name: 'Posting...' })).toBeDisabled();
    expect(alerts()).toEqual([]);
    await act(() => refreshPost.resolve(publishedFrom(draft)));

    expect(screen.getByRole('heading', { name: 'Published Post' })).toBeInTheDocument();
    expect(notices).toEqual([{ title: 'This post was published meanwhile.', toastType: 'success' }]);
    expect(publishPost.calls).toEqual([]);
  });

  it('if the post cannot be read again, the refusal shows as a failed save and nothing typed is lost', async () => {
    const user = userEvent.setup();
    const savePost = controlledPromise<SocialPost, SavePost>('savePost');
    const refreshPost = controlledPromise<SocialPost, { postId: string }>('refreshPost');
    const { parts, notices } = postEditorParts({
      load: fromPromise<PostEditorData, LoadInput>(async () => ({ accounts: [ALICE], post: draftFor(null) })),
      savePost: savePost.logic,
      refreshPost: refreshPost.logic,
    });
    renderPostEditor(parts, POST_ID);
    await user.type(await screen.findByLabelText('Content'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await act(() => savePost.reject(new ServiceError('A published post cannot be edited.', 409, 'POST_PUBLISHED')));
    await act(() => refreshPost.reject(new Error('The server cannot be reached.')));

    const refused = 'Failed to save post: The server refused it as already published. Reload the page to see the post.';
    expect(screen.getByRole('heading', { name: 'Edit Post' })).toBeInTheDocument();
    // Shown once, above the form; not as a toast too.
    expect(alerts()).toEqual([refused]);
    expect(notices).toEqual([]);
    expect(content()).toHaveValue('Fresh paint!');
  });
});

describe('a scheduled draft left open', () => {
  /** The editor on a simulated clock at NOW, opened on `draft`; every read of the post waits for the test. */
  async function open(draft: SocialPost) {
    const clock = new SimulatedClock();
    clock.set(NOW);
    const savePost = controlledPromise<SocialPost, SavePost>('savePost');
    const refreshPost = controlledPromise<SocialPost, { postId: string }>('refreshPost');
    const { parts, notices } = postEditorParts({
      load: fromPromise<PostEditorData, LoadInput>(async () => ({ accounts: [ALICE], post: draft })),
      savePost: savePost.logic,
      refreshPost: refreshPost.logic,
    });
    renderPostEditor(parts, POST_ID, { clock });
    await screen.findByRole('heading', { name: 'Edit Post' });
    const advance = (ms: number) => act(() => clock.increment(ms));
    return { clock, savePost, refreshPost, notices, advance };
  }

  it('is read again when it comes due, then every few seconds until the server has published it', async () => {
    const user = userEvent.setup();
    const draft = draftFor(NOW + 10 * MINUTE);
    const { refreshPost, notices, advance } = await open(draft);
    await user.type(content(), ', varnished');
    expect(screen.getByTestId('schedule-check')).toHaveAttribute('data-state', 'waiting');

    advance(10 * MINUTE - 1);
    expect(refreshPost.calls).toEqual([]);
    advance(1);
    expect(refreshPost.calls).toEqual([{ postId: POST_ID }]);
    expect(screen.getByTestId('schedule-check')).toHaveTextContent('Checking whether it has been published...');

    // The worker has not taken it yet: still a draft, and what the artist typed stays.
    await act(() => refreshPost.resolve(draft));
    expect(screen.getByTestId('post-label')).toHaveTextContent('Scheduled Draft');
    expect(content()).toHaveValue('Fresh paint, varnished');
    expect(screen.getByTestId('schedule-check')).toHaveTextContent(STATUS_DUE);

    // A failed check is shown beside the schedule, not as a toast, and the checks go on.
    advance(2999);
    expect(refreshPost.calls).toHaveLength(1);
    advance(1);
    await act(() => refreshPost.reject(new Error('The server cannot be reached.')));
    expect(alerts()).toEqual(["Could not check the post's status: The server cannot be reached."]);
    expect(notices).toEqual([]);
    expect(screen.getByTestId('schedule-check')).toHaveTextContent(STATUS_DUE);

    advance(3000);
    expect(refreshPost.calls).toHaveLength(3);
    await act(() => refreshPost.resolve(publishedFrom(draft, 'pending')));
    expect(screen.getByRole('heading', { name: 'Published Post' })).toBeInTheDocument();
    expect(screen.getByTestId('published-text')).toHaveTextContent('Fresh paint');
    expect(notices).toEqual([{ title: EDITS_LOST, toastType: 'error' }]);
    expect(alerts()).toEqual([]);

    // Published with a delivery pending: read again every few seconds, as any published post is.
    expect(screen.getByRole('status')).toHaveTextContent('Some accounts are still pending: checking again every few seconds.');
    advance(3000);
    expect(refreshPost.calls).toHaveLength(4);
    await act(() => refreshPost.resolve(publishedFrom(draft)));
    expect(within(screen.getByRole('list', { name: 'Deliveries' })).getByRole('link', { name: 'View on Bluesky' })).toBeInTheDocument();
    expect(notices).toHaveLength(1);
  });

  it('left untouched, is said to be published with nothing lost', async () => {
    const draft = draftFor(NOW + 5 * MINUTE);
    const { refreshPost, notices, advance } = await open(draft);
    advance(5 * MINUTE);
    await act(() => refreshPost.resolve(publishedFrom(draft)));
    expect(screen.getByRole('heading', { name: 'Published Post' })).toBeInTheDocument();
    expect(notices).toEqual([{ title: ON_TIME, toastType: 'success' }]);
  });

  it('far off, is looked at again every hour', async () => {
    const draft = draftFor(NOW + 3 * 24 * HOUR);
    const { refreshPost, advance } = await open(draft);
    advance(HOUR - 1);
    expect(refreshPost.calls).toEqual([]);
    advance(1);
    expect(refreshPost.calls).toHaveLength(1);
    await act(() => refreshPost.resolve(draft));
    expect(screen.getByTestId('schedule-check')).toHaveAttribute('data-state', 'waiting');
    advance(HOUR);
    expect(refreshPost.calls).toHaveLength(2);
  });

  it('only the saved schedule counts, and a save in flight is never interrupted by a check', async () => {
    const user = userEvent.setup();
    const { savePost, refreshPost, notices, advance } = await open(draftFor(null));
    // A schedule typed but not saved: nothing is watched.
    await user.type(screen.getByLabelText('Schedule'), '2026-11-21T12:00');
    advance(2 * HOUR);
    expect(refreshPost.calls).toEqual([]);

    // Saved (the server keeps it due a minute ago, as a slow save might): watched every few seconds.
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await act(() => savePost.resolve(draftFor(NOW + 2 * HOUR - MINUTE)));
    expect(notices).toEqual([{ title: 'Draft saved successfully', toastType: 'success' }]);
    expect(screen.getByTestId('schedule-check')).toHaveTextContent(STATUS_DUE);

    // Saving again: however long it takes, no check starts meanwhile.
    await user.type(content(), '!');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(screen.getByRole('button', { name: 'Scheduling...' })).toBeDisabled();
    advance(30_000);
    expect(refreshPost.calls).toEqual([]);
    expect(screen.getByTestId('schedule-check')).toHaveAttribute('data-state', 'none');
    await act(() => savePost.resolve(draftFor(NOW + 2 * HOUR - MINUTE)));
    advance(3000);
    await waitFor(() => expect(refreshPost.calls).toEqual([{ postId: POST_ID }]));
  });
});
