import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import type { Artwork, ArtworkPage } from '../../src/schemas/artwork.schema';
import type { ListMode } from '../../src/schemas/list.schema';
import { provideList } from '../../src/machines/list/list.provide';
import { artworkBulkMachine } from '../../src/machines/artwork-bulk/artwork-bulk.machine';
import { artworkDropMachine } from '../../src/machines/artwork-drop/artwork-drop.machine';
import { ArtworkListPage } from '../../src/views/artwork-list/ArtworkListPage';
import { toArtworkQuery } from '../../src/views/artwork-list/artwork-list-config';
import { artworkRow } from '../support/artwork-row';

/* Defects found walking My Artworks: what a work with no picture shows, and the filter bar that moved. */

const NO_PICTURE: Artwork[] = [
  artworkRow(1, {
    title: 'Night swim',
    mediaType: 'VIDEO',
    dimensions: { mediaType: 'VIDEO', height: 720, width: 1280, durationInSeconds: 60 },
  }),
  artworkRow(2, { title: 'Rain on tin', mediaType: 'AUDIO', dimensions: { mediaType: 'AUDIO', durationInSeconds: 90 } }),
  artworkRow(3, { title: 'Harbour study' }),
];
const BROKEN = artworkRow(4, {
  title: 'Lost file',
  primaryImageUrl: '/api/media/gone?sig=x',
  primaryImageUncroppedUrl: '/api/media/gone?sig=x',
});

function renderList(items: Artwork[], mode: ListMode = 'large-tiles') {
  const fetchPage = async (): Promise<ArtworkPage> => ({ items, total: items.length, page: 1, pageSize: 12 });
  const location = memoryLocation({ path: '/portfolio/artwork', record: true });
  render(
    <Router hook={location.hook}>
      <ArtworkListPage
        logic={{
          list: provideList({ fetchPage: (q) => (toArtworkQuery(q), fetchPage()), saveSettings: () => {} }),
          bulk: artworkBulkMachine,
          drop: artworkDropMachine,
        }}
        settings={{ mode, aspect: 'square', pageSize: 12 }}
      />
    </Router>,
  );
}

const itemNamed = (title: string) =>
  within(screen.getByRole('list', { name: 'Artworks' }))
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(title))!;

describe('a work with no picture shows its media type’s own placeholder', () => {
  it('a video says Video, audio says Audio, a painting No picture yet; none says Image not available', async () => {
    renderList(NO_PICTURE);
    await waitFor(() => expect(itemNamed('Night swim')).toBeDefined());
    expect(within(itemNamed('Night swim')).getByText('Video')).toBeInTheDocument();
    expect(within(itemNamed('Rain on tin')).getByText('Audio')).toBeInTheDocument();
    expect(within(itemNamed('Harbour study')).getByText('No picture yet')).toBeInTheDocument();
    expect(screen.queryByText('Image not available')).toBeNull();
  });

  it('in rows too', async () => {
    renderList(NO_PICTURE, 'small-rows');
    const table = await screen.findByRole('table', { name: 'Artworks' });
    const row = (title: string) => within(table).getByRole('link', { name: title }).closest('tr')!;
    expect(row('Night swim').querySelector('[data-placeholder="VIDEO"]')).not.toBeNull();
    expect(row('Rain on tin').querySelector('[data-placeholder="AUDIO"]')).not.toBeNull();
    expect(within(table).queryByText('Image not available')).toBeNull();
  });

  it('a picture that exists but cannot be loaded still says Image not available', async () => {
    renderList([BROKEN]);
    await waitFor(() => expect(itemNamed('Lost file').querySelector('img')).not.toBeNull());
    fireEvent.error(itemNamed('Lost file').querySelector('img')!);
    expect(within(itemNamed('Lost file')).getByText('Image not available')).toBeInTheDocument();
  });
});

describe('the filter bar', () => {
  it('keeps a place for Clear filters, hidden until a filter is set, so showing it moves nothing', async () => {
    renderList(NO_PICTURE);
    const options = screen.getByRole('group', { name: 'List options' });
    const clear = within(options).getByText('Clear filters', { selector: 'button' });
    const controlsBefore = [...options.children];
    // In place but not seen, not reachable by Tab, not read out.
    expect(clear).not.toBeVisible();
    expect(within(options).queryByRole('button', { name: 'Clear filters' })).toBeNull();
    await userEvent.setup().type(within(options).getByRole('searchbox', { name: 'Search' }), 'swim');
    await waitFor(() => expect(within(options).getByRole('button', { name: 'Clear filters' })).toBeVisible());
    // The same element, where it was: the controls around it are the same, in the same order.
    expect(within(options).getByRole('button', { name: 'Clear filters' })).toBe(clear);
    expect([...options.children]).toEqual(controlsBefore);
  });
});
