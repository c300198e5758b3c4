import * as z from 'zod/mini';
import { copyField, dayField, noteField } from './inventory-fields';
import { moneySchema } from './money.schema';
import { text } from './text.schema';

/** Where a piece stands for sale: 'reserved' is a hold for a named contact until a moment, which lapses by itself. */
export const SALE_STATES = ['available', 'reserved', 'sold', 'notForSale'] as const;
export type SaleState = (typeof SALE_STATES)[number];

/** Where a piece physically is. */
export const CUSTODY_STATES = ['studio', 'consigned', 'onLoan', 'withBuyer', 'elsewhere'] as const;
export type CustodyState = (typeof CUSTODY_STATES)[number];

export const PRICE_DISPLAYS = ['price', 'onRequest', 'hidden'] as const;
export type PriceDisplay = (typeof PRICE_DISPLAYS)[number];
export const PRICE_DISPLAY_LABELS: Record<PriceDisplay, string> = {
  price: 'Show the price',
  onRequest: 'Price on request',
  hidden: 'Say nothing about the price',
};

export const SALE_STATE_LABELS: Record<SaleState, string> = {
  available: 'Available',
  reserved: 'On hold',
  sold: 'Sold',
  notForSale: 'Not for sale',
};
export const CUSTODY_STATE_LABELS: Record<CustodyState, string> = {
  studio: 'In the studio',
  consigned: 'Consigned',
  onLoan: 'On loan',
  withBuyer: 'With the buyer',
  elsewhere: 'Elsewhere',
};

const contactRef = z.object({ contactId: z.string(), name: z.string() });

/** One piece as the artwork page shows it: its life (sale and custody), what goes with it, its price. */
export const pieceSchema = z.object({
  pieceId: z.string(),
  kind: z.enum(['unique', 'numbered', 'proof']),
  number: z.nullable(z.number()),
  /** '3/25', 'AP 1/2'; null for a unique work. */
  copy: z.nullable(z.string()),
  /** As of the answer: a hold whose moment has passed is answered 'available' (with `holdLapsed`). */
  sale: z.enum(SALE_STATES),
  custody: z.enum(CUSTODY_STATES),
  hold: z.nullable(z.object({ contact: contactRef, until: z.string() })),
  /** The record said On hold, but its moment has passed: the hold lapsed by itself. */
  holdLapsed: z.boolean(),
  consignment: z.nullable(z.object({ consignmentId: z.string(), gallery: contactRef, endsOn: z.string() })),
  loan: z.nullable(z.object({ borrower: z.string(), until: z.string() })),
  place: z.nullable(z.string()),
  price: z.nullable(moneySchema),
  /** The sale that made it Sold, while it stands. */
  currentSale: z.nullable(
    z.object({
      saleId: z.string(),
      buyer: z.nullable(contactRef),
      date: z.string(),
      price: z.nullable(moneySchema),
      net: z.nullable(z.number()),
    }),
  ),
});
export type Piece = z.infer<typeof pieceSchema>;

/** GET /api/artwork/{id}/inventory: the artwork's pieces and how many remain for sale. */
export const inventorySchema = z.object({
  artworkId: z.string(),
  /** Null for a unique work. */
  edition: z.nullable(z.object({ size: z.number(), proofs: z.number() })),
  /** Pieces still for sale (available or on hold). */
  remaining: z.number(),
  priceDisplay: z.enum(PRICE_DISPLAYS),
  pieces: z.array(pieceSchema),
});
export type Inventory = z.infer<typeof inventorySchema>;

const contactId = (label: string) => z.uuid({ error: `${label} must be a contact (a valid contact ID)` });

/** An instant or a day ('2026-03-05' holds through that day, UTC), in the future. */
const untilField = z.string({ error: 'Until is required' }).check(
  z.refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}/.test(v), { error: 'Until must be a date', abort: true }),
  z.refine((v) => holdEnd(v) > Date.now(), { error: 'Until must be in the future' }),
);
/** When a hold given as a day ends: the end of that day (UTC); an instant ends at itself. */
export const holdEnd = (until: string) => (/^\d{4}-\d{2}-\d{2}$/.test(until) ? Date.parse(`${until}T23:59:59.999Z`) : Date.parse(until));

export const holdInputSchema = z.object({ copy: copyField, contactId: contactId('Contact'), until: untilField, note: noteField });
export const releaseInputSchema = z.object({ copy: copyField, note: noteField });
export const loanInputSchema = z.object({
  copy: copyField,
  borrower: text('Borrower', [
    z.trim(),
    z.minLength(1, { error: 'Name the exhibition or the person borrowing it' }),
    z.maxLength(200, { error: 'Borrower must be at most 200 characters' }),
  ]),
  until: dayField('Until'),
  note: noteField,
});
export const locationInputSchema = z.object({
  copy: copyField,
  place: text('Place', [
    z.trim(),
    z.minLength(1, { error: 'Name the place (storage, framer, in transit...)' }),
    z.maxLength(200, { error: 'Place must be at most 200 characters' }),
  ]),
  note: noteField,
});
export const availabilityInputSchema = z.object({
  copy: copyField,
  forSale: z.boolean({ error: 'forSale must be true or false' }),
  note: noteField,
});

export const pricingInputSchema = z
  .object({
    /** Which copy; left out for an edition, every copy not sold gets the price. */
    copy: copyField,
    /** The asking price, or null to remove it; left out, unchanged. */
    price: z.optional(z.nullable(moneySchema)),
    display: z.optional(z.enum(PRICE_DISPLAYS, { error: 'Display must be price, onRequest or hidden' })),
    note: noteField,
  })
  .check(z.refine((v) => v.price !== undefined || v.display !== undefined, { error: 'Give a price, a display, or both', path: ['price'] }));
export type PricingInput = z.input<typeof pricingInputSchema>;

export const EDITION_MAX = 10_000;
export const editionInputSchema = z
  .object({
    /** Numbered copies (2 or more), or null for a unique work. */
    size: z.nullable(
      z
        .number({ error: 'Edition size must be a number' })
        .check(
          z.int({ error: `Edition size must be a whole number from 2 to ${EDITION_MAX}` }),
          z.gte(2, { error: `Edition size must be a whole number from 2 to ${EDITION_MAX}` }),
          z.lte(EDITION_MAX, { error: `Edition size must be a whole number from 2 to ${EDITION_MAX}` }),
        ),
    ),
    proofs: z._default(
      z
        .number({ error: "Artist's proofs must be a number" })
        .check(
          z.int({ error: "Artist's proofs must be a whole number from 0 to 100" }),
          z.gte(0, { error: "Artist's proofs must be a whole number from 0 to 100" }),
          z.lte(100, { error: "Artist's proofs must be a whole number from 0 to 100" }),
        ),
      0,
    ),
    note: noteField,
  })
  .check(z.refine((v) => v.size !== null || v.proofs === 0, { error: "Artist's proofs need an edition size", path: ['proofs'] }));
export type EditionInput = z.input<typeof editionInputSchema>;

/** A returned loan, a piece back in the studio, a hold released: only which copy and a note. */
export const pieceNoteInputSchema = releaseInputSchema;

export type HoldInput = z.input<typeof holdInputSchema>;
export type LoanInput = z.input<typeof loanInputSchema>;
export type LocationInput = z.input<typeof locationInputSchema>;
export type AvailabilityInput = z.input<typeof availabilityInputSchema>;
export type PieceNoteInput = z.input<typeof pieceNoteInputSchema>;
