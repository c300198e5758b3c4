import * as z from 'zod/mini';
import { dayField, noteField } from './inventory-fields';
import { percentField } from './money.schema';
import { plural } from './plural';
import { text } from './text.schema';

const artworkIds = z
  .array(z.uuid({ error: 'Artwork ID must be a valid UUID' }))
  .check(z.maxLength(500, { error: 'At most 500 works at once' }));
/** Copies of editions: the artwork and which copy ('3/25', 'AP 1'). */
const copies = z
  .array(
    z.object({
      artworkId: z.uuid({ error: 'Artwork ID must be a valid UUID' }),
      copy: text('Copy', [
        z.trim(),
        z.minLength(1, { error: 'Copy is required' }),
        z.maxLength(20, { error: 'Copy must be like 3/25 or AP 1/2' }),
      ]),
    }),
  )
  .check(z.maxLength(500, { error: 'At most 500 copies at once' }));

const someWork = z.refine<{ artworkIds?: unknown[]; copies?: unknown[] }>(
  (v) => (v.artworkIds?.length ?? 0) + (v.copies?.length ?? 0) > 0,
  { error: 'Choose at least one work', path: ['artworkIds'] },
);

/** POST /api/consignment: works left with a gallery contact, for a commission, from one day to another. */
export const consignmentInputSchema = z
  .object({
    contactId: z.uuid({ error: 'Gallery must be a contact (a valid contact ID)' }),
    /** Unique works; an edition's copies go in `copies`. */
    artworkIds: z._default(artworkIds, []),
    copies: z._default(copies, []),
    commissionPercent: percentField,
    startsOn: dayField('Start date'),
    endsOn: dayField('End date'),
    terms: z._default(text('Terms', [z.maxLength(5000, { error: 'Terms must be at most 5000 characters' })]), ''),
    note: noteField,
  })
  .check(
    someWork,
    z.refine((v) => typeof v.startsOn !== 'string' || typeof v.endsOn !== 'string' || v.endsOn >= v.startsOn, {
      error: 'End date must be on or after the start date',
      path: ['endsOn'],
    }),
  );
export type ConsignmentInput = z.input<typeof consignmentInputSchema>;
export type ConsignmentValues = z.output<typeof consignmentInputSchema>;

/** POST /api/consignment/{id}/return: some or all of its works come back to the studio. */
export const consignmentReturnSchema = z
  .object({
    artworkIds: z._default(artworkIds, []),
    copies: z._default(copies, []),
    /** The day they came back; left out, today. */
    date: z.optional(dayField('Date')),
    note: noteField,
  })
  .check(someWork);
export type ConsignmentReturnInput = z.input<typeof consignmentReturnSchema>;
export type ConsignmentReturnValues = z.output<typeof consignmentReturnSchema>;

export const CONSIGNMENT_ITEM_STATES = ['atGallery', 'returned', 'sold'] as const;
export type ConsignmentItemState = (typeof CONSIGNMENT_ITEM_STATES)[number];
export const CONSIGNMENT_ITEM_LABELS: Record<ConsignmentItemState, string> = {
  atGallery: 'At the gallery',
  returned: 'Returned',
  sold: 'Sold',
};

export const consignmentItemSchema = z.object({
  artworkId: z.string(),
  pieceId: z.string(),
  title: z.string(),
  copy: z.nullable(z.string()),
  state: z.enum(CONSIGNMENT_ITEM_STATES),
  returnedOn: z.nullable(z.string()),
  saleId: z.nullable(z.string()),
  imageUrl: z.nullable(z.string()),
});
export type ConsignmentItem = z.infer<typeof consignmentItemSchema>;

export const consignmentSchema = z.object({
  consignmentId: z.string(),
  gallery: z.object({ contactId: z.string(), name: z.string() }),
  commissionPercent: z.number(),
  startsOn: z.string(),
  endsOn: z.string(),
  terms: z.string(),
  /** Works still at the gallery. */
  open: z.number(),
  /** Past its end date with works still at the gallery. */
  overdue: z.boolean(),
  items: z.array(consignmentItemSchema),
  createdAt: z.string(),
});
export type Consignment = z.infer<typeof consignmentSchema>;

export const consignmentListSchema = z.object({ items: z.array(consignmentSchema) });
export type ConsignmentList = z.infer<typeof consignmentListSchema>;

export const consignmentIdParams = z.object({ id: z.uuid({ error: 'Consignment ID must be a valid UUID' }) });

export const CONSIGNMENT_MESSAGES = {
  title: 'Consignments',
  empty: 'No consignments yet',
  emptyInvitation:
    "Works you leave with a gallery to sell. Consign a work from its Inventory tab, or several from My Artworks, and they show here with the gallery's terms.",
  emptyAction: 'Go to My Artworks',
  loading: 'Loading consignments...',
  fetchFailed: 'Failed to fetch consignments',
  overdue: 'Past its end date',
  created: 'Works consigned',
  returned: 'Returned to the studio',
  returnChosen: (n: number) => (n ? `Return ${n === 1 ? '1 work' : `${n} works`} to the studio` : 'Return to the studio'),
  form: 'Consignment form (PDF)',
  /** My Artworks' Consign... for the chosen works. */
  bulkTitle: 'Consign to a gallery',
  bulkQuestion: (n: number) => `${plural(n, 'work', 'works')} to leave with a gallery.`,
  bulkDone: (n: number, gallery: string) => `${plural(n, 'work', 'works')} consigned to ${gallery}`,
  /** A consignment has no undo of its own: its works come back from the Consignments page. */
  bulkUndoHint: 'To undo, return them from Consignments.',
  bulkSee: 'See consignments',
  noGallery: 'You have no gallery among your contacts yet. Add one by its name:',
  galleryName: "Gallery's name",
  addGallery: 'Add gallery',
  /** The server named a chosen work in its field messages: an edition, whose copies are consigned one by one. */
  editionChosen: "One of the chosen works is an edition: consign its copies from the work's Inventory tab.",
} as const;
