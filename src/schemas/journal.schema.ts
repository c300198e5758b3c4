import * as z from 'zod/mini';
import { pageQueryFields } from './page-query.schema';

/** The changes of an artwork's life (its inventory): each is an entry of the journal and of the artwork's history. */
export const INVENTORY_JOURNAL_TYPES = [
  'artwork.sold',
  'artwork.saleReturned',
  'artwork.held',
  'artwork.holdReleased',
  'artwork.holdLapsed',
  'artwork.forSale',
  'artwork.notForSale',
  'artwork.consigned',
  'artwork.consignmentReturned',
  'artwork.lent',
  'artwork.loanReturned',
  'artwork.movedElsewhere',
  'artwork.backInStudio',
  'artwork.priced',
  'artwork.editionChanged',
] as const;
export type InventoryJournalType = (typeof INVENTORY_JOURNAL_TYPES)[number];

export const JOURNAL_TYPES = [
  'artwork.new',
  'artwork.updated',
  'collection.new',
  'collection.updated',
  'collection.deleted',
  ...INVENTORY_JOURNAL_TYPES,
] as const;
export type JournalType = (typeof JOURNAL_TYPES)[number];
/** The Type filter's options, word for word from the spec (All types, New Artwork, Artwork Updated). */
export const JOURNAL_FILTER_TYPES = ['artwork.new', 'artwork.updated'] as const satisfies readonly JournalType[];
export const JOURNAL_TYPE_LABELS: Record<JournalType, string> = {
  'artwork.new': 'New Artwork',
  'artwork.updated': 'Artwork Updated',
  'collection.new': 'New Collection',
  'collection.updated': 'Collection Updated',
  'collection.deleted': 'Collection Deleted',
  'artwork.sold': 'Sold',
  'artwork.saleReturned': 'Sale Returned',
  'artwork.held': 'Put On Hold',
  'artwork.holdReleased': 'Hold Released',
  'artwork.holdLapsed': 'Hold Lapsed',
  'artwork.forSale': 'Marked For Sale',
  'artwork.notForSale': 'Marked Not For Sale',
  'artwork.consigned': 'Consigned',
  'artwork.consignmentReturned': 'Returned From Consignment',
  'artwork.lent': 'Lent',
  'artwork.loanReturned': 'Returned From Loan',
  'artwork.movedElsewhere': 'Moved Elsewhere',
  'artwork.backInStudio': 'Back In The Studio',
  'artwork.priced': 'Price Changed',
  'artwork.editionChanged': 'Edition Changed',
};
export const JOURNAL_PAGE_SIZE = 10;

export const journalEntrySchema = z.object({
  journalId: z.string(),
  message: z.string(),
  journalEntryType: z.enum(JOURNAL_TYPES),
  createdDate: z.string(),
  dismissed: z.boolean(),
  mediaId: z.optional(z.nullable(z.string())),
  /** Signed address of the thumbnail (the artwork's primary image then), when there is one. */
  thumbnailUrl: z.optional(z.nullable(z.string())),
  metadata: z.object({
    artworkId: z.optional(z.string()),
    collectionId: z.optional(z.string()),
    changedFields: z.optional(z.array(z.string())),
  }),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const journalQuerySchema = z.object({
  includeDismissed: z._default(
    z.pipe(
      z.enum(['true', 'false'], { error: 'includeDismissed must be true or false' }),
      z.transform((v) => v === 'true'),
    ),
    false,
  ),
  type: z.optional(z.enum(JOURNAL_TYPES, { error: `Type must be one of ${JOURNAL_TYPES.join(', ')}` })),
  ...pageQueryFields(JOURNAL_PAGE_SIZE),
});
export type JournalQuery = z.output<typeof journalQuerySchema>;

export const journalPageSchema = z.object({
  items: z.array(journalEntrySchema),
  nextCursor: z.nullable(z.string()),
});
export type JournalPage = z.infer<typeof journalPageSchema>;

export const JOURNAL_MESSAGES = {
  loading: 'Loading journal entries...',
  error: 'Error loading journal entries. Please try again later.',
  empty: 'No journal entries found',
  fetchFailed: 'Failed to fetch journal entries',
  dismissFailed: 'Failed to dismiss journal entry',
} as const;
