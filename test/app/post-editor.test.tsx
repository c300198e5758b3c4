import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoadInput, PostEditorData } from '../../src/machines/post-editor/post-editor.types';
import type { SavePost, SocialPost } from '../../src/schemas/social.schema';
import { postOverLimit } from '../../src/schemas/social.schema';
import { counterOver, counterWithin } from '../../src/views/post-editor/counter-styles';
import { typeTag } from '../support/artwork-editor';
import { ALICE, BOB, fileOf, POST_ID, postEditorParts, postFixture, ref, renderPostEditor } from '../support/post-editor';

// Times are shown in the artist's zone: a zone away from UTC (and with daylight saving) shows the conversion.
const ZONE = 'America/New_York';
// vi.stubEnv, not an assignment: process.env turns undefined into the zone "undefined", which the next file in this
// worker would then be in (setup.ts puts stubbed variables back after each file).
beforeAll(() => {
  vi.stubEnv('TZ', ZONE);
});

/** An editor whose load answers `data` and whose saves are recorded and answered with a draft. */
function open(data: PostEditorData, options: { maxFiles?: number } = {}) {
  const saved: SavePost[] = [];
  const { parts, notices } = postEditorParts({
    load: fromPromise<PostEditorData, LoadInput>(async () => data),
    savePost: fromPromise<SocialPost, SavePost>(async ({ input }) => {
      saved.push(input);
      return postFixture({ content: input.content, accounts: input.accounts, dateScheduled: input.dateScheduled ?? null });
    }),
  });
  renderPostEditor(parts, data.post?.postId ?? null, options);
  return { saved, notices };
}
const NEW = { accounts: [ALICE, BOB], post: null };
const counter = () => screen.getByTestId('post-counter');
const LIMIT_MESSAGE = postOverLimit(6);

