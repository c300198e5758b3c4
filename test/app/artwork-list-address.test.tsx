import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { beforeEach, describe, expect, it } from 'vitest';
import { FILTER_DEBOUNCE_MS, startPosition } from '../../src/machines/list/list.machine';
import { listAddressSchema, parseListAddress, toListSearch } from '../../src/schemas/list-address.schema';
import ArtworkListRoute from '../../src/views/artwork-list/artwork-list-route';
import { ARTWORK_LIST_ADDRESS, artworkListInput } from '../../src/views/artwork-list/artwork-list-config';
import { PhoneLayoutProvider } from '../../src/views/shell/phone-layout';
import { artworkRow } from '../support/artwork-row';
import { renderWithFakeApi, type FakeRequest } from '../support/fake-api';

// jsdom has no scrolling; Ark's select scrolls its open list to the chosen option.
Element.prototype.scrollTo ??= () => {};

const artwork = (n: number) => artworkRow(n);

/** A portfolio of `total` artworks, paged as the server pages it. */
const pages = (total: number) => (r: FakeRequest) => {
  const page = Number(r.params.page ?? 1);
  const pageSize = Number(r.params.pageSize ?? 12);
  const first = (page - 1) * pageSize;
  const items = Array.from({ length: Math.max(0, Math.min(pageSize, total - first)) }, (_, i) => artwork(first + i + 1));
  return { status: 200, body: { items, total, page, pageSize } };
};

function renderList(path = '/portfolio/artwork', total = 100) {
  const app = renderWithFakeApi(
    <PhoneLayoutProvider value={false}>
      <Switch>
        <Route path="/portfolio/artwork" component={ArtworkListRoute} />
        <Route path="/portfolio/artwork/:id">{(p) => <h1>Artwork {p.id}</h1>}</Route>
      </Switch>
    </PhoneLayoutProvider>,
    { path, handler: pages(total) },
  );
  /** Back, as the browser does it: to the entry before the current one. */
  const back = () => act(() => app.location.navigate(app.location.history!.at(-2)!));
  return { ...app, back, user: userEvent.setup() };
}

const lastList = (requests: FakeRequest[]) => requests.filter((r) => r.url === '/artwork').at(-1)?.params;
const currentPage = () => within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { current: 'page' });
const choose = async (user: ReturnType<typeof userEvent.setup>, select: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: select }));
  await user.click(within(await screen.findByRole('listbox', { name: select })).getByRole('option', { name: option }));
};

beforeEach(() => localStorage.clear());

