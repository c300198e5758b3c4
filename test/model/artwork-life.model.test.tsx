import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { artworkLifeMachine, LIFE_REASONS, LONGEST_TIMER_MS } from '../../src/machines/artwork-life/artwork-life.machine';
import { NOT_NOW, refusalOf } from '../../src/machines/artwork-life/artwork-life.rules';
import { selectCustodyLabel, selectHold, selectSaleLabel, selectSaleStatus } from '../../src/machines/artwork-life/artwork-life.selectors';
import type { LifeEvent, LifeRecord } from '../../src/machines/artwork-life/artwork-life.types';
import { EMPTY_RECORD } from '../../src/machines/artwork-life/artwork-life.types';
import { assertFullCoverage, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof artworkLifeMachine>;

// The chart reads the time when it restores a hold and when it arms the hold's timer: the model and every run start
// at the same frozen moment, and a run moves that moment with the simulated clock.
const T0 = Date.parse('2026-06-01T10:00:00.000Z');
vi.useFakeTimers({ toFake: ['Date'], now: T0 });
afterAll(() => {
  vi.useRealTimers();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const SHORT_HOLD = { contactId: 'ada', until: iso(T0 + 2 * HOUR) };
/** Longer than one timer can wait (about 24.8 days), even after it waited once: the timer re-arms. */
const LONG_HOLD = { contactId: 'ada', until: iso(T0 + 60 * DAY) };
const AFTER = 'xstate.after.holdLapse.artworkLife.sale.reserved';

/** Every public event, with the payloads that take each branch (a buyer who holds it or not, a short or a long hold). */
const PUBLIC_EVENTS: LifeEvent[] = [
  { type: 'sale.record', buyerId: 'ada' },
  { type: 'sale.record', buyerId: 'bea' },
  { type: 'sale.return' },
  { type: 'sale.markNotForSale' },
  { type: 'sale.markForSale' },
  { type: 'hold.place', hold: SHORT_HOLD },
  { type: 'hold.place', hold: LONG_HOLD },
  { type: 'hold.release' },
  { type: 'custody.consign', consignmentId: 'k1' },
  { type: 'custody.returnFromConsignment' },
  { type: 'custody.lend', loan: { borrower: 'Tate', until: '2026-09-01' } },
  { type: 'custody.returnFromLoan' },
  { type: 'custody.moveElsewhere', place: 'Framer' },
  { type: 'custody.backToStudio' },
];
const events: Array<ModelEvent<typeof artworkLifeMachine>> = [...PUBLIC_EVENTS, { type: AFTER } as never];

/** The records the chart is restored from: each region's every start, a running and a lapsed hold. */
const INPUTS: LifeRecord[] = [
  EMPTY_RECORD,
  { ...EMPTY_RECORD, sale: 'sold', custody: 'withBuyer' },
  { ...EMPTY_RECORD, sale: 'notForSale', custody: 'consigned', consignmentId: 'k1' },
  { ...EMPTY_RECORD, sale: 'reserved', hold: SHORT_HOLD, custody: 'onLoan', loan: { borrower: 'Tate', until: '2026-09-01' } },
  { ...EMPTY_RECORD, sale: 'reserved', hold: { contactId: 'ada', until: iso(T0 - HOUR) }, custody: 'elsewhere', place: 'Storage' },
];

const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.hold?.until ?? null,
    s.context.holdTimerReachesEnd,
    s.context.consignmentId,
    s.context.loan,
    s.context.place,
  ]);
const pathsByInput = INPUTS.map((input) => coveringPaths(createModel(artworkLifeMachine, { events, serializeState, input })));

const reason = (s: Snapshot, e: LifeEvent) => refusalOf(s, e);

const states = {
  'sale.available': (s: Snapshot) => {
    expect(selectSaleLabel(s)).toBe('Available');
    expect(selectSaleStatus(s)).toBe('AVAILABLE');
    expect(selectHold(s)).toBeNull();
    expect(reason(s, { type: 'hold.release' })).toBe(LIFE_REASONS.notHeld);
    expect(reason(s, { type: 'sale.return' })).toBe(LIFE_REASONS.notSold);
  },
  'sale.reserved': (s: Snapshot) => {
    expect(selectSaleLabel(s)).toBe('On hold');
    // Reserved shows as Available, with a hold.
    expect(selectSaleStatus(s)).toBe('AVAILABLE');
    expect(selectHold(s)?.contactId).toBe('ada');
    expect(reason(s, { type: 'sale.markNotForSale' })).toBe(LIFE_REASONS.held);
    expect(reason(s, { type: 'hold.release' })).toBeNull();
  },
  'sale.sold': (s: Snapshot) => {
    expect(selectSaleLabel(s)).toBe('Sold');
    expect(selectSaleStatus(s)).toBe('SOLD');
    expect(s.matches({ custody: 'withBuyer' })).toBe(true);
    expect(reason(s, { type: 'sale.record', buyerId: 'ada' })).toBe(LIFE_REASONS.sold);
    expect(reason(s, { type: 'sale.return' })).toBeNull();
  },
  'sale.notForSale': (s: Snapshot) => {
    expect(selectSaleLabel(s)).toBe('Not for sale');
    expect(selectSaleStatus(s)).toBe('NOT_FOR_SALE');
    expect(reason(s, { type: 'sale.record', buyerId: 'ada' })).toBe(LIFE_REASONS.notForSale);
  },
  'custody.studio': (s: Snapshot) => {
    expect(selectCustodyLabel(s)).toBe('In the studio');
    expect([s.context.consignmentId, s.context.loan, s.context.place]).toEqual([null, null, null]);
    expect(reason(s, { type: 'custody.backToStudio' })).toBe(LIFE_REASONS.inStudio);
  },
  'custody.consigned': (s: Snapshot) => {
    expect(selectCustodyLabel(s)).toBe('Consigned');
    expect(s.context.consignmentId).toBe('k1');
    expect(reason(s, { type: 'custody.lend', loan: { borrower: 'X', until: '2026-09-01' } })).toBe(LIFE_REASONS.consigned);
    expect(reason(s, { type: 'custody.consign', consignmentId: 'k2' })).toBe(LIFE_REASONS.alreadyConsigned);
  },
  'custody.onLoan': (s: Snapshot) => {
    expect(selectCustodyLabel(s)).toBe('On loan');
    expect(s.context.loan?.borrower).toBe('Tate');
    expect(reason(s, { type: 'custody.moveElsewhere', place: 'X' })).toBe(LIFE_REASONS.onLoan);
    if (!s.matches({ sale: 'sold' })) expect(reason(s, { type: 'sale.record', buyerId: 'ada' })).not.toBeNull();
  },
  'custody.withBuyer': (s: Snapshot) => {
    expect(selectCustodyLabel(s)).toBe('With the buyer');
    expect(s.matches({ sale: 'sold' })).toBe(true);
    expect(reason(s, { type: 'custody.consign', consignmentId: 'k1' })).toBe(LIFE_REASONS.sold);
  },
  'custody.elsewhere': (s: Snapshot) => {
    expect(selectCustodyLabel(s)).toBe('Elsewhere');
    expect(s.context.place).toMatch(/^(Framer|Storage)$/);
    expect(reason(s, { type: 'custody.returnFromLoan' })).toBe(LIFE_REASONS.notOnLoan);
  },
};

INPUTS.forEach((input, i) => {
  describe(`artwork life from ${input.sale}/${input.custody}${input.hold ? ` (hold until ${input.hold.until})` : ''}`, () => {
    beforeEach(() => {
      vi.setSystemTime(T0);
    });

    it.for(pathsByInput[i].map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
      const clock = new SimulatedClock();
      const life = createActor(artworkLifeMachine, { input, clock }).start();
      const send = ({ event }: { event: object }) => life.send(event as LifeEvent);
      await path.test({
        events: {
          ...Object.fromEntries(PUBLIC_EVENTS.map((e) => [e.type, send])),
          // The hold's timer fires: a millisecond short changes nothing; its whole delay lapses it (or re-arms it).
          [AFTER]: () => {
            const until = Date.parse(life.getSnapshot().context.hold!.until);
            const delay = Math.min(LONGEST_TIMER_MS, Math.max(0, until - Date.now()));
            vi.setSystemTime(Date.now() + delay);
            clock.increment(delay - 1);
            expect(life.getSnapshot().matches({ sale: 'reserved' })).toBe(true);
            clock.increment(1);
          },
        } as never,
        states: Object.fromEntries(Object.entries(states).map(([key, check]) => [key, () => check(life.getSnapshot())])),
      });
    });
  });
});

