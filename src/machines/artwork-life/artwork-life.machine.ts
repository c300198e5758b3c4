import { assign, raise, setup, stateIn } from 'xstate';
import { EMPTY_RECORD, type Hold, type LifeEvent, type LifeInternalEvent, type LifeRecord, type Loan } from './artwork-life.types';

/** Why the chart refuses a change: the server answers 409 with these words, the app shows them beside the action. */
export const LIFE_REASONS = {
  sold: 'Artwork is already sold',
  notForSale: 'It is not for sale: mark it for sale first',
  alreadyNotForSale: 'It is already not for sale',
  alreadyForSale: 'It is already for sale',
  held: 'It is on hold: release the hold first',
  heldForAnother: 'It is on hold for another contact: release the hold first',
  notHeld: 'It is not on hold',
  notSold: 'It has not been sold',
  onLoan: 'Return it from the loan first',
  consigned: 'Return it from the consignment first',
  alreadyConsigned: 'It is already consigned: return it from the consignment first',
  notConsigned: 'It is not consigned',
  notOnLoan: 'It is not on loan',
  inStudio: 'It is already in the studio',
} as const;

/** A timer cannot wait longer than this (setTimeout's limit, about 24.8 days): a longer hold re-arms its timer. */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;

const holdEnds = (hold: Hold | null) => (hold ? Date.parse(hold.until) : Number.NEGATIVE_INFINITY);

/** A refusal: the event is taken (so the chart can say why) but nothing changes; the reason is the action's params. */
const refuse = (reason: string) => ({ type: 'refuse', params: { reason } }) as const;

export interface LifeContext extends Omit<LifeRecord, 'sale' | 'custody'> {
  /** The record the chart was restored from (its `restoring` states read it). */
  record: LifeRecord;
  /** Whether the hold's timer, armed on entering Reserved, reaches the hold's moment or only re-arms (a long hold). */
  holdTimerReachesEnd: boolean;
}

/**
 * One piece's life (a unique artwork, or one numbered copy of an edition), in two regions that move independently:
 * whether it is for sale, and where it is. Sold is reached only by recording a sale, which also hands the piece to
 * its buyer; a return takes it back to the studio. A hold lapses by itself at its moment. Every change the chart
 * does not allow is taken as a refusal whose reason the server answers with (409) and the app shows. The server
 * restores this chart from the database for every change and writes back what it becomes, so what QA draws is what
 * the server does.
 */
