import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { SimulatedClock, createActor, type SnapshotFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  FILTER_DEBOUNCE_MS,
  hasFilters,
  listMachine,
  type ListActorRef,
  type ListInput,
  type ListPage,
  type ListPosition,
  type ListQuery,
} from '../../src/machines/list/list.machine';
import {
  IMAGE_ASPECT_LABELS,
  LIST_MESSAGES,
  LIST_MODES,
  LIST_MODE_LABELS,
  isTileMode,
  type ListSettings,
} from '../../src/schemas/list.schema';
import { DataList } from '../../src/views/list/DataList';
import { ListImage } from '../../src/views/list/ListImage';
import type { ListColumn, ListFacet, ListView } from '../../src/views/list/list-types';
import { listView } from '../../src/views/list/list-view';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

// jsdom has no scrolling; Ark's select scrolls its open list to the chosen option.
Element.prototype.scrollTo ??= () => {};

type Snapshot = SnapshotFrom<typeof listMachine>;
interface Item {
  id: string;
  name: string;
  kind: string;
  image: string | null;
}

// ---------------------------------------------------------------------------------------------
// A generic use of the list: named items of a kind, sortable by date or name, filtered by kind.
// ---------------------------------------------------------------------------------------------
const item = (i: number): Item => ({
  id: `i${i}`,
  name: `Item ${i}`,
  kind: i % 2 ? 'sketch' : 'painting',
  image: i % 3 ? `/img/${i}.webp` : null,
});
const PAGE: ListPage<Item> = { items: Array.from({ length: 10 }, (_, i) => item(i + 1)), total: 30 };
const NONE: ListPage<Item> = { items: [], total: 0 };
/** Page 2 answered empty while the list now has 5 items (some were deleted): the list goes to its last page. */
const BEYOND: ListPage<Item> = { items: [], total: 5 };
const FAILURE = 'The server is away.';

const INPUT: ListInput = { sort: { field: 'createdAt', direction: 'desc' } };
const SORT_FIELDS = [
  { value: 'createdAt', label: 'Date created' },
  { value: 'name', label: 'Name' },
];
const KINDS = [
  { value: 'sketch', label: 'Sketch' },
  { value: 'painting', label: 'Painting' },
];
const FACETS: ListFacet[] = [{ name: 'kind', label: 'Kind', allLabel: 'All kinds', options: KINDS }];
const COLUMNS: ListColumn<Item>[] = [
  { id: 'image', header: 'Image', cell: (it, view) => <ListImage src={it.image} view={view} /> },
  { id: 'name', header: 'Name', sortField: 'name', link: true, cell: (it) => it.name },
  { id: 'kind', header: 'Kind', cell: (it) => it.kind },
];
const renderTile = (it: Item, view: ListView) => (
  <>
    <ListImage src={it.image} view={view} />
    <span>{it.name}</span>
  </>
);

// ---------------------------------------------------------------------------------------------
// The model: what a user can do in the view in each state. Mode and aspect are tried on the
// plain first page (they change no request); the query's dimensions are explored in the two
// large modes, one of tiles and one of rows.
// ---------------------------------------------------------------------------------------------
type Event = ModelEvent<typeof listMachine>;
const isPlain = (s: Snapshot) => {
  const c = s.context;
  return s.matches('loaded') && c.sort.field === 'createdAt' && !hasFilters(c.filters) && c.page === 1 && c.pageSize === 10;
};

