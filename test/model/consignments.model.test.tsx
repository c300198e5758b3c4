import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { consignmentsMachine } from '../../src/machines/consignments/consignments.machine';
import {
  CONSIGNMENT_MESSAGES,
  type Consignment,
  type ConsignmentItem,
  type ConsignmentReturnInput,
} from '../../src/schemas/consignment.schema';
import { ConsignmentsPage } from '../../src/views/consignments/ConsignmentsPage';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof consignmentsMachine>;
type Event = ModelEvent<typeof consignmentsMachine>;
const FAILURE = 'The server cannot be reached.';

const item = (n: number, extra: Partial<ConsignmentItem> = {}): ConsignmentItem => ({
  artworkId: `a${n}`,
  pieceId: `p${n}`,
  title: `Study ${n}`,
  copy: null,
  state: 'atGallery',
  returnedOn: null,
  saleId: null,
  imageUrl: null,
  ...extra,
});
/** At Galerie Nord and overdue: a unique work and an edition's copy still there, a third work already returned. */
const NORD: Consignment = {
  consignmentId: 'c1',
  gallery: { contactId: 'g1', name: 'Galerie Nord' },
  commissionPercent: 40,
  startsOn: '2026-01-01',
  endsOn: '2026-03-31',
  terms: '',
  open: 2,
  overdue: true,
  items: [item(1), item(2, { copy: '3/25' }), item(3, { state: 'returned', returnedOn: '2026-02-01' })],
  createdAt: '2026-01-01T10:00:00.000Z',
};
/** NORD after the chosen pieces came back. */
const afterReturn = (pieceIds: readonly string[]): Consignment => {
  const items = NORD.items.map((i) => (pieceIds.includes(i.pieceId) ? { ...i, state: 'returned' as const, returnedOn: '2026-11-29' } : i));
  const open = items.filter((i) => i.state === 'atGallery').length;
  return { ...NORD, items, open, overdue: open > 0 };
};
const nordOf = (s: Snapshot) => s.context.consignments.find((c) => c.consignmentId === 'c1');

const events = (s: Snapshot): Event[] => {
  if (s.matches('loading'))
    return [
      { type: 'xstate.done.actor.loadConsignments', output: [NORD] },
      { type: 'xstate.done.actor.loadConsignments', output: [] },
      { type: 'xstate.error.actor.loadConsignments', error: new Error(FAILURE) },
    ];
  if (s.matches('failed')) return [{ type: 'list.retry' }];
  if (s.matches('returning'))
    return [
      { type: 'xstate.done.actor.returnWorks', output: afterReturn(s.context.chosen.c1 ?? []) },
      { type: 'xstate.error.actor.returnWorks', error: new Error('It was already returned from this consignment') },
    ];
  const nord = nordOf(s);
  if (!nord) return [];
  return [
    ...nord.items
      .filter((i) => i.state === 'atGallery')
      .map((i) => ({ type: 'item.toggle', consignmentId: 'c1', pieceId: i.pieceId }) as Event),
    { type: 'works.return', consignmentId: 'c1' },
  ];
};
const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.consignments.map((c) => c.items.map((i) => i.state)),
    [...(s.context.chosen.c1 ?? [])].sort(),
    Boolean(s.context.error),
  ]);
const model = createModel(consignmentsMachine, { events, serializeState });
const paths = coveringPaths(model);

const nameOf = (i: ConsignmentItem) => `${i.title}${i.copy ? ` (${i.copy})` : ''}`;
const card = () => screen.getByRole('article', { name: 'Galerie Nord' });
const showsNord = (s: Snapshot) => {
  const nord = nordOf(s)!;
  const chosen = s.context.chosen.c1 ?? [];
  expect(
    within(card()).getByText(
      `1 Jan 2026 to 31 Mar 2026 · 40% commission · ${nord.open === 1 ? '1 work' : `${nord.open} works`} at the gallery`,
    ),
  ).toBeInTheDocument();
  expect(within(card()).queryByText(CONSIGNMENT_MESSAGES.overdue) !== null).toBe(nord.overdue);
  for (const i of nord.items) {
    const box = within(card()).queryByRole('checkbox', { name: nameOf(i) });
    if (i.state === 'atGallery') {
      expect(box).toHaveProperty('checked', chosen.includes(i.pieceId));
      expect(box).toHaveProperty('disabled', s.matches('returning'));
    } else expect(box).toBeNull();
  }
  const returnButton = within(card()).queryByRole('button', {
    name: s.matches('returning') ? 'Returning...' : CONSIGNMENT_MESSAGES.returnChosen(chosen.length),
  });
  if (nord.open) expect(returnButton).toHaveProperty('disabled', s.matches('returning') || chosen.length === 0);
  else expect(returnButton).toBeNull();
  expect(within(card()).getByRole('button', { name: CONSIGNMENT_MESSAGES.form })).toBeEnabled();
};

