import { randomUUID } from 'node:crypto';
import { DEFAULT_MEASUREMENT_SYSTEM, isPhysical, titleFromFileName, type Dimensions } from '../../src/schemas/artwork.schema';
import type { CreatedFromFile } from '../../src/schemas/artwork-file.schema';
import { MEDIA_TYPES, type MediaType } from '../../src/schemas/media-type.schema';
import type { Db } from '../db/database';
import { NotFound } from '../errors';
import { recordArtworkEvent } from '../journal/journal.repo';
import { measuredDimensions, withMeasured } from '../artworks/measure';
import { toMediaItem } from './media.dto';
import { storeArtworkFile } from './media.processor';
import { addMediaRow, type NewMedia } from './media.repo';
import type { UploadProcessor } from '../uploads/uploads.service';
import { toArtworkDto } from '../artworks/artwork.dto';
import { findArtwork, insertArtworkRow, setNewArtworkDimensions } from '../artworks/artwork.repo';

/**
 * Creates the artwork and records its first file in one transaction: titled from the file's name, not for sale, its
 * measured dimensions read from the file (a physical work's sizes wait for the artist), the file its primary image if
 * it is one, and one 'artwork.new' journal entry.
 */
function createFromFile(db: Db, artwork: { id: string; userId: string; mediaType: MediaType; title: string }, media: NewMedia) {
  return db.transaction(async (tx) => {
    const typed: Dimensions = {
      mediaType: artwork.mediaType,
      ...(isPhysical(artwork.mediaType) ? { measurementSystem: DEFAULT_MEASUREMENT_SYSTEM } : {}),
    };
    await insertArtworkRow(tx, { ...artwork, saleStatus: 'NOT_FOR_SALE', dimensions: typed });
    const { row, primaryId } = await addMediaRow(tx, media);
    const measured = await measuredDimensions(tx, { ...artwork, primaryImageMediaId: primaryId });
    await setNewArtworkDimensions(tx, artwork.id, withMeasured(typed, measured));
    await recordArtworkEvent(tx, {
      userId: artwork.userId,
      type: 'artwork.new',
      artworkId: artwork.id,
      title: artwork.title,
      mediaId: primaryId,
    });
    return { row, primaryId, artwork: (await findArtwork(tx, artwork.userId, artwork.id))! };
  });
}

/** A confirmed file that starts a new artwork (POST /api/artwork/from-file); answers the artwork and its media item. */
export const processArtworkFromFile: UploadProcessor = async (deps, upload): Promise<CreatedFromFile> => {
  const mediaType = MEDIA_TYPES.find((t) => t === upload.targetId);
  if (!mediaType) throw new NotFound('Upload not found.');
  const artworkId = randomUUID();
  const created = await storeArtworkFile(deps, upload, artworkId, (media) =>
    createFromFile(deps.db, { id: artworkId, userId: upload.userId, mediaType, title: titleFromFileName(upload.fileName) }, media),
  );
  return {
    artwork: toArtworkDto(created.artwork, deps.mediaUrls),
    media: toMediaItem(created.row, created.primaryId, deps.mediaUrls),
  };
};