function events(s: Snapshot): Event[] {
  const c = s.context;
  const out: Event[] = [];
  if (isPlain(s)) {
    // The page's items changed elsewhere (a bulk change): the same page is read again.
    out.push({ type: 'list.reload' });
    for (const mode of LIST_MODES) if (mode !== c.mode) out.push({ type: 'list.mode', mode });
    if (c.aspect === 'square') out.push({ type: 'list.aspect', aspect: 'landscape' });
  }
  if (c.mode.startsWith('small-') || c.aspect !== 'square') return out;
  if (c.sort.field !== 'name') out.push({ type: 'list.sort', field: 'name', direction: c.sort.direction });
  out.push({ type: 'list.sort', field: c.sort.field, direction: c.sort.direction === 'asc' ? 'desc' : 'asc' });
  if (c.filters.text !== 'Rose') out.push({ type: 'list.filterText', text: 'Rose' });
  if (c.filters.text !== '') out.push({ type: 'list.filterText', text: '' });
  if (c.filters.facets.kind !== 'sketch') out.push({ type: 'list.facet', name: 'kind', value: 'sketch' });
  if (c.filters.facets.kind) out.push({ type: 'list.facet', name: 'kind', value: undefined });
  out.push({ type: 'list.clearFilters' });
  // The footer (page size, pages) shows with items only.
  if (c.items.length)
    out.push(
      { type: 'list.page', page: 2 },
      { type: 'list.page', page: 1 },
      { type: 'list.pageSize', pageSize: 25 },
      { type: 'list.pageSize', pageSize: 10 },
    );
  if (c.page > 1) out.push({ type: 'xstate.done.actor.fetchPage', output: BEYOND });
  out.push(
    { type: 'list.retry' },
    { type: 'xstate.after.filterDebounce.list.debouncing' },
    { type: 'xstate.done.actor.fetchPage', output: PAGE },
    { type: 'xstate.done.actor.fetchPage', output: NONE },
    { type: 'xstate.error.actor.fetchPage', error: new Error(FAILURE) },
  );
  return out;
}

const serializeState = (s: Snapshot) => {
  const c = s.context;
  return JSON.stringify([s.value, c.mode, c.aspect, c.pageSize, c.page, c.sort, c.filters, c.items.length, c.error]);
};
const model = createModel(listMachine, { events, serializeState, input: INPUT });
// The transitions' paths; the shortest path to a loaded first page in each mode (and with landscape images); and
// one long path through every dimension of the query, in a table.
const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
const modePaths = [
  ...new Map(
    shortest
      .filter(
        (p) =>
          isPlain(p.state) &&
          p.state.context.items.length > 0 &&
          (p.state.context.aspect === 'square' || p.state.context.mode === 'large-tiles'),
      )
      .sort((a, b) => a.steps.length - b.steps.length)
      .map((p) => [`${p.state.context.mode} ${p.state.context.aspect}`, p] as const)
      .reverse(),
  ).values(),
];
const everything = shortest.find((p) => {
  const c = p.state.context;
  return (
    p.state.matches('loaded') &&
    c.mode === 'large-rows' &&
    c.sort.field === 'name' &&
    c.sort.direction === 'asc' &&
    c.filters.text === 'Rose' &&
    c.filters.facets.kind === 'sketch' &&
    c.pageSize === 25 &&
    c.page === 2
  );
})!;
const paths = [...coveringPaths(model, { minimal: true }), ...modePaths, everything];

// ---------------------------------------------------------------------------------------------
// What the view must show in every state.
// ---------------------------------------------------------------------------------------------
const root = () => screen.getByRole('group', { name: 'List options' }).parentElement!;
const itemsShown = (s: Snapshot) =>
  isTileMode(s.context.mode)
    ? within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem')
    : within(screen.getByRole('table', { name: 'Items' }))
        .getAllByRole('row')
        .slice(1);

