import * as z from 'zod/mini';
import { text } from './text.schema';

/** How many days ahead a hold counts as lapsing on Home. */
export const LAPSING_HOLD_DAYS = 7;
export const REPORT_FIRST_YEAR = 1900;

/** `GET /api/report?year=2026`: the year whose sales are counted; the current year (UTC) when absent. */
export const studioReportQuerySchema = z.object({
  year: z.optional(
    z.pipe(
      text('Year'),
      z.transform((v, ctx) => {
        const n = Number(v);
        if (!/^\d{4}$/.test(v) || n < REPORT_FIRST_YEAR || n > 9999) {
          ctx.issues.push({ code: 'custom', input: v, message: `Year must be a year from ${REPORT_FIRST_YEAR}, like 2026` });
          return z.NEVER;
        }
        return n;
      }),
    ),
  ),
});

/** Money in one currency, in minor units; a report sums per currency and never converts. */
const sumSchema = z.object({ currency: z.string(), amount: z.number() });
export type CurrencySum = z.infer<typeof sumSchema>;

/** Sales in one currency: the price less discounts (gross), the commissions, and what reached the artist (net). */
const salesSumSchema = z.object({ currency: z.string(), count: z.number(), gross: z.number(), commission: z.number(), net: z.number() });
export type SalesSum = z.infer<typeof salesSumSchema>;

export const studioReportSchema = z.object({
  year: z.number(),
  /** Pieces (a unique work is one; an edition has one per copy) by sale state and by where they are. */
  pieces: z.object({
    total: z.number(),
    sale: z.object({ available: z.number(), reserved: z.number(), sold: z.number(), notForSale: z.number() }),
    custody: z.object({ studio: z.number(), consigned: z.number(), onLoan: z.number(), withBuyer: z.number(), elsewhere: z.number() }),
  }),
  /** The asking prices of pieces still to sell (available or held), per currency; `unpriced` have no price. */
  availableValue: z.object({ sums: z.array(sumSchema), unpriced: z.number() }),
  /** Sales of the year that were not returned: totals, per gallery (null: sold directly) and per month (1-12). */
  sales: z.object({
    totals: z.array(salesSumSchema),
    byGallery: z.array(z.object({ contactId: z.nullable(z.string()), name: z.string(), ...salesSumSchema.shape })),
    byMonth: z.array(z.object({ month: z.number(), ...salesSumSchema.shape })),
  }),
  overdueConsignments: z.array(z.object({ consignmentId: z.string(), gallery: z.string(), endsOn: z.string(), worksOut: z.number() })),
  /** Holds that lapse within LAPSING_HOLD_DAYS, soonest first. */
  lapsingHolds: z.array(
    z.object({ artworkId: z.string(), title: z.string(), copy: z.nullable(z.string()), contact: z.string(), until: z.string() }),
  ),
});
export type StudioReport = z.infer<typeof studioReportSchema>;

/** The report of a studio with nothing in it yet: what every count starts from. */
export const emptyStudioReport = (year: number): StudioReport => ({
  year,
  pieces: {
    total: 0,
    sale: { available: 0, reserved: 0, sold: 0, notForSale: 0 },
    custody: { studio: 0, consigned: 0, onLoan: 0, withBuyer: 0, elsewhere: 0 },
  },
  availableValue: { sums: [], unpriced: 0 },
  sales: { totals: [], byGallery: [], byMonth: [] },
  overdueConsignments: [],
  lapsingHolds: [],
});
