import * as z from 'zod/mini';
import { copyField, dayField, noteField } from './inventory-fields';
import { amountField, moneySchema, percentField } from './money.schema';
import { text } from './text.schema';

/** POST /api/artwork/{id}/sale: a sale of the artwork (of one copy of an edition). The net is computed, never typed. */
export const saleInputSchema = z
  .object({
    copy: copyField,
    contactId: z.uuid({ error: 'Buyer must be a contact (a valid contact ID)' }),
    /** The consignment it was sold through; a consigned piece is sold through its own when this is left out. */
    consignmentId: z.optional(z.uuid({ error: 'Consignment ID must be a valid UUID' })),
    date: dayField('Date'),
    price: moneySchema,
    /** In minor units of the price's currency. */
    discount: z._default(amountField('Discount'), 0),
    /** Left out: the consignment's commission when sold through one, else none. */
    commissionPercent: z.optional(percentField),
    /** Collected on top of the price, in minor units of its currency; not the artist's. */
    tax: z._default(amountField('Tax'), 0),
    invoiceNumber: z._default(
      text('Invoice number', [z.trim(), z.maxLength(50, { error: 'Invoice number must be at most 50 characters' })]),
      '',
    ),
    note: noteField,
  })
  .check(
    z.refine((v) => typeof v.discount !== 'number' || typeof v.price?.amount !== 'number' || v.discount <= v.price.amount, {
      error: 'Discount cannot exceed the price',
      path: ['discount'],
    }),
  );
export type SaleInput = z.input<typeof saleInputSchema>;
export type SaleValues = z.output<typeof saleInputSchema>;

export const saleReturnInputSchema = z.object({
  /** The day it came back; left out, today. */
  date: z.optional(dayField('Date')),
  note: noteField,
});
export type SaleReturnInput = z.input<typeof saleReturnInputSchema>;

/** A sale as the API answers it. */
export const saleSchema = z.object({
  saleId: z.string(),
  artworkId: z.string(),
  artworkTitle: z.string(),
  pieceId: z.string(),
  copy: z.nullable(z.string()),
  /** Null: an unknown buyer (a work recorded as sold without one). */
  buyer: z.nullable(z.object({ contactId: z.string(), name: z.string() })),
  consignmentId: z.nullable(z.string()),
  date: z.string(),
  /** Null: sold at an unknown price. */
  price: z.nullable(moneySchema),
  discount: z.number(),
  commissionPercent: z.number(),
  /** Computed: (price - discount) x commission, rounded to the minor unit. */
  commission: z.nullable(z.number()),
  tax: z.number(),
  /** Computed: price - discount - commission. */
  net: z.nullable(z.number()),
  invoiceNumber: z.string(),
  note: z.string(),
  /** The day it was returned, when it was. */
  returnedOn: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;

export const saleIdParams = z.object({ id: z.uuid({ error: 'Sale ID must be a valid UUID' }) });