export const artworkLifeMachine = setup({
  types: {
    context: {} as LifeContext,
    events: {} as LifeEvent | LifeInternalEvent,
    input: {} as LifeRecord,
    tags: {} as 'forSale',
  },
  actions: {
    /** Nothing changes; `reason` says why. */
    refuse: (_, _params: { reason: string }) => {},
    keepHold: assign(({ event }) => ({ hold: (event as { hold: Hold }).hold })),
    clearHold: assign({ hold: null }),
    armHoldTimer: assign({ holdTimerReachesEnd: ({ context }) => holdEnds(context.hold) - Date.now() <= LONGEST_TIMER_MS }),
    keepConsignment: assign(({ event }) => ({
      consignmentId: (event as { consignmentId: string }).consignmentId,
      loan: null,
      place: null,
    })),
    keepLoan: assign(({ event }) => ({ loan: (event as { loan: Loan }).loan, consignmentId: null, place: null })),
    keepPlace: assign(({ event }) => ({ place: (event as { place: string }).place, consignmentId: null, loan: null })),
    clearWhereabouts: assign({ consignmentId: null, loan: null, place: null }),
    handToBuyer: raise({ type: 'custody.toBuyer' }),
    takeBackFromBuyer: raise({ type: 'custody.fromBuyer' }),
  },
  guards: {
    recordedSold: ({ context }) => context.record.sale === 'sold',
    recordedNotForSale: ({ context }) => context.record.sale === 'notForSale',
    /** Recorded as reserved, and its moment has not come: a hold whose moment passed while no timer ran has lapsed. */
    holdRunning: ({ context }) => context.record.sale === 'reserved' && holdEnds(context.hold) > Date.now(),
    holdTimerReachesEnd: ({ context }) => context.holdTimerReachesEnd,
    heldForAnother: ({ context, event }) => context.hold?.contactId !== (event as { buyerId: string | null }).buyerId,
    onLoan: stateIn('#artworkLife.custody.onLoan'),
    recordedConsigned: ({ context }) => context.record.custody === 'consigned',
    recordedOnLoan: ({ context }) => context.record.custody === 'onLoan',
    recordedWithBuyer: ({ context }) => context.record.custody === 'withBuyer',
    recordedElsewhere: ({ context }) => context.record.custody === 'elsewhere',
  },
  delays: {
    /** Until the hold's moment, at most the longest timer (the hold then checks again). */
    holdLapse: ({ context }) => Math.min(LONGEST_TIMER_MS, Math.max(0, holdEnds(context.hold) - Date.now())),
  },
}).createMachine({
  id: 'artworkLife',
  type: 'parallel',
  context: ({ input }) => {
    const record = input ?? EMPTY_RECORD;
    return {
      record,
      hold: record.hold,
      consignmentId: record.consignmentId,
      loan: record.loan,
      place: record.place,
      holdTimerReachesEnd: true,
    };
  },
  states: {
    sale: {
      description: 'Whether the piece is for sale. saleStatus answers Available for available and reserved.',
      initial: 'restoring',
      on: {
        'sale.return': { actions: refuse(LIFE_REASONS.notSold) },
        'hold.release': { actions: refuse(LIFE_REASONS.notHeld) },
        'sale.markForSale': { actions: refuse(LIFE_REASONS.alreadyForSale) },
      },
      states: {
        restoring: {
          description: 'Takes the state the record names; a hold whose moment has passed is restored as lapsed.',
          always: [
            { guard: 'recordedSold', target: 'sold' },
            { guard: 'recordedNotForSale', target: 'notForSale' },
            { guard: 'holdRunning', target: 'reserved' },
            { target: 'available' },
          ],
        },
        available: {
          tags: ['forSale'],
          entry: 'clearHold',
          on: {
            'sale.record': [
              { guard: 'onLoan', actions: refuse(LIFE_REASONS.onLoan) },
              { target: 'sold', actions: 'handToBuyer' },
            ],
            'hold.place': { target: 'reserved', actions: 'keepHold' },
            'sale.markNotForSale': 'notForSale',
          },
        },
        reserved: {
          description: 'Held for a contact until a moment; then available again by itself.',
          tags: ['forSale'],
          entry: 'armHoldTimer',
          after: {
            holdLapse: [
              { guard: 'holdTimerReachesEnd', target: 'available' },
              { target: 'reserved', reenter: true },
            ],
          },
          on: {
            'sale.record': [
              { guard: 'onLoan', actions: refuse(LIFE_REASONS.onLoan) },
              { guard: 'heldForAnother', actions: refuse(LIFE_REASONS.heldForAnother) },
              { target: 'sold', actions: 'handToBuyer' },
            ],
            'hold.place': { target: 'reserved', reenter: true, actions: 'keepHold' },
            'hold.release': 'available',
            'sale.markNotForSale': { actions: refuse(LIFE_REASONS.held) },
          },
        },
        sold: {
          description: 'Reached only by recording a sale; a return (its own event) makes it available again.',
          entry: 'clearHold',
          on: {
            'sale.return': { target: 'available', actions: 'takeBackFromBuyer' },
            'sale.record': { actions: refuse(LIFE_REASONS.sold) },
            'hold.place': { actions: refuse(LIFE_REASONS.sold) },
            'sale.markNotForSale': { actions: refuse(LIFE_REASONS.sold) },
            'sale.markForSale': { actions: refuse(LIFE_REASONS.sold) },
          },
        },
        notForSale: {
          on: {
            'sale.markForSale': 'available',
            'sale.record': { actions: refuse(LIFE_REASONS.notForSale) },
            'hold.place': { actions: refuse(LIFE_REASONS.notForSale) },
            'sale.markNotForSale': { actions: refuse(LIFE_REASONS.alreadyNotForSale) },
          },
        },
      },
    },
    custody: {
      description: 'Where the piece is.',
      initial: 'restoring',
      on: {
        'custody.returnFromConsignment': { actions: refuse(LIFE_REASONS.notConsigned) },
        'custody.returnFromLoan': { actions: refuse(LIFE_REASONS.notOnLoan) },
      },
      states: {
        restoring: {
          description: 'Takes the place the record names.',
          always: [
            { guard: 'recordedConsigned', target: 'consigned' },
            { guard: 'recordedOnLoan', target: 'onLoan' },
            { guard: 'recordedWithBuyer', target: 'withBuyer' },
            { guard: 'recordedElsewhere', target: 'elsewhere' },
            { target: 'studio' },
          ],
        },
        studio: {
          entry: 'clearWhereabouts',
          on: {
            'custody.consign': { target: 'consigned', actions: 'keepConsignment' },
            'custody.lend': { target: 'onLoan', actions: 'keepLoan' },
            'custody.moveElsewhere': { target: 'elsewhere', actions: 'keepPlace' },
            'custody.backToStudio': { actions: refuse(LIFE_REASONS.inStudio) },
            'custody.toBuyer': 'withBuyer',
          },
        },
        consigned: {
          description: 'At a gallery under a consignment: sold through it, or returned from it.',
          on: {
            'custody.returnFromConsignment': 'studio',
            'custody.toBuyer': 'withBuyer',
            'custody.consign': { actions: refuse(LIFE_REASONS.alreadyConsigned) },
            'custody.lend': { actions: refuse(LIFE_REASONS.consigned) },
            'custody.moveElsewhere': { actions: refuse(LIFE_REASONS.consigned) },
            'custody.backToStudio': { actions: refuse(LIFE_REASONS.consigned) },
          },
        },
        onLoan: {
          description: 'Lent to an exhibition or a person until a day; lending again changes the loan.',
          on: {
            'custody.returnFromLoan': 'studio',
            'custody.lend': { target: 'onLoan', reenter: true, actions: 'keepLoan' },
            'custody.consign': { actions: refuse(LIFE_REASONS.onLoan) },
            'custody.moveElsewhere': { actions: refuse(LIFE_REASONS.onLoan) },
            'custody.backToStudio': { actions: refuse(LIFE_REASONS.onLoan) },
          },
        },
        withBuyer: {
          description: 'Sold and handed over; a return of the sale brings it back to the studio.',
          entry: 'clearWhereabouts',
          on: {
            'custody.fromBuyer': 'studio',
            'custody.consign': { actions: refuse(LIFE_REASONS.sold) },
            'custody.lend': { actions: refuse(LIFE_REASONS.sold) },
            'custody.moveElsewhere': { actions: refuse(LIFE_REASONS.sold) },
            'custody.backToStudio': { actions: refuse(LIFE_REASONS.sold) },
          },
        },
        elsewhere: {
          description: 'At a named place (storage, the framer, in transit); moving it again names the new place.',
          on: {
            'custody.backToStudio': 'studio',
            'custody.moveElsewhere': { target: 'elsewhere', reenter: true, actions: 'keepPlace' },
            'custody.consign': { target: 'consigned', actions: 'keepConsignment' },
            'custody.lend': { target: 'onLoan', actions: 'keepLoan' },
            'custody.toBuyer': 'withBuyer',
          },
        },
      },
    },
  },
});
