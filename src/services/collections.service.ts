import type { Http } from './http';
import { artworkPageSchema, type Artwork } from '../schemas/artwork.schema';
import {
  collectionListSchema,
  collectionSchema,
  type Collection,
  type CollectionInput,
  type CollectionSummary,
} from '../schemas/collection.schema';
import { call } from './api-error';
import { MINUTE, type QueryCache } from './query-cache';

/** Like artworks (requirements §7): fresh for 10 minutes, and every change invalidates what it affects. */
export const COLLECTION_FRESH_MS = 10 * MINUTE;
/** The picker reads the artist's artworks this many at a time (the API's largest page). */
const PICKER_PAGE = 100;

/** The artist's collections, and the artworks a collection can take. */
export function createCollectionsService(http: Http, cache: QueryCache) {
  const changed = (collectionId?: string) => {
    cache.invalidate(['collections', 'list']);
    if (collectionId) cache.invalidate(['collections', collectionId]);
    // The journal records collection changes.
    cache.invalidate(['journal']);
  };

  return {
    list: (): Promise<CollectionSummary[]> =>
      call(() =>
        cache.fetch(
          ['collections', 'list'],
          async () => collectionListSchema.parse((await http.get('/collection')).data).items,
          COLLECTION_FRESH_MS,
        ),
      ),

    get: (collectionId: string): Promise<Collection> =>
      call(() =>
        cache.fetch(
          ['collections', collectionId],
          async () => collectionSchema.parse((await http.get(`/collection/${collectionId}`)).data),
          COLLECTION_FRESH_MS,
        ),
      ),

    create: (input: CollectionInput): Promise<Collection> =>
      call(async () => {
        const collection = collectionSchema.parse((await http.post('/collection', input)).data);
        changed();
        cache.set(['collections', collection.collectionId], collection);
        return collection;
      }),

    update: (collectionId: string, input: CollectionInput): Promise<Collection> =>
      call(async () => {
        const collection = collectionSchema.parse((await http.put(`/collection/${collectionId}`, input)).data);
        changed(collectionId);
        cache.set(['collections', collectionId], collection);
        return collection;
      }),

    remove: (collectionId: string): Promise<void> =>
      call(async () => {
        await http.delete(`/collection/${collectionId}`);
        changed(collectionId);
      }),

    /** Every artwork of the artist, by title: what the editor's picker offers. */
    allArtworks: (): Promise<Artwork[]> =>
      call(() =>
        cache.fetch(['artworks', 'list', 'picker'], async () => {
          const all: Artwork[] = [];
          for (let page = 1; ; page++) {
            const params = { page, pageSize: PICKER_PAGE, sort: 'title', order: 'asc' };
            const { items, total } = artworkPageSchema.parse((await http.get('/artwork', { params })).data);
            all.push(...items);
            if (!items.length || all.length >= total) return all;
          }
        }),
      ),
  };
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;
