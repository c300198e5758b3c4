import type { Http } from './http';
import {
  ARTWORK_MESSAGES,
  artworkPageSchema,
  artworkSchema,
  type Artwork,
  type ArtworkInput,
  type ArtworkUpdate,
  type ArtworkListQuery,
  type ArtworkPage,
} from '../schemas/artwork.schema';
import { mediaItemSchema, mediaListSchema, type MediaItem } from '../schemas/media.schema';
import { createdFromFileSchema, type CreatedFromFile } from '../schemas/artwork-file.schema';
import type { MediaType } from '../schemas/media-type.schema';
import { batchResultSchema, type ArtworkBatch, type BatchResult } from '../schemas/artwork-batch.schema';
import { ServiceError, call } from './api-error';
import { MINUTE, type QueryCache } from './query-cache';
import { uploadFile, type Progress } from './upload.service';

/** Requirements §7: artworks fresh for 10 minutes, a media list for 5. */
export const ARTWORK_FRESH_MS = 10 * MINUTE;
export const MEDIA_FRESH_MS = 5 * MINUTE;

const requireId = (artworkId: string | undefined | null): string => {
  if (!artworkId) throw new ServiceError(ARTWORK_MESSAGES.artworkIdRequired);
  return artworkId;
};

/** Artworks and their media; reads are cached and every change invalidates what it affects. */
export function createArtworksService(http: Http, cache: QueryCache) {
  const changed = (artworkId?: string) => {
    cache.invalidate(['artworks', 'list']);
    if (artworkId) cache.invalidate(['artworks', artworkId]);
    // The journal records artwork changes; collections show artworks (and lose the ones deleted).
    cache.invalidate(['journal']);
    cache.invalidate(['collections']);
  };

  return {
    list: (query: Partial<ArtworkListQuery>): Promise<ArtworkPage> =>
      call(() =>
        cache.fetch(
          ['artworks', 'list', query],
          async () => artworkPageSchema.parse((await http.get('/artwork', { params: query })).data),
          ARTWORK_FRESH_MS,
        ),
      ),

    get: (artworkId: string): Promise<Artwork> =>
      call(() =>
        cache.fetch(
          ['artworks', artworkId],
          async () => artworkSchema.parse((await http.get(`/artwork/${artworkId}`)).data),
          ARTWORK_FRESH_MS,
        ),
      ),

    create: (input: ArtworkInput): Promise<Artwork> =>
      call(async () => {
        const artwork = artworkSchema.parse((await http.post('/artwork', input)).data);
        changed();
        cache.set(['artworks', artwork.artworkId], artwork);
        return artwork;
      }),

    update: (artworkId: string, input: ArtworkUpdate): Promise<Artwork> =>
      call(async () => {
        const artwork = artworkSchema.parse((await http.put(`/artwork/${requireId(artworkId)}`, input)).data);
        changed(artworkId);
        cache.set(['artworks', artworkId], artwork);
        return artwork;
      }),

    remove: (artworkId: string): Promise<void> =>
      call(async () => {
        await http.delete(`/artwork/${requireId(artworkId)}`);
        changed(artworkId);
      }),

    /** One change to many artworks (all or nothing); answers the batch that undoes it. */
    applyBatch: (batch: ArtworkBatch): Promise<BatchResult> =>
      call(async () => {
        const result = batchResultSchema.parse((await http.post('/artwork/batch', batch)).data);
        // Every artwork named changed (or went), and the lists, journal and collections with them.
        cache.invalidate(['artworks']);
        changed();
        return result;
      }),

    /** Puts back what a batch changed. */
    undoBatch: (batchId: string): Promise<void> =>
      call(async () => {
        await http.post(`/artwork/batch/${batchId}/undo`);
        cache.invalidate(['artworks']);
        changed();
      }),

    listMedia: (artworkId: string): Promise<MediaItem[]> =>
      call(() =>
        cache.fetch(
          ['artworks', requireId(artworkId), 'media'],
          async () => mediaListSchema.parse((await http.get(`/artwork/${artworkId}/media`)).data).items,
          MEDIA_FRESH_MS,
        ),
      ),

    uploadMedia: (artworkId: string, file: File, onProgress?: Progress, signal?: AbortSignal): Promise<MediaItem> =>
      call(async () => {
        const item = mediaItemSchema.parse(await uploadFile(http, `/artwork/${requireId(artworkId)}/media`, file, onProgress, signal));
        changed(artworkId);
        return item;
      }),

    /** A new artwork made from one file (its title from the file's name, its sizes read from it), with that file. */
    createFromFile: (file: File, mediaType: MediaType, onProgress?: Progress, signal?: AbortSignal): Promise<CreatedFromFile> =>
      call(async () => {
        const created = createdFromFileSchema.parse(await uploadFile(http, '/artwork/from-file', file, onProgress, signal, { mediaType }));
        changed();
        return created;
      }),

    /** The primary image's bytes in one size (the bearer token goes with it, no signed link needed). */
    primaryImage: (artworkId: string, size: 'large' | 'preview' | 'sm', signal?: AbortSignal): Promise<Blob> =>
      call(
        async () =>
          (await http.get(`/artwork/${requireId(artworkId)}/media/primary`, { params: { size }, responseType: 'blob', signal }))
            .data as Blob,
      ),

    setPrimary: (artworkId: string | undefined, mediaId: string): Promise<void> =>
      call(async () => {
        await http.post(`/artwork/${requireId(artworkId)}/media/primary`, { mediaId });
        changed(artworkId);
      }),

    deleteMedia: (artworkId: string | undefined, mediaId: string): Promise<void> =>
      call(async () => {
        await http.delete(`/artwork/${requireId(artworkId)}/media/${mediaId}`);
        changed(artworkId);
      }),
  };
}

export type ArtworksService = ReturnType<typeof createArtworksService>;
