import * as z from 'zod/mini';

/**
 * Path parameters of the routes under /artwork/:id (the artwork, its media and their bytes, its pieces, its
 * paperwork), here beside the other features' id params so each folder reads them without importing artworks/.
 */
const artworkId = z.uuid({ error: 'Artwork ID must be a valid UUID' });

export const artworkIdParams = z.object({ id: artworkId });
export const artworkMediaParams = z.object({ id: artworkId, mediaId: z.uuid({ error: 'Media ID must be a valid UUID' }) });
