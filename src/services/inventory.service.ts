import type { Http } from './http';
import type { QueryCache } from './query-cache';
import { call } from './api-error';
import { historyPageSchema, HISTORY_PAGE_SIZE, type HistoryPage } from '../schemas/history.schema';
import { inventorySchema, type Inventory } from '../schemas/inventory.schema';
import { saleSchema, type Sale } from '../schemas/sale.schema';

/** The inventory paths a piece change is sent to, by action (POST unless PUT). */
export const PIECE_PATHS = {
  hold: ['post', 'hold'],
  release: ['post', 'hold/release'],
  lend: ['post', 'loan'],
  returnLoan: ['post', 'loan/return'],
  elsewhere: ['post', 'location'],
  studio: ['post', 'location/studio'],
  availability: ['post', 'availability'],
  pricing: ['put', 'pricing'],
  edition: ['put', 'edition'],
} as const;
export type PieceChange = keyof typeof PIECE_PATHS;

/** After a change of pieces: the artworks' sale statuses and the journal may read differently. */
export function piecesChanged(cache: QueryCache | undefined, artworkId?: string) {
  cache?.invalidate(['artworks', 'list']);
  if (artworkId) cache?.invalidate(['artworks', artworkId]);
  cache?.invalidate(['journal']);
}

/** An artwork's pieces and history, and every change of them; each change answers the pieces as they are after it. */
export const createInventoryService = (http: Http, cache?: QueryCache) => ({
  inventory: (artworkId: string): Promise<Inventory> =>
    call(async () => inventorySchema.parse((await http.get(`/artwork/${artworkId}/inventory`)).data)),
  history: (artworkId: string, cursor: string | null = null, limit = HISTORY_PAGE_SIZE): Promise<HistoryPage> =>
    call(async () =>
      historyPageSchema.parse((await http.get(`/artwork/${artworkId}/history`, { params: { limit, cursor: cursor ?? undefined } })).data),
    ),
  change: (artworkId: string, change: PieceChange, body: object): Promise<Inventory> =>
    call(async () => {
      const [method, path] = PIECE_PATHS[change];
      const answer = inventorySchema.parse((await http[method](`/artwork/${artworkId}/${path}`, body)).data);
      piecesChanged(cache, artworkId);
      return answer;
    }),
  sell: (artworkId: string, body: object): Promise<Sale> =>
    call(async () => {
      const sale = saleSchema.parse((await http.post(`/artwork/${artworkId}/sale`, body)).data);
      piecesChanged(cache, artworkId);
      return sale;
    }),
  returnSale: (saleId: string, body: object): Promise<Sale> =>
    call(async () => {
      const sale = saleSchema.parse((await http.post(`/sale/${saleId}/return`, body)).data);
      piecesChanged(cache, sale.artworkId);
      return sale;
    }),
});

export type InventoryService = ReturnType<typeof createInventoryService>;
