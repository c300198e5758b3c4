import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import type { SavePost, SocialAccount } from '../../src/schemas/social.schema';
import ArtworkEditorRoute from '../../src/views/artwork-editor/artwork-editor-route';
import PostEditorRoute from '../../src/views/post-editor/post-editor-route';
import { LeaveGuardRouter } from '../../src/views/shell/leave-guard';
import { ARTWORK_ID, artworkFixture } from '../support/artwork-editor';
import { renderWithFakeApi, type FakeAnswer, type FakeRequest } from '../support/fake-api';
import { ALICE, BOB, POST_ID, postFixture } from '../support/post-editor';

const USER = {
  userId: 'u1',
  firstName: 'Ada',
  lastName: '',
  email: 'ada@example.com',
  displayName: 'Ada',
  pendingEmail: null,
  avatarVersion: null,
};

// The routes log failures for the console; keep the test output clean.
vi.spyOn(console, 'error').mockImplementation(() => {});

const PORTFOLIO = { url: 'http://studio.test/p/abcdefghij', publishedAt: '2026-11-21T10:00:00.000Z' };
const LINK = `${PORTFOLIO.url}/artworks/${ARTWORK_ID}`;
const WITH_IMAGE = artworkFixture({ title: 'Sunflowers', primaryImageMediaId: 'm1' });
const IMAGE = new Blob([new Uint8Array([0x52, 0x49, 0x46, 0x46])], { type: 'image/webp' });

interface Api {
  accounts?: SocialAccount[];
  artwork?: FakeAnswer;
  publication?: unknown;
  image?: FakeAnswer;
  post?: FakeAnswer;
  /** GET /user: the artist, with their default post language. */
  user?: FakeAnswer;
}

/** The API the post editor's route meets: accounts, the shared artwork, the last publish, its image, saving and reading a post. */
function fakeApi({ accounts = [ALICE, BOB], artwork, publication = PORTFOLIO, image, post, user }: Api) {
  const saved: SavePost[] = [];
  const handler = ({ method, url, body }: FakeRequest): FakeAnswer => {
    if (method === 'GET' && url === '/social-media/accounts') return { status: 200, body: accounts };
    if (method === 'GET' && /^\/artwork\/[^/]+$/.test(url)) return artwork ?? { status: 200, body: WITH_IMAGE };
    if (method === 'GET' && url === '/publish') return { status: 200, body: publication };
    if (method === 'GET' && url === '/user') return user ?? { status: 500, body: { message: 'unavailable' } };
    if (method === 'GET' && url === `/artwork/${ARTWORK_ID}/media/primary`) return image ?? { status: 200, body: IMAGE };
    if (method === 'GET' && url.startsWith('/social-media/post/')) return post ?? { status: 404, body: { message: 'Post not found.' } };
    if (method === 'POST' && url === '/social-media/post') {
      saved.push(body as SavePost);
      const next = postFixture({ ...(body as object), postId: POST_ID, artworkId: (body as SavePost).artworkId ?? null });
      return { status: 200, body: { postId: POST_ID, post: next } };
    }
    return { status: 500, body: { message: `unexpected ${method} ${url}` } };
  };
  return { handler, saved };
}

const editorAt = (path: string, api: Api) => {
  const { handler, saved } = fakeApi(api);
  const view = renderWithFakeApi(
    <LeaveGuardRouter>
      <Switch>
        <Route path="/social-media/post/:postId" component={PostEditorRoute} />
        <Route path="/portfolio/artwork/:id/:mediaType?" component={ArtworkEditorRoute} />
      </Switch>
    </LeaveGuardRouter>,
    { path, handler },
  );
  return { ...view, saved };
};

const accountBoxes = () => within(screen.getByRole('group', { name: /^Accounts/ })).queryAllByRole('checkbox');
const checked = () =>
  accountBoxes()
    .filter((b) => (b as HTMLInputElement).checked)
    .map((b) => b.closest('label')!.textContent);

