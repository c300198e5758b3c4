import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Link, Route, Switch } from 'wouter';
import type { ArtworkInput } from '../../src/schemas/artwork.schema';
import ArtworkEditorRoute from '../../src/views/artwork-editor/artwork-editor-route';
import { LeaveGuardRouter } from '../../src/views/shell/leave-guard';
import { ARTWORK_ID, artworkFixture } from '../support/artwork-editor';
import { renderWithFakeApi, type FakeRequest } from '../support/fake-api';

/** The API as the route's real artworks service meets it: create an artwork, read its (empty) media. */
const handler = ({ method, url, body }: FakeRequest) => {
  if (method === 'POST' && url === '/artwork') return { status: 200, body: artworkFixture(body as ArtworkInput) };
  if (method === 'GET' && url === `/artwork/${ARTWORK_ID}/media`) return { status: 200, body: { items: [] } };
  return { status: 500, body: { message: `unexpected ${method} ${url}` } };
};

describe('the artwork editor route', () => {
  it('moves a new artwork to its own address once created, keeping the same editor; New again starts afresh', async () => {
    const user = userEvent.setup();
    const { location, requests } = renderWithFakeApi(
      <LeaveGuardRouter>
        <Link href="/portfolio/artwork/new/AUDIO">New audio artwork</Link>
        <Switch>
          <Route path="/portfolio/artwork/:id/:mediaType?" component={ArtworkEditorRoute} />
        </Switch>
      </LeaveGuardRouter>,
      { path: '/portfolio/artwork/new/AUDIO', handler },
    );
    expect(await screen.findByRole('heading', { name: 'Create New Artwork' })).toBeInTheDocument();
    const title = screen.getByLabelText('Title');
    await user.type(title, 'Rain on tin');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Edit Artwork' })).toBeInTheDocument();
    // The address was replaced, not pushed; the editor was not started again (same element, no read of the artwork).
    expect(location.history).toEqual([`/portfolio/artwork/${ARTWORK_ID}`]);
    expect(screen.getByLabelText('Title')).toBe(title);
    expect(requests.map((r) => `${r.method} ${r.url}`)).not.toContain(`GET /artwork/${ARTWORK_ID}`);

    // New again, to the very address the editor started from: a fresh editor, not the one just created.
    await user.click(screen.getByRole('link', { name: 'New audio artwork' }));
    expect(location.history.at(-1)).toBe('/portfolio/artwork/new/AUDIO');
    expect(await screen.findByRole('heading', { name: 'Create New Artwork' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).not.toBe(title);
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });
});
