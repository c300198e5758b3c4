import * as z from 'zod/mini';
import { saleStatusLabel, type SaleStatus } from './artwork.schema';

/** The most artworks one bulk action takes (a few pages of the list). */
export const MAX_BATCH_ARTWORKS = 500;
/** How long a bulk action can be undone, on the server (the undo toast leaves long before). */
export const BATCH_UNDO_MINUTES = 10;

/** The sale statuses a bulk change sets: a sold work stays sold (a return, recorded on its sale, is what undoes one). */
export const BATCH_SALE_STATUSES = ['AVAILABLE', 'NOT_FOR_SALE'] as const satisfies readonly SaleStatus[];
export type BatchSaleStatus = (typeof BATCH_SALE_STATUSES)[number];

const artworkIds = z
  .array(z.uuid({ error: 'Artwork ID must be a valid UUID' }))
  .check(
    z.minLength(1, { error: 'Choose at least one artwork' }),
    z.maxLength(MAX_BATCH_ARTWORKS, { error: `At most ${MAX_BATCH_ARTWORKS} artworks at once` }),
  );

/**
 * POST /api/artwork/batch: one change to many of the artist's artworks, all or nothing: delete them, set their sale
 * status, show or hide them on the public site, or add them to a collection.
 */
export const artworkBatchSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('delete'), artworkIds }),
    z.object({
      action: z.literal('saleStatus'),
      artworkIds,
      // Sold is reached only by recording a sale (server/inventory), never by a bulk change.
      saleStatus: z.enum(BATCH_SALE_STATUSES, { error: 'Sale status must be AVAILABLE or NOT_FOR_SALE' }),
    }),
    z.object({ action: z.literal('showOnSite'), artworkIds, showOnSite: z.boolean({ error: 'Show on site must be true or false' }) }),
    z.object({
      action: z.literal('addToCollection'),
      artworkIds,
      collectionId: z.uuid({ error: 'Collection ID must be a valid UUID' }),
    }),
  ],
  { error: 'Action must be delete, saleStatus, showOnSite or addToCollection' },
);
export type ArtworkBatch = z.infer<typeof artworkBatchSchema>;
export type BatchAction = ArtworkBatch['action'];

/** The answer: the batch to undo, how many artworks the change reached, and until when it can be undone. */
export const batchResultSchema = z.object({ batchId: z.string(), action: z.string(), count: z.number(), undoUntil: z.string() });
export type BatchResult = z.infer<typeof batchResultSchema>;

/** POST /api/artwork/batch/:batchId/undo answers how many artworks were put back as they were. */
export const undoResultSchema = z.object({ batchId: z.string(), count: z.number() });

const works = (n: number) => (n === 1 ? '1 artwork' : `${n} artworks`);

/** What the confirmation asks and the undo toast says, per action. */
export const BATCH_TEXT = {
  confirmTitle: {
    delete: 'Delete artworks',
    saleStatus: 'Change sale status',
    showOnSite: 'Public site',
    addToCollection: 'Add to collection',
  } satisfies Record<BatchAction, string>,
  confirm: (batch: BatchRequest, n: number): string => {
    switch (batch.action) {
      case 'delete':
        return `Delete ${works(n)}? Their media files go with them.`;
      case 'saleStatus':
        return `Mark ${works(n)} as ${saleStatusLabel(batch.saleStatus)}?`;
      case 'showOnSite':
        return batch.showOnSite ? `Show ${works(n)} on your public site?` : `Hide ${works(n)} from your public site?`;
      case 'addToCollection':
        return `Add ${works(n)} to ${batch.collectionTitle}?`;
    }
  },
  done: (batch: BatchRequest, n: number): string => {
    switch (batch.action) {
      case 'delete':
        return `${works(n)} deleted`;
      case 'saleStatus':
        return `${works(n)} marked ${saleStatusLabel(batch.saleStatus)}`;
      case 'showOnSite':
        return batch.showOnSite ? `${works(n)} shown on your site` : `${works(n)} hidden from your site`;
      case 'addToCollection':
        return `${works(n)} added to ${batch.collectionTitle}`;
    }
  },
  undone: 'Undone: everything is as it was.',
  failed: (message: string) => `The change was not made: ${message}`,
  undoFailed: (message: string) => `Could not undo: ${message}`,
} as const;

/** A bulk action as the app asks for it: the server's request, with the collection's title for what is said. */
export type BatchRequest =
  | { action: 'delete' }
  | { action: 'saleStatus'; saleStatus: (typeof BATCH_SALE_STATUSES)[number] }
  | { action: 'showOnSite'; showOnSite: boolean }
  | { action: 'addToCollection'; collectionId: string; collectionTitle: string };
