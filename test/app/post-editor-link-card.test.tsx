import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Link, Route } from 'wouter';
import type { LinkCard } from '../../src/schemas/link-card.schema';
import type { SavePost, SocialPost } from '../../src/schemas/social.schema';
import { LINK_CARD_TEXT as T } from '../../src/views/link-card/LinkCard';
import PostEditorRoute from '../../src/views/post-editor/post-editor-route';
import { LeaveGuardRouter } from '../../src/views/shell/leave-guard';
import { renderWithFakeApi, type FakeRequest } from '../support/fake-api';
import { ALICE, fileOf, POST_ID, postFixture } from '../support/post-editor';

const A = 'https://studio.example/harbour';
const B = 'https://gallery.example/show';
const DOWN = 'https://down.example/page';
const CARD_A: LinkCard = {
  uri: A,
  title: 'Harbour at Dawn',
  description: 'Oil on linen, 40 x 50 cm',
  thumbUrl: '/api/social/link-preview/thumb/' + 'a'.repeat(64),
};
const CARD_B: LinkCard = { uri: B, title: 'The Show', description: 'Group show, December', thumbUrl: null };
const CARDS: Record<string, LinkCard> = { [A]: CARD_A, [B]: CARD_B };

/** The editor's API: one account, link previews by address (one page unreachable), saves echoed, one saved draft. */
function editorApi(path: string, draft: Partial<SocialPost> = {}) {
  const saved: SavePost[] = [];
  const handler = ({ method, url, body }: FakeRequest) => {
    if (method === 'GET' && url === '/social-media/accounts') return { status: 200, body: [ALICE] };
    if (method === 'POST' && url === '/social/link-preview') {
      const card = CARDS[(body as { url: string }).url];
      return card ? { status: 200, body: card } : { status: 502, body: { message: 'That page cannot be reached.' } };
    }
    if (method === 'GET' && url === `/social-media/post/${POST_ID}`) return { status: 200, body: postFixture(draft) };
    if (method === 'POST' && url === '/social-media/post') {
      const input = body as SavePost;
      saved.push(input);
      const post = postFixture({ content: input.content, linkCard: input.linkCard, linkCardRemoved: input.linkCardRemoved });
      return { status: 200, body: { postId: post.postId, post } };
    }
    if (method === 'POST' && url === `/social-media/post/${POST_ID}/publish`)
      return { status: 200, body: postFixture({ isDraft: false, datePublished: Date.now() }) };
    return { status: 404, body: { message: 'Not found.' } };
  };
  const view = renderWithFakeApi(
    <LeaveGuardRouter>
      <Link href="/journal">Elsewhere</Link>
      <Route path="/social-media/post/:postId" component={PostEditorRoute} />
    </LeaveGuardRouter>,
    { path, handler },
  );
  const previews = () => view.requests.filter((r) => r.url === '/social/link-preview').map((r) => (r.body as { url: string }).url);
  return { ...view, saved, previews };
}

const region = () => screen.getByRole('region', { name: T.region });
const cardNamed = async (title: string) =>
  within(await screen.findByRole('region', { name: T.region })).findByRole('article', { name: title }, { timeout: 3000 });

describe('the link card in the post editor', () => {
  it('shows the card of the first link once typed, saves it, removes it by keyboard, and offers the next link its card', async () => {
    const user = userEvent.setup();
    const { saved, previews } = editorApi('/social-media/post/new');
    const content = await screen.findByLabelText('Content');
    await user.type(content, `New work: ${A}`);

    const card = await cardNamed(CARD_A.title);
    expect(card).toHaveTextContent(CARD_A.description);
    expect(card).toHaveTextContent('studio.example');
    expect(card.querySelector('img')).toHaveAttribute('src', CARD_A.thumbUrl);
    // Typed key by key, the address was asked for once: when the text had rested.
    expect(previews()).toEqual([A]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ content: `New work: ${A}`, linkCard: CARD_A, linkCardRemoved: null });
    expect(await screen.findByRole('heading', { name: 'Edit Post' })).toBeInTheDocument();
    // The saved draft keeps the card the editor had: nothing read again.
    expect(within(region()).getByRole('article', { name: CARD_A.title })).toBeInTheDocument();

    // Remove, from the keyboard: the card goes, its region says so (polite) and holds the focus.
    within(region()).getByRole('button', { name: T.remove }).focus();
    await user.keyboard('{Enter}');
    expect(within(region()).queryByRole('article')).toBeNull();
    expect(region()).toHaveTextContent(T.removed);
    expect(region()).toHaveAttribute('aria-live', 'polite');
    expect(region()).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ linkCard: null, linkCardRemoved: A });

    // Another link: its own card is offered.
    await user.clear(content);
    await user.type(content, `Showing at ${B}`);
    expect(await cardNamed(CARD_B.title)).toHaveTextContent('gallery.example');
    expect(previews()).toEqual([A, B]);
  });

  it('reopens a draft with its saved card without reading the page again, and with its removed card without one', async () => {
    const { previews, unmount } = editorApi(`/social-media/post/${POST_ID}`, { content: `New work: ${A}`, linkCard: CARD_A });
    expect(await cardNamed(CARD_A.title)).toHaveTextContent('studio.example');
    expect(previews()).toEqual([]);
    unmount();

    const again = editorApi(`/social-media/post/${POST_ID}`, { content: `New work: ${A}`, linkCardRemoved: A });
    expect(await screen.findByRole('heading', { name: 'Edit Post' })).toBeInTheDocument();
    expect(region()).toHaveTextContent(T.removed);
    await new Promise((r) => setTimeout(r, 600));
    expect(again.previews()).toEqual([]);
  });

  it("counts removing a draft's card as an unsaved change: a reload is held until its copy is kept", async () => {
    const user = userEvent.setup();
    editorApi(`/social-media/post/${POST_ID}`, { content: `New work: ${A}`, linkCard: CARD_A });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.click(within(await cardNamed(CARD_A.title)).getByRole('button', { name: T.remove }));
    expect(unload()).toBe(true);
  });

  it('hides the card while the post has an image, and does not save it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { saved } = editorApi('/social-media/post/new');
    await user.type(await screen.findByLabelText('Content'), `New work: ${A}`);
    await cardNamed(CARD_A.title);
    await user.upload(screen.getByTestId('post-file-input'), fileOf('sunset.jpg', 'image/jpeg'));
    expect(within(region()).queryByRole('article')).toBeNull();
    await user.type(screen.getByLabelText('Alt text for sunset.jpg'), 'Sunset');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved.length).toBeGreaterThan(0));
    expect(saved[0]).toMatchObject({ linkCard: null });
    // The image removed, the card is back.
    await user.click(screen.getByRole('button', { name: 'Remove sunset.jpg' }));
    expect(await cardNamed(CARD_A.title)).toBeInTheDocument();
  });

  it('says quietly why a page has no card, and Post goes on without one', async () => {
    const user = userEvent.setup();
    const { saved, requests } = editorApi('/social-media/post/new');
    await user.type(await screen.findByLabelText('Content'), `Notes: ${DOWN}`);
    await waitFor(() => expect(region()).toHaveTextContent(T.failed('That page cannot be reached.')), { timeout: 3000 });
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(requests.some((r) => r.url === `/social-media/post/${POST_ID}/publish`)).toBe(true));
    expect(saved[0]).toMatchObject({ content: `Notes: ${DOWN}`, linkCard: null, linkCardRemoved: null });
  });
});