function assertView(s: Snapshot) {
  const c = s.context;
  expect(root()).toHaveAttribute('data-state', s.value);
  // Where the list stands was told (for the address) as it got there.
  expect(positions.at(-1)).toEqual({ page: c.page, pageSize: c.pageSize, sort: c.sort, filters: c.filters, mode: c.mode });
  expect(screen.getByRole('radio', { name: LIST_MODE_LABELS[c.mode] })).toBeChecked();
  expect(screen.getByRole('searchbox', { name: 'Filter' })).toHaveValue(c.filters.text);
  expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveTextContent(
    KINDS.find((k) => k.value === c.filters.facets.kind)?.label ?? 'All kinds',
  );
  expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent(SORT_FIELDS.find((f) => f.value === c.sort.field)!.label);
  expect(screen.getByRole('radio', { name: c.sort.direction === 'asc' ? 'Ascending' : 'Descending' })).toBeChecked();
  expect(screen.getByRole('combobox', { name: 'Image aspect' })).toHaveTextContent(IMAGE_ASPECT_LABELS[c.aspect]);
  expect(screen.queryByRole('button', { name: 'Clear filters' }) !== null).toBe(hasFilters(c.filters));

  if (c.items.length === 0) {
    expect(screen.queryByRole('list', { name: 'Items' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Items' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    return;
  }
  const shown = itemsShown(s);
  expect(shown).toHaveLength(c.items.length);
  expect(shown[0]).toHaveTextContent('Item 1');
  expect(within(shown[0]).getByRole('link', { name: /Item 1/ })).toHaveAttribute('href', '/items/i1');
  const view = listView(c.mode, c.aspect);
  const img = shown[0].querySelector('img')!;
  expect(img).toHaveAttribute('height', String(view.image.height));
  expect(img).toHaveAttribute('width', String(view.image.width));
  expect(within(shown[2]).getByText('Image not available')).toBeInTheDocument();
  if (!isTileMode(c.mode)) {
    const table = screen.getByRole('table', { name: 'Items' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Image', `Name${c.sort.field === 'name' ? (c.sort.direction === 'asc' ? '▲' : '▼') : ''}`, 'Kind']);
  }
  const items = isTileMode(c.mode) ? screen.getByRole('list', { name: 'Items' }) : screen.getByRole('table', { name: 'Items' });
  expect(items).toHaveAttribute('data-mode', c.mode);
  expect(items).toHaveAttribute('aria-busy', String(s.hasTag('busy')));
  expect(screen.getByRole('combobox', { name: 'Items per page' })).toHaveTextContent(String(c.pageSize));
  const first = (c.page - 1) * c.pageSize + 1;
  expect(screen.getByText(`Showing ${first}–${first + c.items.length - 1} of ${c.total}`)).toBeInTheDocument();
  const pages = screen.getByRole('navigation', { name: 'Pagination' });
  expect(within(pages).getByRole('button', { current: 'page' })).toHaveTextContent(String(c.page));
}

let fetchPage = controlledPromise<ListPage, ListQuery>('fetchPage');
let positions: ListPosition[] = [];
const expectRequestFor = (s: Snapshot) => {
  const c = s.context;
  expect(fetchPage.pendingCount).toBe(1);
  expect(fetchPage.calls.at(-1)).toEqual({
    page: c.page,
    pageSize: c.pageSize,
    sort: c.sort.field,
    order: c.sort.direction,
    filters: c.filters,
  });
};

const states = {
  debouncing: (s: Snapshot) => {
    assertView(s);
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(fetchPage.pending).toBe(false);
  },
  loading: (s: Snapshot) => {
    assertView(s);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expectRequestFor(s);
  },
  loaded: (s: Snapshot) => {
    assertView(s);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  },
  empty: (s: Snapshot) => {
    assertView(s);
    expect(screen.getByRole('status')).toHaveTextContent(LIST_MESSAGES.empty);
  },
  failed: (s: Snapshot) => {
    assertView(s);
    expect(screen.getByRole('alert')).toHaveTextContent(FAILURE);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

// ---------------------------------------------------------------------------------------------
// Driving the view.
// ---------------------------------------------------------------------------------------------
const choose = async (user: UserEvent, select: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: select }));
  await user.click(within(screen.getByRole('listbox', { name: select })).getByRole('option', { name: option }));
};

let actor: ListActorRef | undefined;
afterEach(() => actor?.stop());

describe('list: the generic list follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    const saved: ListSettings[] = [];
    fetchPage = controlledPromise<ListPage, ListQuery>('fetchPage');
    positions = [];
    const logic = listMachine.provide({
      actors: { fetchPage: fetchPage.logic },
      actions: {
        settingsChanged: (_, settings) => void saved.push(settings),
        positionChanged: (_, position) => void positions.push(position),
      },
    });
    const list = createActor(logic, { input: INPUT, clock }).start();
    actor = list;
    render(
      <Router hook={memoryLocation({ path: '/items' }).hook}>
        <DataList<Item>
          actor={list}
          label="Items"
          columns={COLUMNS}
          renderTile={renderTile}
          itemKey={(it) => it.id}
          itemHref={(it) => `/items/${it.id}`}
          sortFields={SORT_FIELDS}
          facets={FACETS}
          showAspect
        />
      </Router>,
    );
    const now = () => list.getSnapshot().context;
    const expectSaved = () => expect(saved.at(-1)).toEqual({ mode: now().mode, pageSize: now().pageSize, aspect: now().aspect });

    await path.test({
      events: {
        'list.mode': async ({ event }) => {
          await user.click(screen.getByRole('radio', { name: LIST_MODE_LABELS[(event as Extract<Event, { type: 'list.mode' }>).mode] }));
          expectSaved();
        },
        'list.aspect': async ({ event }) => {
          await choose(user, 'Image aspect', IMAGE_ASPECT_LABELS[(event as Extract<Event, { type: 'list.aspect' }>).aspect]);
          expectSaved();
        },
        'list.sort': async ({ event }) => {
          const { field, direction } = event as Extract<Event, { type: 'list.sort' }>;
          if (field !== now().sort.field) await choose(user, 'Sort by', SORT_FIELDS.find((f) => f.value === field)!.label);
          else await user.click(screen.getByRole('radio', { name: direction === 'asc' ? 'Ascending' : 'Descending' }));
        },
        'list.filterText': async ({ event }) => {
          const { text } = event as Extract<Event, { type: 'list.filterText' }>;
          const calls = fetchPage.calls.length;
          await user.clear(screen.getByRole('searchbox', { name: 'Filter' }));
          if (text) await user.type(screen.getByRole('searchbox', { name: 'Filter' }), text);
          // Typing asks nothing until it pauses.
          expect(fetchPage.calls).toHaveLength(calls);
        },
        'xstate.after.filterDebounce.list.debouncing': () =>
          act(() => {
            clock.increment(FILTER_DEBOUNCE_MS - 1);
            expect(list.getSnapshot().value).toBe('debouncing');
            clock.increment(1);
          }),
        'list.facet': async ({ event }) => {
          const { value } = event as Extract<Event, { type: 'list.facet' }>;
          await choose(user, 'Kind', KINDS.find((k) => k.value === value)?.label ?? 'All kinds');
        },
        'list.clearFilters': () => user.click(screen.getByRole('button', { name: 'Clear filters' })),
        'list.page': async ({ event }) => {
          const { page } = event as Extract<Event, { type: 'list.page' }>;
          const pages = screen.getByRole('navigation', { name: 'Pagination' });
          await user.click(within(pages).getByRole('button', { name: new RegExp(`^(Last page, )?page ${page}$`, 'i') }));
        },
        'list.pageSize': async ({ event }) => {
          await choose(user, 'Items per page', String((event as Extract<Event, { type: 'list.pageSize' }>).pageSize));
          expectSaved();
        },
        'list.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        // Sent by the page that owns the list (My Artworks after a bulk change), not by the list's own controls.
        'list.reload': () => act(() => list.send({ type: 'list.reload' })),
        'xstate.done.actor.fetchPage': async ({ event }) => {
          const output = (event as unknown as { output: ListPage<Item> }).output;
          await act(() => fetchPage.resolve(output));
          // An empty page past the end asks at once for the last page there is.
          if (output === BEYOND) expect(fetchPage.calls.at(-1)).toMatchObject({ page: 1 });
        },
        'xstate.error.actor.fetchPage': () => act(() => fetchPage.reject(new Error(FAILURE))),
      },
      states,
    });
  });

  it('visits a loaded first page in every mode, and with landscape images', () => {
    expect(modePaths.map((p) => `${p.state.context.mode} ${p.state.context.aspect}`).sort()).toEqual(
      [...LIST_MODES.map((m) => `${m} square`), 'large-tiles landscape'].sort(),
    );
  });

  it('covers every state and transition', () => {
    assertFullCoverage(listMachine, paths, { stateTests: states, record: true, input: INPUT });
  });
});
