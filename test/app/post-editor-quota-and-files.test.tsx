import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { LoadInput, PostEditorData } from '../../src/machines/post-editor/post-editor.types';
import type { InstagramQuota } from '../../src/schemas/meta-connect.schema';
import type { SavePost, SocialAccount, SocialPost } from '../../src/schemas/social.schema';
import { ALICE, fileOf, postEditorParts, postFixture, renderPostEditor } from '../support/post-editor';

const STUDIO: SocialAccount = { platform: 'instagram', handle: 'studio.aurora', service: null, connectedAt: '2026-11-02T12:00:00.000Z' };
const PAGE: SocialAccount = { platform: 'facebook', handle: 'Studio Aurora', service: null, connectedAt: '2026-11-02T12:00:00.000Z' };

/** A new post with these accounts connected, the app's per-network file limit, and Instagram's quota as `quota` answers. */
function open(accounts: SocialAccount[], quota: (handle: string) => Promise<InstagramQuota>) {
  const saved: SavePost[] = [];
  const asked: string[] = [];
  const { parts } = postEditorParts({
    load: fromPromise<PostEditorData, LoadInput>(async () => ({ accounts, post: null })),
    savePost: fromPromise<SocialPost, SavePost>(async ({ input }) => {
      saved.push(input);
      return postFixture({ content: input.content, accounts: input.accounts });
    }),
    readQuota: (handle) => {
      asked.push(handle);
      return quota(handle);
    },
  });
  renderPostEditor(parts, null, { maxFiles: 'perNetwork' });
  return { saved, asked };
}
const quotaOf = (handle: string): Promise<InstagramQuota> => Promise.resolve({ handle, used: 38, total: 50, left: 12, readAt: 0 });
const images = (n: number) => Array.from({ length: n }, (_, i) => fileOf(`work-${i + 1}.jpg`, 'image/jpeg'));
const fileLimit = () => screen.queryByTestId('file-limit');

describe("Instagram's quota in the editor", () => {
  it('shows the posts left today once the Instagram account is chosen, read once', async () => {
    const user = userEvent.setup();
    const { asked } = open([ALICE, STUDIO], quotaOf);
    const account = await screen.findByLabelText('Instagram @studio.aurora');
    expect(screen.queryByText(/posts left today/)).toBeNull();
    expect(asked).toEqual([]);

    await user.click(account);
    expect(await screen.findByText('Instagram @studio.aurora: 12 of 50 posts left today')).toBeVisible();

    // Unticked, the line goes; ticked again, it comes back from the first reading.
    await user.click(account);
    expect(screen.queryByText(/posts left today/)).toBeNull();
    await user.click(account);
    expect(await screen.findByText('Instagram @studio.aurora: 12 of 50 posts left today')).toBeVisible();
    expect(asked).toEqual(['studio.aurora']);

    // Bluesky has no such quota.
    await user.click(screen.getByLabelText(/Bluesky @/));
    expect(screen.getAllByText(/posts left today/)).toHaveLength(1);
  });

  it('a quota that cannot be read shows nothing and does not stop saving', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { saved, asked } = open([STUDIO], () => Promise.reject(new Error('Network Error')));
    // The only account is chosen from the start: its quota is read as the editor opens.
    expect(await screen.findByLabelText('Instagram @studio.aurora')).toBeChecked();
    await user.type(screen.getByLabelText('Content'), 'New work');
    await user.upload(await screen.findByTestId('post-file-input'), images(1));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(asked).toEqual(['studio.aurora']);
    expect(screen.queryByText(/posts left today/)).toBeNull();
  });
});

describe('the file limit follows the chosen networks', () => {
  it('ten files for Instagram and Facebook (Bluesky beside them too), four for Bluesky alone', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open([ALICE, STUDIO, PAGE], quotaOf);
    await user.click(await screen.findByLabelText('Instagram @studio.aurora'));
    await user.click(screen.getByLabelText('Facebook @Studio Aurora'));
    const input = await screen.findByTestId('post-file-input');

    await user.upload(input, images(6));
    expect(fileLimit()).toBeNull();
    await user.upload(input, images(4));
    expect(fileLimit()).toHaveTextContent('Maximum 10 files allowed');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();

    // Bluesky beside them leaves it at ten (maxPostFiles: four only while Bluesky alone is chosen).
    await user.click(screen.getByLabelText(/Bluesky @/));
    expect(fileLimit()).toHaveTextContent('Maximum 10 files allowed');
    // With Bluesky alone the limit is four: the ten files are too many.
    await user.click(screen.getByLabelText('Instagram @studio.aurora'));
    await user.click(screen.getByLabelText('Facebook @Studio Aurora'));
    expect(fileLimit()).toHaveTextContent('Maximum 4 files allowed');
  });

  it('with Bluesky alone the limit is four', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open([ALICE, STUDIO], quotaOf);
    await user.click(await screen.findByLabelText(/Bluesky @/));
    await user.upload(await screen.findByTestId('post-file-input'), images(6));
    expect(fileLimit()).toHaveTextContent('Maximum 4 files allowed');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });
});
