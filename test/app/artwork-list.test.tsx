import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import { FILTER_DEBOUNCE_MS } from '../../src/machines/list/list.machine';
import type { Artwork, ArtworkListQuery, ArtworkPage } from '../../src/schemas/artwork.schema';
import type { ListSettings } from '../../src/schemas/list.schema';
import { artworkBulkMachine } from '../../src/machines/artwork-bulk/artwork-bulk.machine';
import { artworkDropMachine } from '../../src/machines/artwork-drop/artwork-drop.machine';
import type { ListLogic } from '../../src/machines/list/list.machine';
import { ArtworkListPage, type ArtworkListLogic } from '../../src/views/artwork-list/ArtworkListPage';
import { toArtworkQuery } from '../../src/views/artwork-list/artwork-list-config';
import { provideList } from '../../src/machines/list/list.provide';
import { readListSettings, writeListSettings } from '../../src/services/list-settings';
import { PhoneLayoutProvider } from '../../src/views/shell/phone-layout';
import { artworkRow } from '../support/artwork-row';

// jsdom has no scrolling; Ark's select scrolls its open list to the chosen option.
Element.prototype.scrollTo ??= () => {};

/** My Artworks with this list; its bulk chart is never asked to change anything here. */
const pageLogic = (list: ListLogic): ArtworkListLogic => ({ list, bulk: artworkBulkMachine, drop: artworkDropMachine });

const EMPTY_MESSAGE = "No artworks found. Create your first artwork using the 'New Artwork' button.";

let n = 0;
const artwork = (extra: Partial<Artwork> = {}): Artwork => {
  n += 1;
  return artworkRow(n, {
    primaryImageUrl: `/api/media/m${n}?size=smCrop&sig=x`,
    primaryImageUncroppedUrl: `/api/media/m${n}?size=sm&sig=x`,
    ...extra,
  });
};

const ITEMS = [
  artwork({ title: 'Harbour at dusk', saleStatus: 'AVAILABLE' }),
  artwork({ title: 'Sold piece', saleStatus: 'SOLD', year: null }),
  artwork({ title: 'Keeper', saleStatus: 'NOT_FOR_SALE', medium: '' }),
  artwork({ title: '', saleStatus: 'ON_LOAN', primaryImageUrl: null, primaryImageUncroppedUrl: null }),
];

function renderPage({
  items = ITEMS,
  total = 100,
  settings,
  phone = false,
}: { items?: Artwork[]; total?: number; settings?: ListSettings; phone?: boolean } = {}) {
  const list = vi.fn(async (q: Partial<ArtworkListQuery>): Promise<ArtworkPage> => ({
    items,
    total,
    page: q.page ?? 1,
    pageSize: q.pageSize ?? 12,
  }));
  const saveSettings = vi.fn();
  const location = memoryLocation({ path: '/portfolio/artwork', record: true });
  render(
    <PhoneLayoutProvider value={phone}>
      <Router hook={location.hook}>
        <ArtworkListPage
          logic={pageLogic(provideList({ fetchPage: (query) => list(toArtworkQuery(query)), saveSettings }))}
          settings={settings}
        />
      </Router>
    </PhoneLayoutProvider>,
  );
  return { list, saveSettings, location, user: userEvent.setup() };
}

const tiles = () => within(screen.getByRole('list', { name: 'Artworks' })).getAllByRole('listitem');

