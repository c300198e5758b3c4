import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { artworkInventoryMachine, type InventoryLoaded } from '../../src/machines/artwork-inventory/artwork-inventory.machine';
import type { ActionRequest } from '../../src/machines/artwork-inventory/life-actions';
import type { HistoryPage } from '../../src/schemas/history.schema';
import type { Inventory, Piece } from '../../src/schemas/inventory.schema';
import { ServiceError } from '../../src/services/api-error';
import { ArtworkInventoryPanel } from '../../src/views/artwork-inventory/ArtworkInventoryPanel';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof artworkInventoryMachine>;

const PIECE: Piece = {
  pieceId: 'p1',
  kind: 'unique',
  number: null,
  copy: null,
  sale: 'available',
  custody: 'studio',
  hold: null,
  holdLapsed: false,
  consignment: null,
  loan: null,
  place: null,
  price: null,
  currentSale: null,
};
const INVENTORY: Inventory = { artworkId: 'a1', edition: null, remaining: 1, priceDisplay: 'hidden', pieces: [PIECE] };
const SOLD: Inventory = {
  ...INVENTORY,
  remaining: 0,
  pieces: [
    {
      ...PIECE,
      sale: 'sold',
      custody: 'withBuyer',
      currentSale: {
        saleId: 's1',
        buyer: { contactId: 'c1', name: 'Grace Hopper' },
        date: '2026-03-05',
        price: { amount: 125000, currency: 'EUR' },
        net: 125000,
      },
    },
  ],
};
const entry = (n: number, type = 'artwork.movedElsewhere') => ({
  entryId: `e${n}`,
  date: null,
  recordedAt: '2026-03-01T10:00:00.000Z',
  type,
  message: '',
  copy: null,
  what: 'Where',
  from: 'In the studio',
  to: `Elsewhere: Place ${n}`,
  changes: [{ what: 'Where', from: 'In the studio', to: `Elsewhere: Place ${n}` }],
  who: 'artist' as const,
  note: n === 1 ? 'Reframed' : '',
});
const FIRST_PAGE: HistoryPage = { items: [entry(1)], nextCursor: 'c1' };
const OLDER: HistoryPage = { items: [entry(2)], nextCursor: null };
const AFTER_SALE: HistoryPage = {
  items: [
    {
      ...entry(3, 'artwork.sold'),
      what: 'Sale status',
      from: 'Available',
      to: 'Sold',
      changes: [{ what: 'Sale status', from: 'Available', to: 'Sold' }],
    },
  ],
  nextCursor: null,
};
const LOADED: InventoryLoaded = {
  inventory: INVENTORY,
  history: FIRST_PAGE,
  contacts: [
    {
      contactId: 'c1',
      name: 'Grace Hopper',
      email: '',
      phone: '',
      address: '',
      kind: 'collector',
      notes: '',
      createdAt: '',
      updatedAt: '',
    },
  ],
};
const REFUSED = new ServiceError('Artwork is already sold', 409, 'NOT_ALLOWED_NOW');

const events: Array<ModelEvent<typeof artworkInventoryMachine>> = [
  { type: 'xstate.done.actor.load', output: LOADED },
  { type: 'xstate.error.actor.load', error: new ServiceError('The server cannot be reached.') },
  { type: 'inventory.retry' },
  { type: 'history.more' },
  { type: 'xstate.done.actor.moreHistory', output: OLDER },
  { type: 'xstate.error.actor.moreHistory', error: new ServiceError('The server cannot be reached.') },
  { type: 'action.open', action: 'sell', pieceId: 'p1' },
  { type: 'action.change', field: 'amount', value: '12,5.x' },
  { type: 'action.change', field: 'amount', value: '1250.00' },
  { type: 'action.submit' },
  { type: 'action.cancel' },
  { type: 'xstate.done.actor.act', output: { inventory: SOLD, history: AFTER_SALE } },
  { type: 'xstate.error.actor.act', error: REFUSED },
];

const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.inventory?.pieces[0].sale ?? null,
    s.context.nextCursor,
    s.context.history.length,
    s.context.dialog && [s.context.dialog.values.amount, Object.keys(s.context.dialog.fieldErrors), s.context.dialog.error],
  ]);
const model = createModel(artworkInventoryMachine, { events, serializeState, input: { artworkId: 'a1' } });
const paths = coveringPaths(model);

const dialog = () => screen.queryByRole('dialog');
const pieceCard = () => screen.getByRole('listitem', { name: 'This work' });

