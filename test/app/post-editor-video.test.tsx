import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { LoadInput, PostEditorData } from '../../src/machines/post-editor/post-editor.types';
import { VIDEO_MESSAGES } from '../../src/schemas/post-video.schema';
import { ALICE, BOB, fileOf, postEditorParts, postFixture, ref, renderPostEditor, responseFixture } from '../support/post-editor';

function open(data: PostEditorData) {
  const { parts } = postEditorParts({ load: fromPromise<PostEditorData, LoadInput>(async () => data) });
  renderPostEditor(parts, data.post?.postId ?? null);
}
const refusedTexts = () =>
  within(screen.getByRole('list', { name: 'Refused files' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const fileNames = () =>
  within(screen.getByRole('list', { name: 'Post files' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('a video in the post editor', () => {
  it('takes one video with its alt text, and refuses a second video, images beside it and an AVI, saying why', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open({ accounts: [ALICE], post: null });
    const input = await screen.findByTestId('post-file-input');
    await user.upload(input, [
      fileOf('clip.mp4', 'video/mp4'),
      fileOf('other.webm', 'video/webm'),
      fileOf('still.jpg', 'image/jpeg'),
      fileOf('old.avi', 'video/x-msvideo'),
    ]);
    expect(refusedTexts()).toEqual([
      VIDEO_MESSAGES.oneVideo,
      VIDEO_MESSAGES.videoWithImages,
      'Bluesky takes MP4, WebM or MOV videos: convert old.avi to one of them.',
    ]);
    expect(fileNames()).toEqual(['clip.mp4']);
    const alt = screen.getByLabelText('Alt text for clip.mp4');
    expect(alt).toHaveAttribute('placeholder', 'Describe the video for people who cannot see it');
    expect(alt).toHaveAttribute('maxLength', '1000');
  });

  it('refuses a video beside images already chosen', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open({ accounts: [ALICE], post: null });
    const input = await screen.findByTestId('post-file-input');
    await user.upload(input, [fileOf('a.jpg', 'image/jpeg'), fileOf('b.mov', 'video/quicktime'), fileOf('c.pdf', 'application/pdf')]);
    expect(refusedTexts()).toEqual([VIDEO_MESSAGES.videoWithImages]);
    expect(fileNames()).toEqual(['a.jpg', 'c.pdf']);
  });

  it("shows each pending account's video state after Post: sending, processing with Bluesky's percent, ready", async () => {
    open({
      accounts: [ALICE, BOB],
      post: postFixture({
        isDraft: false,
        datePublished: Date.UTC(2026, 10, 21, 9, 0),
        accounts: [ref(ALICE), ref(BOB)],
        responses: [
          responseFixture(ALICE, 'pending', { video: { state: 'processing', progress: 40 } }),
          responseFixture(BOB, 'pending', { video: { state: 'uploading', progress: null } }),
        ],
      }),
    });
    const deliveries = await screen.findByRole('list', { name: 'Deliveries' });
    const [alice, bob] = within(deliveries).getAllByRole('listitem');
    expect(alice).toHaveTextContent('Bluesky is processing the video: 40%');
    expect(within(alice).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(bob).toHaveTextContent('Sending the video to Bluesky...');
    expect(within(bob).queryByRole('progressbar')).toBeNull();
  });
});
