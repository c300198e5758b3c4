import * as z from 'zod/mini';

/** Path parameters of the routes under /artwork/:id (artworks, their media, their media's bytes). */
const artworkId = z.uuid({ error: 'Artwork ID must be a valid UUID' });

export const artworkIdParams = z.object({ id: artworkId });
export const artworkMediaParams = z.object({ id: artworkId, mediaId: z.uuid({ error: 'Media ID must be a valid UUID' }) });
