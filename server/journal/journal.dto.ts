import type { JournalEntry, JournalType } from '../../src/schemas/journal.schema';
import type { MediaUrls } from '../media-urls';

export interface JournalRow {
  id: string;
  type: JournalType;
  message: string;
  artworkId: string | null;
  collectionId: string | null;
  mediaId: string | null;
  changedFields: string[] | null;
  dismissedAt: Date | null;
  createdAt: Date;
  /** Whether the thumbnail's media still exists. */
  mediaExists: boolean;
}

/** An entry as the API answers it; the thumbnail is the media's list size while that media still exists. */
export function toJournalDto(row: JournalRow, urls: MediaUrls): JournalEntry {
  return {
    journalId: row.id,
    message: row.message,
    journalEntryType: row.type,
    createdDate: row.createdAt.toISOString(),
    dismissed: row.dismissedAt !== null,
    mediaId: row.mediaId,
    thumbnailUrl: row.mediaId && row.mediaExists ? urls.media(row.mediaId, 'smCrop') : null,
    metadata: {
      ...(row.artworkId ? { artworkId: row.artworkId } : {}),
      ...(row.collectionId ? { collectionId: row.collectionId } : {}),
      ...(row.changedFields ? { changedFields: row.changedFields } : {}),
    },
  };
}