describe('the artwork list keeps its place in the address', () => {
  it('Back from an artwork returns to the same search, sort, page and view, with one history entry for the list', async () => {
    const { user, requests, location, back } = renderList();
    await screen.findByText('Study 1');
    expect(location.history).toEqual(['/portfolio/artwork']);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Oil');
    await waitFor(() => expect(lastList(requests)).toMatchObject({ q: 'Oil' }), { timeout: FILTER_DEBOUNCE_MS + 2000 });
    await choose(user, 'Sort by', 'Title');
    await user.click(screen.getByRole('radio', { name: 'Ascending' }));
    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: /^page 3$/i }));
    await user.click(screen.getByRole('radio', { name: 'Small tiles' }));
    await waitFor(() => expect(lastList(requests)).toEqual({ page: 3, pageSize: 12, sort: 'title', order: 'asc', q: 'Oil' }));
    // Every change replaced the list's entry: typing 'Oil' did not add three.
    expect(location.history).toEqual(['/portfolio/artwork?page=3&sort=title&order=asc&q=Oil&view=small-tiles']);

    await user.click((await screen.findByText('Study 25')).closest('a')!);
    expect(await screen.findByRole('heading', { name: `Artwork ${artwork(25).artworkId}` })).toBeInTheDocument();
    expect(location.history).toHaveLength(2);

    await back();
    await screen.findByText('Study 25');
    expect(currentPage()).toHaveTextContent('3');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('Oil');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Title');
    expect(screen.getByRole('radio', { name: 'Ascending' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Small tiles' })).toBeChecked();
    expect(lastList(requests)).toEqual({ page: 3, pageSize: 12, sort: 'title', order: 'asc', q: 'Oil' });
  });

  it('opens at the position an address names: page size, facets and all', async () => {
    const { requests } = renderList(
      '/portfolio/artwork?page=2&pageSize=24&sort=year&order=asc&mediaType=VIDEO&saleStatus=SOLD&view=large-rows',
    );
    await screen.findByRole('table', { name: 'Artworks' });
    expect(lastList(requests)).toEqual({ page: 2, pageSize: 24, sort: 'year', order: 'asc', mediaType: 'VIDEO', saleStatus: 'SOLD' });
    expect(screen.getByRole('combobox', { name: 'Items per page' })).toHaveTextContent('24');
    expect(currentPage()).toHaveTextContent('2');
  });

  it('a bad address falls back to the defaults, and is written back clean', async () => {
    const { requests, location } = renderList(
      '/portfolio/artwork?page=-1&pageSize=13&sort=password&order=up&view=huge&mediaType=NOPE&q=%00',
    );
    await screen.findByText('Study 1');
    expect(lastList(requests)).toEqual({ page: 1, pageSize: 12, sort: 'createdAt', order: 'desc' });
    expect(screen.getByRole('radio', { name: 'Large tiles' })).toBeChecked();
    expect(location.history!.at(-1)).toBe('/portfolio/artwork');
  });

  it('a page past the end (artworks deleted since) opens the last page instead of an empty list', async () => {
    const { requests, location } = renderList('/portfolio/artwork?page=9', 30);
    await screen.findByText('Study 25');
    expect(lastList(requests)).toMatchObject({ page: 3 });
    expect(location.history!.at(-1)).toBe('/portfolio/artwork?page=3');
  });

  it('a link to the plain list, followed from a filtered one, opens it from the start', async () => {
    const { user, requests, location } = renderList('/portfolio/artwork?page=2&q=Oil');
    await screen.findByText('Study 13');
    await act(() => location.navigate('/portfolio/artwork'));
    await waitFor(() => expect(lastList(requests)).toEqual({ page: 1, pageSize: 12, sort: 'createdAt', order: 'desc' }));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    await user.click(screen.getByRole('radio', { name: 'Large rows' }));
    expect(location.history!.at(-1)).toBe('/portfolio/artwork?view=large-rows');
  });
});

describe('reading a list address', () => {
  const start = startPosition(artworkListInput());

  it('takes each parameter that fits and drops each that does not, on its own', () => {
    expect(
      parseListAddress('page=4&pageSize=48&sort=title&order=asc&q=Rose&saleStatus=SOLD&view=small-rows', ARTWORK_LIST_ADDRESS, start),
    ).toEqual({
      page: 4,
      pageSize: 48,
      sort: { field: 'title', direction: 'asc' },
      filters: { text: 'Rose', facets: { saleStatus: 'SOLD' } },
      mode: 'small-rows',
    });
    for (const bad of [
      'page=0',
      'page=1.5',
      'page=1e3',
      'page=9999999',
      'pageSize=100',
      'sort=userId',
      'order=sideways',
      'view=grid',
      'saleStatus=ON_LOAN',
      `q=${'x'.repeat(201)}`,
      'q=%01',
    ])
      expect(parseListAddress(bad, ARTWORK_LIST_ADDRESS, start), bad).toEqual(start);
    expect(parseListAddress('page=2&sort=nope', ARTWORK_LIST_ADDRESS, start)).toEqual({ ...start, page: 2 });
  });

  it('is a zod schema that never refuses an address', () => {
    expect(
      listAddressSchema(ARTWORK_LIST_ADDRESS).safeParse({ page: 'x', pageSize: '7', sort: 'x', order: 'x', q: '\u0000', view: 'x' }),
    ).toEqual({ success: true, data: {} });
  });

  it('writes only what differs from where the list opens, and reads back what it wrote', () => {
    expect(toListSearch(start, start)).toBe('');
    const moved = {
      page: 3,
      pageSize: 24,
      sort: { field: 'year', direction: 'asc' as const },
      filters: { text: 'Rose & co', facets: { mediaType: 'AUDIO' } },
      mode: 'large-rows' as const,
    };
    expect(parseListAddress(toListSearch(moved, start), ARTWORK_LIST_ADDRESS, start)).toEqual(moved);
  });
});
