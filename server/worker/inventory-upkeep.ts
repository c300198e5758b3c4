import type { AppDeps } from '../context';
import { mailOverdueConsignments } from '../consignments/consignment-overdue';
import { NotFound } from '../errors';
import { settleLapse } from '../inventory/life';
import { lapsedHolds, lockArtworkPieces } from '../inventory/pieces.repo';

/**
 * The inventory's part of the worker's upkeep: consignments past their end are mailed to the artist once, and holds
 * whose moment passed are written down as lapsed (they already read as lapsed everywhere; this puts the lapse in the
 * history on its day and frees the contact). Answers what it did.
 */
export async function inventoryUpkeep(deps: Pick<AppDeps, 'db' | 'outbox'>, limit = 50): Promise<{ mailed: number; lapsed: number }> {
  const { db } = deps;
  const mailed = await mailOverdueConsignments(db, deps.outbox, limit);
  const due = await lapsedHolds(db, limit);
  let lapsed = 0;
  const artworks = new Map(due.map((d) => [d.artworkId, d.userId]));
  for (const [artworkId, userId] of artworks) {
    lapsed += await db
      .transaction(async (tx) => {
        const { artwork, pieces } = await lockArtworkPieces(tx, userId, artworkId);
        let n = 0;
        for (const piece of pieces) if (await settleLapse(tx, artwork, piece)) n += 1;
        return n;
      })
      .catch((err) => {
        // Deleted meanwhile: nothing left to write down.
        if (err instanceof NotFound) return 0;
        throw err;
      });
  }
  return { mailed, lapsed };
}