describe('the 280-character counter', () => {
  it('counts the text with its hashtags and mentions, and turns red over the limit', async () => {
    const user = userEvent.setup();
    const { saved } = open(NEW);
    const content = await screen.findByLabelText('Content');
    expect(counter()).toHaveTextContent('0 / 280 characters');
    await user.click(content);
    await user.paste('a'.repeat(275));
    expect(counter()).toHaveTextContent('275 / 280 characters');
    expect(counter()).toHaveAttribute('data-state', 'within');
    expect(counter()).toHaveClass(counterWithin);

    // Typing past the limit keeps every character: the counter says how far over it is.
    await user.type(content, 'bcdefgh');
    expect(content).toHaveValue(`${'a'.repeat(275)}bcdefgh`);
    expect(counter()).toHaveTextContent('282 / 280 characters');
    expect(counter()).toHaveAttribute('data-state', 'over');
    expect(screen.getByText(postOverLimit(2))).toBeVisible();
    await user.clear(content);
    await user.paste('a'.repeat(275));

    // A hashtag appended to the text counts too: 275 + a blank line + '#painting' = 286.
    await typeTag(user, screen.getByLabelText('Hashtags'), '#painting{Enter}');
    expect(counter()).toHaveTextContent('286 / 280 characters');
    expect(counter()).toHaveAttribute('data-state', 'over');
    expect(counter()).toHaveClass(counterOver);
    expect(content).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(LIMIT_MESSAGE)).toHaveAttribute('aria-live', 'polite');

    // Nothing is sent while it is over.
    await user.click(screen.getByRole('checkbox', { name: 'Bluesky @alice.bsky.social' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([]);

    // Removing the hashtag brings it back within the limit.
    await user.click(screen.getByRole('button', { name: /delete tag/i }));
    await waitFor(() => expect(counter()).toHaveTextContent('275 / 280 characters'));
    expect(counter()).toHaveAttribute('data-state', 'within');
    expect(screen.queryByText(LIMIT_MESSAGE)).toBeNull();
  });

  it('is red at once for a loaded draft over the limit with its mention', async () => {
    open({ accounts: [ALICE], post: postFixture({ content: 'b'.repeat(280), mentions: ['@bob.bsky.social'] }) });
    await screen.findByRole('heading', { name: 'Edit Post' });
    expect(counter()).toHaveTextContent('298 / 280 characters');
    expect(counter()).toHaveAttribute('data-state', 'over');
  });
});

describe('file rules', () => {
  it('refuses files of other kinds or over 20 MB with the required messages, and the rest continue', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open(NEW);
    const input = await screen.findByTestId('post-file-input');
    await user.upload(input, [
      fileOf('sunset.jpg', 'image/jpeg'),
      fileOf('setup.exe', 'application/x-msdownload'),
      fileOf('huge.png', 'image/png', 20 * 1024 * 1024 + 1),
      fileOf('song.mp3', 'audio/mpeg'),
      fileOf('clip.mov', 'video/quicktime'),
      fileOf('notes.pdf', 'application/pdf'),
      fileOf('limit.webp', 'image/webp', 20 * 1024 * 1024),
    ]);
    const refused = within(screen.getByRole('list', { name: 'Refused files' })).getAllByRole('listitem');
    // A video beside images is refused too (Bluesky embeds one or the other): see post-editor-video.test.tsx.
    expect(refused.map((li) => li.textContent)).toEqual([
      'File type EXE is not allowed',
      'File huge.png exceeds the maximum size of 20MB',
      'A post can have images or one video, not both.',
    ]);
    const files = within(screen.getByRole('list', { name: 'Post files' })).getAllByRole('listitem');
    expect(files.map((li) => li.getAttribute('aria-label'))).toEqual(['sunset.jpg', 'song.mp3', 'notes.pdf', 'limit.webp']);
    // Images get a local preview and an alt-text input; the others neither.
    expect(within(files[0]).getByRole('img').getAttribute('src')).toMatch(/^blob:/);
    expect(within(files[0]).getByLabelText('Alt text for sunset.jpg')).toBeInTheDocument();
    expect(within(files[1]).queryByRole('textbox')).toBeNull();
    expect(files[3]).toHaveTextContent('20.0 MB');

    // Removing one keeps the others in order.
    await user.click(screen.getByRole('button', { name: 'Remove song.mp3' }));
    expect(
      within(screen.getByRole('list', { name: 'Post files' }))
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['sunset.jpg', 'notes.pdf', 'limit.webp']);
  });

  it('at the limit refuses the files past it and disables Upload with "Maximum {n} files allowed"', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open(NEW, { maxFiles: 2 });
    const input = await screen.findByTestId('post-file-input');
    await user.upload(input, [fileOf('one.jpg', 'image/jpeg')]);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(screen.queryByTestId('file-limit')).toBeNull();
    await user.upload(input, [fileOf('two.jpg', 'image/jpeg'), fileOf('three.jpg', 'image/jpeg')]);
    expect(within(screen.getByRole('list', { name: 'Refused files' })).getByRole('listitem')).toHaveTextContent('Maximum 2 files allowed');
    expect(within(screen.getByRole('list', { name: 'Post files' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(screen.getByTestId('file-limit')).toHaveTextContent('Maximum 2 files allowed');
    // One removed, Upload works again.
    await user.click(screen.getByRole('button', { name: 'Remove two.jpg' }));
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(screen.queryByTestId('file-limit')).toBeNull();
  });

  it('without a limit takes any number of files', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open(NEW);
    const many = Array.from({ length: 20 }, (_, i) => fileOf(`picture-${i + 1}.png`, 'image/png'));
    await user.upload(await screen.findByTestId('post-file-input'), many);
    expect(within(screen.getByRole('list', { name: 'Post files' })).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.queryByRole('list', { name: 'Refused files' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });
});

describe('scheduling', () => {
  const MARCH_14_0930_NEW_YORK = Date.UTC(2031, 2, 14, 13, 30);

  it("takes a local time in the artist's zone and sends it as epoch milliseconds UTC; Clear removes it", async () => {
    const user = userEvent.setup();
    const { saved } = open(NEW);
    const schedule = await screen.findByLabelText('Schedule');
    expect(screen.getByTestId('time-zone')).toHaveTextContent(`Time zone: ${ZONE}`);
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    await user.type(schedule, '2031-03-14T09:30');
    expect(screen.getByTestId('schedule-summary')).toHaveTextContent('Publishes on 03/14/2031 09:30 AM');
    await user.type(screen.getByLabelText('Content'), 'Opening night');
    await user.click(screen.getByRole('checkbox', { name: 'Bluesky @alice.bsky.social' }));
    // With a time set, saving is scheduling; posting is now.
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Post now' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      content: 'Opening night',
      accounts: [ref(ALICE)],
      dateScheduled: MARCH_14_0930_NEW_YORK,
      isDraft: true,
    });
    expect(await screen.findByTestId('post-label')).toHaveTextContent('Scheduled Draft');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(schedule).toHaveValue('');
    expect(screen.getByTestId('schedule-summary')).toHaveTextContent('Not scheduled');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ postId: POST_ID, dateScheduled: null });
    await waitFor(() => expect(screen.getByTestId('post-label')).toHaveTextContent('Draft'));
    expect(screen.getByTestId('post-label')).not.toHaveTextContent('Scheduled');
  });

  it('shows a stored schedule in local time', async () => {
    open({ accounts: [ALICE], post: postFixture({ dateScheduled: MARCH_14_0930_NEW_YORK }) });
    expect(await screen.findByLabelText('Schedule')).toHaveValue('2031-03-14T09:30');
    expect(screen.getByTestId('post-label')).toHaveTextContent('Scheduled Draft');
    expect(screen.getByRole('button', { name: 'Clear' })).toBeEnabled();
  });
});

describe('accounts', () => {
  it('with none connected, says so up front and links to connecting a Bluesky account; Save and Post ask for one', async () => {
    const user = userEvent.setup();
    const { saved } = open({ accounts: [], post: null });
    const link = await screen.findByRole('link', { name: 'Connect a Bluesky account' });
    expect(link).toHaveAttribute('href', '/social-media/accounts/connect/bluesky');
    // Before anything is pressed: the notice, inside the Accounts group, and not yet the required message.
    const accounts = screen.getByRole('group', { name: /Accounts/ });
    expect(within(accounts).getByText('No social media account is connected yet.')).toContainElement(link);
    expect(screen.queryByText('At least one account is required')).toBeNull();
    await user.type(screen.getByLabelText('Content'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(accounts).getByText('At least one account is required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(within(accounts).getByText('At least one account is required')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('a single connected account is ticked for a new post, and no notice asks to connect one', async () => {
    open({ accounts: [ALICE], post: null });
    expect(await screen.findByRole('checkbox', { name: 'Bluesky @alice.bsky.social' })).toBeChecked();
    expect(screen.queryByText('No social media account is connected yet.')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Connect a Bluesky account' })).toBeNull();
  });
});