describe('sharing an artwork: /social-media/post/new?artwork=<id>', () => {
  it('prefills the title and its public link, every connected account, and the large image with the title as alt text', async () => {
    const user = userEvent.setup();
    const { requests, saved } = editorAt(`/social-media/post/new?artwork=${ARTWORK_ID}`, {});
    expect(await screen.findByRole('heading', { name: 'New Post' })).toBeInTheDocument();
    expect(screen.getByLabelText('Content')).toHaveValue(`Sunflowers\n\n${LINK}`);
    expect(checked()).toEqual(['Bluesky @alice.bsky.social', 'Bluesky @bob.bsky.social']);
    const card = within(screen.getByRole('list', { name: 'Post files' })).getByRole('listitem');
    expect(card).toHaveAttribute('aria-label', 'sunflowers.webp');
    expect(within(card).getByLabelText('Alt text for sunflowers.webp')).toHaveValue('Sunflowers');
    expect(screen.queryByTestId('share-hint')).toBeNull();
    // The large size, with the bearer token like any call (no signed link needed).
    expect(requests.find((r) => r.url.endsWith('/media/primary'))).toMatchObject({ method: 'GET', params: { size: 'large' } });

    // Created with the artwork it came from; then its image is uploaded (refused by this fake) and the draft saved again,
    // an update that leaves the artwork out (the post keeps it).
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[0]).toMatchObject({ artworkId: ARTWORK_ID, content: `Sunflowers\n\n${LINK}`, location: null });
    expect(saved[1]).toMatchObject({ postId: POST_ID });
    expect(saved[1]).not.toHaveProperty('artworkId');
  });

  it('never published: the title alone, with a hint; no account connected: says so, and still prefills', async () => {
    editorAt(`/social-media/post/new?artwork=${ARTWORK_ID}`, { publication: null, accounts: [] });
    expect(await screen.findByTestId('share-hint')).toHaveTextContent('Your portfolio is not published yet');
    expect(screen.getByLabelText('Content')).toHaveValue('Sunflowers');
    expect(screen.getByText('No social media account is connected yet.')).toBeInTheDocument();
    expect(accountBoxes()).toEqual([]);
    expect(screen.getByLabelText('Alt text for sunflowers.webp')).toHaveValue('Sunflowers');
  });

  it("starts with the artwork's default content labels and the artist's default language, and saves both", async () => {
    const user = userEvent.setup();
    const { saved } = editorAt(`/social-media/post/new?artwork=${ARTWORK_ID}`, {
      artwork: { status: 200, body: { ...WITH_IMAGE, postLabels: ['nudity', 'graphic-media'] } },
      user: { status: 200, body: { ...USER, postLanguage: 'pt' } },
    });
    const labels = within(await screen.findByRole('group', { name: /^Media labels/ }));
    expect(await labels.findByRole('radio', { name: 'Nudity' })).toBeChecked();
    expect(labels.getByRole('checkbox', { name: 'Graphic media' })).toBeChecked();
    // Each label says what it is for: figure work is Nudity, not Sexual.
    expect(labels.getByRole('radio', { name: 'Nudity' })).toHaveAccessibleDescription(/figure drawing/);
    const langs = within(screen.getByRole('list', { name: 'Post languages' }));
    expect(langs.getAllByRole('listitem').map((li) => li.firstElementChild!.textContent)).toEqual(['Portuguese (Português)']);

    // Changed for this post: Adult instead of Nudity, English added.
    await user.click(labels.getByRole('radio', { name: 'Adult' }));
    await user.selectOptions(screen.getByLabelText('Another language'), 'en');
    await user.click(screen.getByRole('button', { name: 'Add language' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved.length).toBeGreaterThan(0));
    expect(saved[0]).toMatchObject({ labels: ['porn', 'graphic-media'], langs: ['pt', 'en'] });
  });

  it('an artwork that cannot be read leaves an empty post with the reason, and the post does not claim it', async () => {
    const user = userEvent.setup();
    const { saved } = editorAt(`/social-media/post/new?artwork=${ARTWORK_ID}`, {
      artwork: { status: 404, body: { message: 'Artwork not found.' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not prefill the post from the artwork: Artwork not found.');
    expect(screen.getByLabelText('Content')).toHaveValue('');
    await user.type(screen.getByLabelText('Content'), 'Something else');
    await user.click(screen.getByRole('checkbox', { name: 'Bluesky @alice.bsky.social' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).not.toHaveProperty('artworkId');
  });

  it('an image that cannot be read leaves the text and accounts, with the reason', async () => {
    editorAt(`/social-media/post/new?artwork=${ARTWORK_ID}`, { image: { status: 502, body: {} } });
    expect(await screen.findByRole('alert')).toHaveTextContent("Could not add the artwork's image; add it yourself:");
    expect(screen.getByLabelText('Content')).toHaveValue(`Sunflowers\n\n${LINK}`);
    expect(checked()).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Post files' })).toBeNull();
  });
});

describe('the location of a post', () => {
  it('is sent on save (trimmed; blank is none) and shown again when the post is reopened', async () => {
    const user = userEvent.setup();
    const { saved } = editorAt('/social-media/post/new', { accounts: [ALICE] });
    await user.type(await screen.findByLabelText('Content'), 'Fresh paint');
    await user.type(screen.getByLabelText('Location'), '  Studio 4, Lisbon ');
    expect(screen.getByLabelText('Location')).toHaveAttribute('maxlength', '200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].location).toBe('Studio 4, Lisbon');
  });

  it('a saved post shows its location, and clearing it sends none', async () => {
    const user = userEvent.setup();
    const { saved } = editorAt(`/social-media/post/${POST_ID}`, {
      post: { status: 200, body: postFixture({ location: 'Studio 4, Lisbon' }) },
    });
    expect(await screen.findByLabelText('Location')).toHaveValue('Studio 4, Lisbon');
    await user.clear(screen.getByLabelText('Location'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ postId: POST_ID, location: null });
  });
});

describe('error pages on a page load', () => {
  it.each([
    [400, 'Post ID must be a valid UUID', '400 Bad Request'],
    [403, 'Forbidden.', '403 Forbidden'],
  ])('a post answered %i shows the %s page', async (status, message, title) => {
    editorAt('/social-media/post/not-a-uuid', { post: { status, body: { message } } });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it.each([
    [400, '400 Bad Request'],
    [403, '403 Forbidden'],
  ])('an artwork answered %i shows the %s page', async (status, title) => {
    editorAt('/portfolio/artwork/not-a-uuid', { artwork: { status, body: { message: 'No.' } } });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });
});
