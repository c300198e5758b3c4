import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { postEditorActors } from '../../src/machines/post-editor/post-editor.provide';
import type { SocialPost } from '../../src/schemas/social.schema';
import { createLocalDrafts, memoryDraftStore } from '../../src/services/local-drafts';
import { fileOf, POST_ID, postEditorParts, postFixture, renderPostEditor } from '../support/post-editor';

/** The editor wired as the app wires it, over a browser store the test can look into, with no account connected. */
function editorOver(store: ReturnType<typeof memoryDraftStore>, user = 'ada', post: SocialPost | null = null) {
  const social = {
    listAccounts: async () => [],
    getPost: async () => post!,
    savePost: async () => post!,
    uploadFile: async () => {
      throw new Error('no upload');
    },
    publish: async () => post!,
    linkPreview: async () => {
      throw new Error('no preview');
    },
  };
  const actors = postEditorActors(
    social as never,
    {} as never,
    {} as never,
    createLocalDrafts(() => user, store),
  );
  return postEditorParts(actors).parts;
}

describe('a post with no connected account, left unsaved', () => {
  it('is back, text, picture and alt text, when the artist returns; and said so until it is discarded', async () => {
    const user = userEvent.setup();
    const store = memoryDraftStore();
    const first = renderPostEditor(editorOver(store), null);
    await user.type(await screen.findByLabelText('Content'), 'Harbour at dawn #oil');
    await user.upload(screen.getByTestId('post-file-input'), [fileOf('harbour.png', 'image/png', 4096)]);
    await user.type(screen.getByLabelText('Alt text for harbour.png'), 'Boats at dawn');
    // Save refuses without an account, as the specification says...
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('At least one account is required')).toBeVisible();
    // ...and leaving asks nothing: the post is kept in this browser.
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(store.entries.has('ada/new')).toBe(true));
    first.unmount();

    renderPostEditor(editorOver(store), null);
    expect(await screen.findByLabelText('Content')).toHaveValue('Harbour at dawn #oil');
    expect(screen.getByLabelText('Alt text for harbour.png')).toHaveValue('Boats at dawn');
    expect(screen.getByTestId('restored-notice')).toHaveTextContent('Restored from this browser: the post you had not saved yet');

    await user.click(screen.getByRole('button', { name: 'Discard it' }));
    expect(screen.getByLabelText('Content')).toHaveValue('');
    expect(screen.queryByTestId('restored-notice')).toBeNull();
    await waitFor(() => expect(store.entries.has('ada/new')).toBe(false));
  });

  it('is never shown to another artist signed in on the same browser', async () => {
    const user = userEvent.setup();
    const store = memoryDraftStore();
    const first = renderPostEditor(editorOver(store, 'ada'), null);
    await user.type(await screen.findByLabelText('Content'), 'Ada’s private thoughts');
    await act(() => new Promise((r) => setTimeout(r, 500)));
    await waitFor(() => expect(store.entries.has('ada/new')).toBe(true));
    first.unmount();

    renderPostEditor(editorOver(store, 'bob'), null);
    expect(await screen.findByLabelText('Content')).toHaveValue('');
    expect(screen.queryByTestId('restored-notice')).toBeNull();
  });

  it('an edited draft’s unsaved changes come back over the draft as saved', async () => {
    const user = userEvent.setup();
    const store = memoryDraftStore();
    const draft = postFixture({ content: 'Fresh paint' });
    const first = renderPostEditor(editorOver(store, 'ada', draft), POST_ID);
    const content = await screen.findByLabelText('Content');
    await user.clear(content);
    await user.type(content, 'Fresh paint, second coat');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await waitFor(() => expect(store.entries.has(`ada/${POST_ID}`)).toBe(true));
    first.unmount();

    renderPostEditor(editorOver(store, 'ada', draft), POST_ID);
    expect(await screen.findByLabelText('Content')).toHaveValue('Fresh paint, second coat');
    expect(screen.getByTestId('restored-notice')).toHaveTextContent('your changes to this draft');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByLabelText('Content')).toHaveValue('Fresh paint');
  });
});