const states = {
  loading: () => {
    expect(screen.getByRole('status')).toHaveTextContent(CONSIGNMENT_MESSAGES.loading);
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(`${CONSIGNMENT_MESSAGES.fetchFailed}: ${FAILURE}`);
  },
  ready: (s: Snapshot) => {
    if (s.context.consignments.length === 0) {
      expect(screen.getByText(CONSIGNMENT_MESSAGES.empty)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: CONSIGNMENT_MESSAGES.emptyAction })).toHaveAttribute('href', '/portfolio/artwork');
    } else showsNord(s);
  },
  returning: showsNord,
};

describe('consignments: works at galleries come back to the studio, as the chart says', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const load = controlledPromise<Consignment[]>('loadConsignments');
    const returnWorks = controlledPromise<Consignment, { consignmentId: string; input: ConsignmentReturnInput }>('returnWorks');
    const toasts: string[] = [];
    const logic = consignmentsMachine.provide({
      actors: { loadConsignments: load.logic, returnWorks: returnWorks.logic },
      actions: {
        notifyReturned: (_, count) => void toasts.push(`returned ${count}`),
        notifyReturnFailed: (_, message) => void toasts.push(message),
      },
    });
    render(
      <Router hook={memoryLocation({ path: '/portfolio/consignments' }).hook}>
        <ConsignmentsPage logic={logic} paperwork={{ download: () => Promise.reject(new Error('not in this test')) }} />
      </Router>,
    );
    let chosenBefore: string[] = [];
    await path.test({
      events: {
        'xstate.done.actor.loadConsignments': ({ event }) =>
          act(() => load.resolve((event as unknown as { output: Consignment[] }).output)),
        'xstate.error.actor.loadConsignments': () => act(() => load.reject(new Error(FAILURE))),
        'list.retry': () => user.click(screen.getByRole('button', { name: 'Retry' })),
        'item.toggle': ({ event }) => {
          const pieceId = (event as unknown as { pieceId: string }).pieceId;
          return user.click(within(card()).getByRole('checkbox', { name: nameOf(NORD.items.find((i) => i.pieceId === pieceId)!) }));
        },
        'works.return': async () => {
          const button = within(card()).getByRole('button', { name: /^Return/ });
          chosenBefore = NORD.items
            .filter((i) => (within(card()).queryByRole('checkbox', { name: nameOf(i) }) as HTMLInputElement | null)?.checked === true)
            .map((i) => i.pieceId);
          await user.click(button);
          if (chosenBefore.length) {
            // Unique works by id, copies by their label.
            const sent = returnWorks.calls.at(-1)!;
            expect(sent.consignmentId).toBe('c1');
            expect(sent.input.artworkIds).toEqual(chosenBefore.includes('p1') ? ['a1'] : []);
            expect(sent.input.copies).toEqual(chosenBefore.includes('p2') ? [{ artworkId: 'a2', copy: '3/25' }] : []);
          }
        },
        'xstate.done.actor.returnWorks': async ({ event }) => {
          await act(() => returnWorks.resolve((event as unknown as { output: Consignment }).output));
          expect(toasts.at(-1)).toBe(`returned ${chosenBefore.length}`);
        },
        'xstate.error.actor.returnWorks': async () => {
          await act(() => returnWorks.reject(new Error('It was already returned from this consignment')));
          expect(toasts.at(-1)).toBe('It was already returned from this consignment');
        },
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(consignmentsMachine, paths, { stateTests: states, record: true });
  });
});