describe('artwork life: reasons and time', () => {
  beforeEach(() => {
    vi.setSystemTime(T0);
  });

  it('every public event, in every state a path reaches, is either taken or refused with a reason of its own', () => {
    const reached = pathsByInput.flat().flatMap((p) => p.steps.map((s) => s.state as Snapshot));
    expect(reached.length).toBeGreaterThan(50);
    for (const s of reached)
      for (const e of PUBLIC_EVENTS) expect(refusalOf(s, e), `${JSON.stringify(s.value)} ${e.type}`).not.toBe(NOT_NOW);
  });

  it('a hold lapses by itself at its moment, with a simulated clock', () => {
    const clock = new SimulatedClock();
    const life = createActor(artworkLifeMachine, { input: EMPTY_RECORD, clock }).start();
    life.send({ type: 'hold.place', hold: SHORT_HOLD });
    clock.increment(2 * HOUR - 1);
    expect(life.getSnapshot().value).toEqual({ sale: 'reserved', custody: 'studio' });
    vi.setSystemTime(T0 + 2 * HOUR);
    clock.increment(1);
    expect(life.getSnapshot().value).toEqual({ sale: 'available', custody: 'studio' });
    expect(life.getSnapshot().context.hold).toBeNull();
  });

  it('a hold longer than a timer can wait re-arms and lapses at its moment, not before (setTimeout would fire at once)', () => {
    const clock = new SimulatedClock();
    const life = createActor(artworkLifeMachine, { input: EMPTY_RECORD, clock }).start();
    life.send({ type: 'hold.place', hold: LONG_HOLD });
    let now = T0;
    const advance = (ms: number) => {
      now += ms;
      vi.setSystemTime(now);
      clock.increment(ms);
    };
    advance(LONGEST_TIMER_MS);
    advance(LONGEST_TIMER_MS);
    expect(life.getSnapshot().matches({ sale: 'reserved' })).toBe(true);
    advance(60 * DAY - 2 * LONGEST_TIMER_MS - 1);
    expect(life.getSnapshot().matches({ sale: 'reserved' })).toBe(true);
    advance(1);
    expect(life.getSnapshot().matches({ sale: 'available' })).toBe(true);
  });

  it('covers every state and transition of both regions, each state asserted', () => {
    assertFullCoverage(artworkLifeMachine, pathsByInput.flat(), { stateTests: states, inputs: INPUTS, record: true });
  });
});
