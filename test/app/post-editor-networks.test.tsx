import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { LoadInput, PostEditorData } from '../../src/machines/post-editor/post-editor.types';
import type { SavePost, SocialAccount, SocialPost } from '../../src/schemas/social.schema';
import { ALICE, POST_ID, fileOf, postEditorParts, postFixture, ref, renderPostEditor, responseFixture } from '../support/post-editor';

const STUDIO: SocialAccount = { platform: 'instagram', handle: 'studio.aurora', service: null, connectedAt: '2026-11-02T12:00:00.000Z' };
const PAGE: SocialAccount = { platform: 'facebook', handle: 'Studio Aurora', service: null, connectedAt: '2026-11-02T12:00:00.000Z' };

function open(accounts: SocialAccount[]) {
  const saved: SavePost[] = [];
  const { parts } = postEditorParts({
    load: fromPromise<PostEditorData, LoadInput>(async () => ({ accounts, post: null })),
    savePost: fromPromise<SocialPost, SavePost>(async ({ input }) => {
      saved.push(input);
      return postFixture({ content: input.content, accounts: input.accounts });
    }),
  });
  renderPostEditor(parts, null);
  return saved;
}
const problems = () => screen.queryByRole('list', { name: 'What the chosen networks need' });

describe('the editor knows each chosen network', () => {
  it('Instagram: its 2,200-character counter, no labels or threads, and no post without an image', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const saved = open([STUDIO]);
    const content = await screen.findByLabelText('Content');
    await user.type(content, 'New work');
    expect(screen.getByTestId('post-counter')).toHaveTextContent('8 / 2,200 characters');
    expect(problems()).toHaveTextContent('Instagram: a post needs at least one image or video');
    expect(screen.queryByText('Media labels')).toBeNull();
    expect(screen.queryByRole('button', { name: /thread/i })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([]);

    const preview = screen.getByRole('article', { name: 'Instagram preview' });
    expect(preview).toHaveTextContent('Add an image or a video: Instagram posts nothing without one.');
    expect(preview).toHaveTextContent('studio.aurora New work');
    expect(screen.queryByRole('article', { name: 'Bluesky preview' })).toBeNull();

    await user.upload(await screen.findByTestId('post-file-input'), [fileOf('work.jpg', 'image/jpeg'), fileOf('detail.png', 'image/png')]);
    expect(problems()).toBeNull();
    expect(preview).not.toHaveTextContent('Add an image');
    expect(preview).toHaveTextContent('1/2');
  });

  it('Instagram: over 2,200 characters the text names the network and the rule; one image is a post', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open([STUDIO]);
    const content = await screen.findByLabelText('Content');
    await user.click(content);
    await user.paste('a'.repeat(2201));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Instagram: the text is at most 2,200 characters')).toBeVisible();
    expect(screen.getByTestId('post-counter')).toHaveAttribute('data-state', 'over');
    await user.upload(await screen.findByTestId('post-file-input'), [fileOf('a.jpg', 'image/jpeg')]);
    expect(problems()).toBeNull();
  });

  it('Bluesky and Facebook together: the smaller limit, 280, and Bluesky keeps its labels', async () => {
    const user = userEvent.setup();
    open([ALICE, PAGE]);
    await user.click(await screen.findByLabelText(/Bluesky @/));
    await user.click(screen.getByLabelText('Facebook @Studio Aurora'));
    expect(screen.getByTestId('post-counter')).toHaveTextContent('0 / 280 characters');
    expect(screen.getByText('Media labels')).toBeInTheDocument();
    // One preview per network, as each will show it.
    expect(screen.getByRole('article', { name: 'Bluesky preview' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Facebook preview' })).toHaveTextContent('Studio Aurora· now');
  });

  it('Facebook alone: a text of 300 characters is fine and saved', async () => {
    const user = userEvent.setup();
    const saved = open([PAGE]);
    const content = await screen.findByLabelText('Content');
    await user.click(content);
    await user.paste('b'.repeat(300));
    expect(screen.getByTestId('post-counter')).toHaveTextContent('300 / 63,206 characters');
    expect(problems()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].accounts).toEqual([{ platform: 'facebook', handle: 'Studio Aurora' }]);
  });

  it('a published post counts its text against the limit of the networks it went to', async () => {
    const post = postFixture({
      content: 'Three studies for the Swan series',
      accounts: [ref(STUDIO), ref(PAGE)],
      isDraft: false,
      datePublished: Date.UTC(2026, 10, 21, 9, 0),
      responses: [responseFixture(STUDIO, 'posted'), responseFixture(PAGE, 'posted')],
    });
    const { parts } = postEditorParts({ load: fromPromise<PostEditorData, LoadInput>(async () => ({ accounts: [STUDIO, PAGE], post })) });
    renderPostEditor(parts, POST_ID);
    expect(await screen.findByRole('heading', { name: 'Published Post' })).toBeInTheDocument();
    expect(screen.getByText('33 / 2,200 characters')).toBeInTheDocument();
  });
});