describe('My Artworks', () => {
  it('on a phone folds the list options into a closed Filters line that says when filters are in use', async () => {
    const { user, list } = renderPage({ phone: true });
    await waitFor(() => expect(tiles()).toHaveLength(4));
    const filters = screen.getByText('Filters').closest('details')!;
    expect(filters).not.toHaveAttribute('open');
    expect(within(filters).getByRole('group', { name: 'List options' })).not.toBeVisible();
    await user.click(screen.getByText('Filters'));
    expect(filters).toHaveAttribute('open');
    await user.type(within(filters).getByRole('searchbox', { name: 'Search' }), 'Harbour');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'Harbour' })), {
      timeout: FILTER_DEBOUNCE_MS + 2000,
    });
    expect(filters.querySelector('summary')).toHaveTextContent('Filters (in use)');
  });

  it('on a wide screen shows the list options without a Filters line', async () => {
    renderPage();
    await waitFor(() => expect(tiles()).toHaveLength(4));
    expect(screen.getByRole('group', { name: 'List options' })).toBeVisible();
    expect(screen.queryByText('Filters')).toBeNull();
  });

  it('asks for the first page of 12, newest first, and shows it as large tiles', async () => {
    const { list } = renderPage();
    expect(screen.getByRole('heading', { name: 'My Artworks' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await waitFor(() => expect(tiles()).toHaveLength(4));
    expect(list).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenCalledWith({ page: 1, pageSize: 12, sort: 'createdAt', order: 'desc' });
    expect(screen.getByRole('radio', { name: 'Large tiles' })).toBeChecked();
    expect(screen.getByRole('list', { name: 'Artworks' })).toHaveAttribute('data-mode', 'large-tiles');
  });

  it('offers the six media types in Create Artwork, each linking to its new-artwork form', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Create Artwork' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['Physical 2D', '/portfolio/artwork/new/PHYSICAL_2D'],
      ['Physical 3D', '/portfolio/artwork/new/PHYSICAL_3D'],
      ['Digital 2D', '/portfolio/artwork/new/DIGITAL_2D'],
      ['Digital 3D', '/portfolio/artwork/new/DIGITAL_3D'],
      ['Video', '/portfolio/artwork/new/VIDEO'],
      ['Audio', '/portfolio/artwork/new/AUDIO'],
    ]);
  });

  it('a chosen media type opens its new-artwork form', async () => {
    const { user, location } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Create Artwork' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Video' }));
    expect(location.history.at(-1)).toBe('/portfolio/artwork/new/VIDEO');
  });

  it("shows 'Unknown year', 'No medium specified', 'Untitled' and the sale-status badges with their colours", async () => {
    renderPage();
    await waitFor(() => expect(tiles()).toHaveLength(4));
    const [available, sold, keeper, untitled] = tiles();
    expect(available).toHaveTextContent('Harbour at dusk');
    expect(within(sold).getByText('Unknown year')).toBeInTheDocument();
    expect(within(keeper).getByText('No medium specified')).toBeInTheDocument();
    expect(within(untitled).getByText('Untitled')).toBeInTheDocument();
    const badge = (tile: HTMLElement, label: string) => within(tile).getByText(label, { selector: '[data-color]' });
    expect(badge(available, 'Available')).toHaveAttribute('data-color', 'green');
    expect(badge(sold, 'Sold')).toHaveAttribute('data-color', 'red');
    expect(badge(keeper, 'Not For Sale')).toHaveAttribute('data-color', 'grey');
    expect(badge(untitled, 'Unknown')).toBeInTheDocument();
    // The class comes from the badge recipe's tone.
    expect(badge(available, 'Available').className).toMatch(/tone_success/);
    expect(badge(sold, 'Sold').className).toMatch(/tone_danger/);
    expect(badge(keeper, 'Not For Sale').className).toMatch(/tone_neutral/);
  });

  it("uses the smCrop image lazily with its size set, its media type's placeholder when missing, 'Image not available' when it fails", async () => {
    renderPage();
    await waitFor(() => expect(tiles()).toHaveLength(4));
    const [first, , , untitled] = tiles();
    const img = first.querySelector('img')!;
    expect(img).toHaveAttribute('src', ITEMS[0].primaryImageUrl);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('height', '200');
    expect(img).toHaveAttribute('width', '200');
    expect(within(untitled).getByText('No picture yet')).toBeInTheDocument();
    expect(within(first).queryByText('Image not available')).toBeNull();
    fireEvent.error(img);
    expect(within(first).getByText('Image not available')).toBeInTheDocument();
  });

  it('shows the exact empty message when there are no artworks', async () => {
    renderPage({ items: [], total: 0 });
    expect((await screen.findByText(EMPTY_MESSAGE)).closest('[role=status]')).toBe(screen.getByRole('status'));
    expect(screen.getByRole('status')).toHaveTextContent(EMPTY_MESSAGE);
    expect(screen.queryByRole('list', { name: 'Artworks' })).toBeNull();
  });

  it("invites the first artwork: a drawing for the eye only and the one 'New Artwork' button the message names", async () => {
    const { user, location } = renderPage({ items: [], total: 0 });
    await screen.findByText(EMPTY_MESSAGE);
    const empty = screen.getByRole('status');
    expect(empty.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(within(empty).getAllByRole('button')).toHaveLength(1);
    expect(within(empty).queryAllByRole('link')).toEqual([]);
    await user.click(within(empty).getByRole('button', { name: 'New Artwork' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Physical 2D' }));
    expect(location.history.at(-1)).toBe('/portfolio/artwork/new/PHYSICAL_2D');
  });

  it('offers page sizes 12, 24 and 48; choosing one asks for its first page and is remembered', async () => {
    const { user, list, saveSettings } = renderPage();
    await waitFor(() => expect(tiles()).toHaveLength(4));
    await user.click(screen.getByRole('combobox', { name: 'Items per page' }));
    const listbox = await screen.findByRole('listbox', { name: 'Items per page' });
    expect(within(listbox).getAllByRole('option')).toEqual(
      ['12', '24', '48'].map((size) => within(listbox).getByRole('option', { name: size })),
    );
    expect(within(listbox).getByRole('option', { name: '12' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('option', { name: '24' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, pageSize: 24, sort: 'createdAt', order: 'desc' }));
    expect(saveSettings).toHaveBeenLastCalledWith({ mode: 'large-tiles', pageSize: 24, aspect: 'square' });
  });

  it('the mode switch changes the rendering: tiles of 200px or 150px, a table with column headers in row modes', async () => {
    const { user, saveSettings } = renderPage();
    await waitFor(() => expect(tiles()).toHaveLength(4));
    await user.click(screen.getByRole('radio', { name: 'Small tiles' }));
    expect(screen.getByRole('list', { name: 'Artworks' })).toHaveAttribute('data-mode', 'small-tiles');
    expect(tiles()[0].querySelector('img')).toHaveAttribute('height', '150');

    await user.click(screen.getByRole('radio', { name: 'Large rows' }));
    expect(screen.queryByRole('list', { name: 'Artworks' })).toBeNull();
    const table = screen.getByRole('table', { name: 'Artworks' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Image', 'Title', 'Year', 'Medium', 'Status']);
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).getByRole('link', { name: 'Harbour at dusk' })).toHaveAttribute(
      'href',
      `/portfolio/artwork/${ITEMS[0].artworkId}`,
    );

    await user.click(screen.getByRole('radio', { name: 'Small rows' }));
    expect(screen.getByRole('table', { name: 'Artworks' })).toHaveAttribute('data-mode', 'small-rows');
    expect(saveSettings).toHaveBeenLastCalledWith({ mode: 'small-rows', pageSize: 12, aspect: 'square' });
  });

  it('clicking a tile opens the artwork; so does clicking anywhere on a row', async () => {
    const { user, location } = renderPage();
    await waitFor(() => expect(tiles()).toHaveLength(4));
    const link = within(tiles()[1]).getByRole('link');
    expect(link).toHaveAttribute('href', `/portfolio/artwork/${ITEMS[1].artworkId}`);
    await user.click(link);
    expect(location.history.at(-1)).toBe(`/portfolio/artwork/${ITEMS[1].artworkId}`);

    await user.click(screen.getByRole('radio', { name: 'Large rows' }));
    await user.click(within(screen.getByRole('table')).getByText('Unknown year'));
    expect(location.history.at(-1)).toBe(`/portfolio/artwork/${ITEMS[1].artworkId}`);
    await user.click(within(screen.getByRole('table')).getByText('No medium specified'));
    expect(location.history.at(-1)).toBe(`/portfolio/artwork/${ITEMS[2].artworkId}`);
  });

  it('tiles and row links open with the keyboard', async () => {
    const { user, location } = renderPage();
    await waitFor(() => expect(tiles()).toHaveLength(4));
    within(tiles()[0]).getByRole('link').focus();
    await user.keyboard('{Enter}');
    expect(location.history.at(-1)).toBe(`/portfolio/artwork/${ITEMS[0].artworkId}`);
    await user.click(screen.getByRole('radio', { name: 'Small rows' }));
    within(screen.getByRole('table')).getByRole('link', { name: 'Keeper' }).focus();
    await user.keyboard('{Enter}');
    expect(location.history.at(-1)).toBe(`/portfolio/artwork/${ITEMS[2].artworkId}`);
  });

  it('the image aspect shapes the tiles: square and landscape crops, a portrait frame filled, original uncropped', async () => {
    const { user, saveSettings, list } = renderPage();
    await waitFor(() => expect(tiles()).toHaveLength(4));
    const img = () => tiles()[0].querySelector('img')!;
    const frame = () => img().parentElement!;
    const columns = () => screen.getByRole('list', { name: 'Artworks' }).style.gridTemplateColumns;
    const choose = async (label: string) => {
      await user.click(screen.getByRole('combobox', { name: 'Image aspect' }));
      await user.click(await screen.findByRole('option', { name: label }));
    };
    expect(screen.getByRole('combobox', { name: 'Image aspect' })).toHaveTextContent('Square');
    expect(img()).toHaveStyle({ objectFit: 'cover', width: '100%', height: '200px' });
    expect(img()).toHaveAttribute('src', ITEMS[0].primaryImageUrl);
    await choose('Landscape (16:9)');
    expect([img().getAttribute('width'), img().getAttribute('height')]).toEqual(['356', '200']);
    expect(img()).toHaveStyle({ objectFit: 'cover' });
    // Columns at least the tile's width, shared out to fill the row, and two side by side on a phone.
    expect(columns()).toBe('repeat(auto-fill, minmax(min(356px, calc(50% - 8px)), 1fr))');
    // Portrait: a 3:4 frame as wide as the tile (its text needs 200px), filled by the crop: no bars beside it.
    await choose('Portrait (3:4)');
    expect([img().getAttribute('width'), img().getAttribute('height')]).toEqual(['200', '267']);
    expect(columns()).toBe('repeat(auto-fill, minmax(min(200px, calc(50% - 8px)), 1fr))');
    expect(frame()).toHaveStyle({ height: '267px' });
    expect(img()).toHaveStyle({ objectFit: 'cover', width: '100%', height: '267px' });
    // Original: the uncropped picture, whole, in its own shape (no fixed box of its own, no grey frame).
    await choose('Original');
    expect(img()).toHaveAttribute('src', ITEMS[0].primaryImageUncroppedUrl);
    expect(img()).toHaveStyle({ objectFit: 'contain', width: 'auto', height: 'auto', maxWidth: '100%', maxHeight: '200px' });
    expect(frame()).toHaveAttribute('data-aspect', 'original');
    expect(saveSettings).toHaveBeenLastCalledWith({ mode: 'large-tiles', pageSize: 12, aspect: 'original' });
    // The aspect is a matter of display: no new request.
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('shows a long title on two lines, the whole title as its tooltip', async () => {
    const long = 'A very long title for a study of the harbour at dusk, with boats, gulls and the lighthouse beyond the pier';
    renderPage({ items: [artwork({ title: long })] });
    await waitFor(() => expect(tiles()).toHaveLength(1));
    const title = within(tiles()[0]).getByTestId('tile-title');
    expect(title).toHaveTextContent(long);
    expect(title).toHaveAttribute('title', long);
    // Panda's lineClamp utility (-webkit-line-clamp: 2); jsdom cannot measure lines.
    expect(title.className).toMatch(/\blc_2\b/);
    expect(title.className).not.toMatch(/white-space_nowrap|ws_nowrap/);
  });

  it('starts from the remembered mode, page size and aspect', async () => {
    const { list } = renderPage({ settings: { mode: 'small-rows', pageSize: 48, aspect: 'portrait' } });
    await waitFor(() => expect(screen.getByRole('table', { name: 'Artworks' })).toHaveAttribute('data-mode', 'small-rows'));
    expect(list).toHaveBeenCalledWith({ page: 1, pageSize: 48, sort: 'createdAt', order: 'desc' });
    expect(screen.getByRole('combobox', { name: 'Image aspect' })).toHaveTextContent('Portrait (3:4)');
  });

  it('ignores a remembered page size the artwork list does not offer', async () => {
    const { list } = renderPage({ settings: { pageSize: 10 } });
    await waitFor(() => expect(list).toHaveBeenCalledWith({ page: 1, pageSize: 12, sort: 'createdAt', order: 'desc' }));
  });

  it('filters by text once typing pauses, and by media type and sale status, on the server', async () => {
    const { user, list } = renderPage();
    await waitFor(() => expect(tiles()).toHaveLength(4));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'harbour');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, pageSize: 12, sort: 'createdAt', order: 'desc', q: 'harbour' }), {
      timeout: FILTER_DEBOUNCE_MS * 4,
    });
    // Not a request per key: the search waits for typing to pause (the exact delay is held on a simulated clock in
    // list.model.test.tsx). Here keys are typed on a real clock, and a loaded machine can pause mid-word: a prefix may
    // be asked for once or twice, never every one.
    const searches = list.mock.calls.slice(1).map(([query]) => (query as { q?: string }).q);
    expect(searches.length).toBeLessThanOrEqual(3);
    for (const q of searches) expect('harbour'.startsWith(q ?? '-')).toBe(true);

    await user.click(screen.getByRole('combobox', { name: 'Media type' }));
    await user.click(await screen.findByRole('option', { name: 'Digital 3D' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'harbour', mediaType: 'DIGITAL_3D', page: 1 })));
    await user.click(screen.getByRole('combobox', { name: 'Sale status' }));
    await user.click(await screen.findByRole('option', { name: 'Sold' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ mediaType: 'DIGITAL_3D', saleStatus: 'SOLD' })));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, pageSize: 12, sort: 'createdAt', order: 'desc' }));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('sorts by the chosen field and order, from the toolbar or a column header', async () => {
    const { user, list } = renderPage();
    await waitFor(() => expect(tiles()).toHaveLength(4));
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Year' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'year', order: 'desc' })));
    await user.click(screen.getByRole('radio', { name: 'Ascending' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'year', order: 'asc' })));

    await user.click(screen.getByRole('radio', { name: 'Large rows' }));
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Year')).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header('Title')).getByRole('button'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'title', order: 'asc' })));
    await user.click(within(header('Title')).getByRole('button'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'title', order: 'desc' })));
    expect(header('Title')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Image')).not.toHaveAttribute('aria-sort');
  });

  it('pages through the server’s pages', async () => {
    const { user, list } = renderPage({ total: 30 });
    await waitFor(() => expect(tiles()).toHaveLength(4));
    expect(screen.getByText('Showing 1–4 of 30')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2, pageSize: 12 })));
    await user.click(within(pages).getByRole('button', { name: 'Last page, page 3' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 3 })));
    expect(within(pages).getByRole('button', { name: 'Last page, page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('says why the list failed and tries again', async () => {
    const list = vi
      .fn()
      .mockRejectedValueOnce(new Error('Failed to fetch artworks'))
      .mockResolvedValue({ items: ITEMS, total: 4, page: 1, pageSize: 12 });
    const user = userEvent.setup();
    render(
      <Router hook={memoryLocation({ path: '/portfolio/artwork' }).hook}>
        <ArtworkListPage logic={pageLogic(provideList({ fetchPage: (query) => list(toArtworkQuery(query)), saveSettings: () => {} }))} />
      </Router>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch artworks');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tiles()).toHaveLength(4));
  });
});