const states = {
  loading: () => {
    expect(screen.getByText('Loading where this work is...')).toBeInTheDocument();
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent('The server cannot be reached.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
  'ready.idle': async (s: Snapshot) => {
    await waitFor(() => expect(dialog()).toBeNull());
    const sold = s.context.inventory!.pieces[0].sale === 'sold';
    expect(within(pieceCard()).getByTestId('sale-state')).toHaveTextContent(sold ? 'Sold' : 'Available');
    if (sold) {
      expect(within(pieceCard()).queryByRole('button', { name: 'Record a sale' })).toBeNull();
      expect(within(pieceCard()).getByRole('button', { name: 'Return the sale' })).toBeEnabled();
      expect(pieceCard()).toHaveTextContent('Sold to Grace Hopper on 2026-03-05 for EUR 1,250.00');
    } else {
      expect(within(pieceCard()).getByRole('button', { name: 'Record a sale' })).toBeEnabled();
    }
    expect(screen.getByRole('list', { name: 'History' }).querySelectorAll(':scope > li')).toHaveLength(s.context.history.length);
    if (s.context.nextCursor) expect(screen.getByRole('button', { name: 'Older changes' })).toBeEnabled();
    else expect(screen.queryByRole('button', { name: 'Older changes' })).toBeNull();
    if (s.context.error) expect(screen.getByRole('alert')).toHaveTextContent(s.context.error);
  },
  'ready.loadingMore': () => {
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(within(pieceCard()).getByRole('button', { name: 'Record a sale' })).toBeDisabled();
  },
  'ready.dialog.editing': (s: Snapshot) => {
    const d = within(dialog()!);
    expect(d.getByRole('heading', { name: 'Record a sale' })).toBeInTheDocument();
    expect(d.getByRole('combobox', { name: 'Buyer' })).toBeEnabled();
    expect(d.getByLabelText('Price')).toHaveValue(s.context.dialog!.values.amount);
    const amountError = s.context.dialog!.fieldErrors.amount;
    if (amountError) expect(d.getByText(amountError)).toBeInTheDocument();
    if (s.context.dialog!.error) expect(d.getByRole('alert')).toHaveTextContent('Artwork is already sold');
    else expect(d.queryByRole('alert')).toBeNull();
    expect(d.getByRole('button', { name: 'Record a sale' })).toBeEnabled();
  },
  'ready.dialog.sending': () => {
    const d = within(dialog()!);
    expect(d.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(d.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

describe("artwork inventory: the artwork page's pieces, history and dialogs follow the chart", () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const load = controlledPromise<InventoryLoaded, { artworkId: string }>('load');
    const more = controlledPromise<HistoryPage, { artworkId: string; cursor: string }>('moreHistory');
    const send = controlledPromise<{ inventory: Inventory; history: HistoryPage }, { artworkId: string; request: ActionRequest }>('act');
    const notices: string[] = [];
    render(
      <ArtworkInventoryPanel
        artworkId="a1"
        logic={artworkInventoryMachine.provide({
          actors: { load: load.logic, moreHistory: more.logic, act: send.logic },
          actions: { notify: (_, n) => void notices.push(n.title) },
        })}
      />,
    );
    await path.test({
      events: {
        'xstate.done.actor.load': () => act(() => load.resolve(LOADED)),
        'xstate.error.actor.load': () => act(() => load.reject(new ServiceError('The server cannot be reached.'))),
        'inventory.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        'history.more': () => user.click(screen.getByRole('button', { name: 'Older changes' })),
        'xstate.done.actor.moreHistory': () => act(() => more.resolve(OLDER)),
        'xstate.error.actor.moreHistory': () => act(() => more.reject(new ServiceError('The server cannot be reached.'))),
        'action.open': () => user.click(within(pieceCard()).getByRole('button', { name: 'Record a sale' })),
        'action.change': async ({ event }) => {
          const price = within(dialog()!).getByLabelText('Price');
          await user.clear(price);
          await user.type(price, (event as unknown as { value: string }).value);
        },
        'action.submit': () => user.click(within(dialog()!).getByRole('button', { name: /Record a sale|Saving/ })),
        // While sending, Cancel is disabled: clicking it changes nothing.
        'action.cancel': () => user.click(within(dialog()!).getByRole('button', { name: 'Cancel' })),
        'xstate.done.actor.act': () => act(() => send.resolve({ inventory: SOLD, history: AFTER_SALE })),
        'xstate.error.actor.act': () => act(() => send.reject(REFUSED)),
      },
      states,
    });
    // A change that went through is told once; the request carried the typed price in minor units.
    const done = path.steps.filter((s) => s.event.type === 'xstate.done.actor.act').length;
    expect(notices).toEqual(Array(done).fill('Sale recorded'));
    for (const call of send.calls) {
      expect(call.request).toMatchObject({ kind: 'sell', body: { price: { amount: 125000, currency: 'EUR' } } });
    }
  });

  it('covers every state and transition', () => {
    assertFullCoverage(artworkInventoryMachine, paths, { stateTests: states, record: true, input: { artworkId: 'a1' } });
  });
});