describe('list settings in local storage', () => {
  const storage = () => {
    const data = new Map<string, string>();
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
      clear: () => data.clear(),
      key: () => null,
      length: 0,
    } as Storage;
  };

  it('keeps each list under userSettings.lists, leaving other settings alone', () => {
    const s = storage();
    s.setItem('userSettings', JSON.stringify({ theme: 'dark' }));
    writeListSettings('artworks', { mode: 'small-rows', pageSize: 24, aspect: 'portrait' }, s);
    writeListSettings('posts', { mode: 'large-rows' }, s);
    expect(JSON.parse(s.getItem('userSettings')!)).toEqual({
      theme: 'dark',
      lists: { artworks: { mode: 'small-rows', pageSize: 24, aspect: 'portrait' }, posts: { mode: 'large-rows' } },
    });
    expect(readListSettings('artworks', s)).toEqual({ mode: 'small-rows', pageSize: 24, aspect: 'portrait' });
    expect(readListSettings('journal', s)).toBeUndefined();
  });

  it('reads nothing from a missing, malformed or foreign value', () => {
    const s = storage();
    expect(readListSettings('artworks', s)).toBeUndefined();
    s.setItem('userSettings', '{not json');
    expect(readListSettings('artworks', s)).toBeUndefined();
    s.setItem('userSettings', JSON.stringify({ lists: { artworks: { mode: 'carousel' } } }));
    expect(readListSettings('artworks', s)).toBeUndefined();
    writeListSettings('artworks', { mode: 'small-tiles' }, s);
    expect(readListSettings('artworks', s)).toEqual({ mode: 'small-tiles' });
  });
});
