import type { z } from 'zod/mini';
import type { LifeEvent } from '../../src/machines/artwork-life/artwork-life.types';
import type { HistoryChange } from '../../src/schemas/history.schema';
import {
  holdEnd,
  PRICE_DISPLAY_LABELS,
  type availabilityInputSchema,
  type editionInputSchema,
  type holdInputSchema,
  type loanInputSchema,
  type locationInputSchema,
  type pieceNoteInputSchema,
  type PriceDisplay,
  type pricingInputSchema,
} from '../../src/schemas/inventory.schema';
import type { InventoryJournalType } from '../../src/schemas/journal.schema';
import { formatMoney } from '../../src/schemas/money.schema';
import { requireContact } from '../contacts/contact.repo';
import type { Db } from '../db/database';
import { recordHistoryEvent } from '../journal/history.repo';
import { changeLife, refused, type LifeChange } from './life';
import {
  copyOf,
  deletePieces,
  insertPieces,
  lockArtworkPieces,
  pieceNamed,
  piecesEverConsigned,
  piecesEverSold,
  piecesFor,
  type ArtworkPieces,
  type PieceRow,
  refreshSaleStatus,
  renamePiece,
  setEditionOf,
  setPiecePrice,
  setPriceDisplay,
} from './pieces.repo';

type Out<S extends z.ZodMiniType> = z.output<S>;

/** Runs a change of one named piece of the artist's artwork in a transaction, then refreshes its saleStatus. */
function onPiece(
  db: Db,
  userId: string,
  artworkId: string,
  copy: string | undefined,
  fn: (tx: Db, ap: ArtworkPieces, piece: PieceRow) => Promise<LifeChange>,
) {
  return db.transaction(async (tx) => {
    const ap = await lockArtworkPieces(tx, userId, artworkId);
    const piece = pieceNamed(ap, copy);
    await changeLife(tx, ap.artwork, piece, await fn(tx, ap, piece));
    await refreshSaleStatus(tx, artworkId);
  });
}

const change = (type: InventoryJournalType, event: LifeEvent, phrase: string, note: string): LifeChange => ({ type, event, phrase, note });

export const placeHold = (db: Db, userId: string, artworkId: string, input: Out<typeof holdInputSchema>) =>
  onPiece(db, userId, artworkId, input.copy, async (tx) => {
    const contact = await requireContact(tx, userId, input.contactId);
    const until = new Date(holdEnd(input.until)).toISOString();
    return change(
      'artwork.held',
      { type: 'hold.place', hold: { contactId: contact.id, until } },
      `was put on hold for ${contact.name}`,
      input.note,
    );
  });

export const releaseHold = (db: Db, userId: string, artworkId: string, input: Out<typeof pieceNoteInputSchema>) =>
  onPiece(db, userId, artworkId, input.copy, async () =>
    change('artwork.holdReleased', { type: 'hold.release' }, 'is no longer on hold', input.note),
  );

export const lend = (db: Db, userId: string, artworkId: string, input: Out<typeof loanInputSchema>) =>
  onPiece(db, userId, artworkId, input.copy, async () =>
    change(
      'artwork.lent',
      { type: 'custody.lend', loan: { borrower: input.borrower, until: input.until } },
      `was lent to ${input.borrower}`,
      input.note,
    ),
  );

export const returnFromLoan = (db: Db, userId: string, artworkId: string, input: Out<typeof pieceNoteInputSchema>) =>
  onPiece(db, userId, artworkId, input.copy, async () =>
    change('artwork.loanReturned', { type: 'custody.returnFromLoan' }, 'came back from its loan', input.note),
  );

export const moveElsewhere = (db: Db, userId: string, artworkId: string, input: Out<typeof locationInputSchema>) =>
  onPiece(db, userId, artworkId, input.copy, async () =>
    change('artwork.movedElsewhere', { type: 'custody.moveElsewhere', place: input.place }, `was moved to ${input.place}`, input.note),
  );

export const backToStudio = (db: Db, userId: string, artworkId: string, input: Out<typeof pieceNoteInputSchema>) =>
  onPiece(db, userId, artworkId, input.copy, async () =>
    change('artwork.backInStudio', { type: 'custody.backToStudio' }, 'is back in the studio', input.note),
  );

export const setAvailability = (db: Db, userId: string, artworkId: string, input: Out<typeof availabilityInputSchema>) =>
  onPiece(db, userId, artworkId, input.copy, async () =>
    input.forSale
      ? change('artwork.forSale', { type: 'sale.markForSale' }, 'was marked for sale', input.note)
      : change('artwork.notForSale', { type: 'sale.markNotForSale' }, 'was marked not for sale', input.note),
  );

/**
 * The saleStatus of a replaced artwork (PUT /api/artwork, old clients' way) as chart events: Available or Not For Sale
 * mark every piece not sold for sale or not; Sold is reached only by recording a sale, and a sold work becomes
 * available again only by a return (409 with the chart's reason). A status already in place changes nothing. Answers
 * the history's change when it changed; the caller holds the artwork's lock.
 */
export async function applySaleStatus(tx: Db, ap: ArtworkPieces, wanted: string): Promise<HistoryChange | null> {
  const current = ap.artwork.saleStatus;
  if (wanted === current) return null;
  if (wanted === 'SOLD') throw refused('Sold is reached only by recording a sale');
  const event: LifeEvent = wanted === 'AVAILABLE' ? { type: 'sale.markForSale' } : { type: 'sale.markNotForSale' };
  const movable = ap.pieces.filter((p) => p.sale !== 'sold' && p.sale !== (wanted === 'AVAILABLE' ? 'available' : 'notForSale'));
  // A sold unique work (or an edition sold out) has nothing to mark: the chart's own reason says what to do.
  const targets = movable.length ? movable : [ap.pieces[0]];
  for (const piece of targets) {
    const type = wanted === 'AVAILABLE' ? 'artwork.forSale' : 'artwork.notForSale';
    await changeLife(
      tx,
      ap.artwork,
      piece,
      change(type, event, wanted === 'AVAILABLE' ? 'was marked for sale' : 'was marked not for sale', ''),
      copyOf(ap.artwork, piece) ?? undefined,
    );
  }
  await refreshSaleStatus(tx, ap.artwork.id);
  return { what: 'Sale status', from: current, to: wanted };
}

const priceWords = (p: Pick<PieceRow, 'priceAmount' | 'priceCurrency'>) =>
  p.priceAmount !== null && p.priceCurrency ? formatMoney({ amount: p.priceAmount, currency: p.priceCurrency }) : 'No price';

/**
 * PUT /api/artwork/{id}/pricing: the asking price of the artwork (of one copy, or of every copy not sold when no copy
 * is named) and what the public site says of it. Each change is in the history.
 */
export function setPricing(db: Db, userId: string, artworkId: string, input: Out<typeof pricingInputSchema>) {
  return db.transaction(async (tx) => {
    const ap = await lockArtworkPieces(tx, userId, artworkId);
    const { artwork } = ap;
    const base = { userId, artworkId, title: artwork.title, mediaId: artwork.primaryImageMediaId, note: input.note };
    if (input.price !== undefined) {
      const named = artwork.editionSize !== null && !input.copy ? null : pieceNamed(ap, input.copy);
      const targets = named ? [named] : ap.pieces.filter((p) => p.sale !== 'sold');
      const amount = input.price?.amount ?? null;
      const currency = input.price?.currency ?? null;
      for (const piece of targets.filter((p) => p.priceAmount !== amount || p.priceCurrency !== currency)) {
        await setPiecePrice(tx, piece.id, amount, currency);
        await recordHistoryEvent(tx, {
          ...base,
          type: 'artwork.priced',
          pieceId: piece.id,
          copy: copyOf(artwork, piece),
          phrase: input.price ? `is priced at ${formatMoney(input.price)}` : 'has no price any more',
          changes: [{ what: 'Price', from: priceWords(piece), to: priceWords({ priceAmount: amount, priceCurrency: currency }) }],
        });
      }
    }
    if (input.display && input.display !== artwork.priceDisplay) {
      await setPriceDisplay(tx, artworkId, input.display);
      await recordHistoryEvent(tx, {
        ...base,
        type: 'artwork.priced',
        pieceId: null,
        copy: null,
        phrase: `shows on the site: ${PRICE_DISPLAY_LABELS[input.display].toLowerCase()}`,
        changes: [
          {
            what: 'Price on the site',
            from: PRICE_DISPLAY_LABELS[artwork.priceDisplay as PriceDisplay],
            to: PRICE_DISPLAY_LABELS[input.display],
          },
        ],
      });
    }
  });
}

/** A piece with nothing recorded beyond its start: for sale or not, in the studio, never sold, consigned or held. */
async function untouched(tx: Db, pieces: PieceRow[]): Promise<Set<string>> {
  const ids = pieces.map((p) => p.id);
  if (!ids.length) return new Set();
  const [sold, consigned] = await Promise.all([piecesEverSold(tx, ids), piecesEverConsigned(tx, ids)]);
  const used = new Set([...sold, ...consigned].map((r) => r.id));
  return new Set(
    pieces.filter((p) => !used.has(p.id) && (p.sale === 'available' || p.sale === 'notForSale') && p.custody === 'studio').map((p) => p.id),
  );
}

const editionWords = (size: number | null, proofs: number) =>
  size === null ? 'Unique work' : `Edition of ${size}${proofs ? ` + ${proofs} AP` : ''}`;

/**
 * PUT /api/artwork/{id}/edition: makes the artwork an edition of `size` copies and `proofs` artist's proofs, or a
 * unique work (size null). New copies start as the work's first piece stands for sale (available or not), in the
 * studio; copies that go must be untouched (409 naming the first that is not). A unique work's piece becomes copy 1,
 * and copy 1 the unique piece, keeping their history.
 */
export function setEdition(db: Db, userId: string, artworkId: string, input: Out<typeof editionInputSchema>) {
  return db.transaction(async (tx) => {
    const ap = await lockArtworkPieces(tx, userId, artworkId);
    const { artwork, pieces } = ap;
    if (artwork.editionSize === input.size && artwork.editionProofs === input.proofs) return;
    const wanted = piecesFor(input.size, input.proofs);
    const key = (p: { kind: string; number: number | null }) => `${p.kind}:${p.number ?? 0}`;
    // The unique piece and copy 1 are the same object becoming a copy or the work.
    const renamed = (p: PieceRow) =>
      p.kind === 'unique' && input.size !== null
        ? { kind: 'numbered' as const, number: 1 }
        : p.kind === 'numbered' && p.number === 1 && input.size === null
          ? { kind: 'unique' as const, number: null }
          : { kind: p.kind, number: p.number };
    const wantedKeys = new Set(wanted.map(key));
    const going = pieces.filter((p) => !wantedKeys.has(key(renamed(p))));
    const free = await untouched(tx, going);
    const stuck = going.find((p) => !free.has(p.id));
    if (stuck)
      throw refused(
        'It has a history of its own: an edition can only lose copies that were never sold, held, lent or moved',
        copyOf(artwork, stuck) ?? 'The work',
      );
    if (going.length)
      await deletePieces(
        tx,
        going.map((p) => p.id),
      );
    for (const p of pieces.filter((p) => !going.includes(p))) {
      const to = renamed(p);
      if (to.kind !== p.kind) await renamePiece(tx, p.id, to);
    }
    const kept = new Set(pieces.filter((p) => !going.includes(p)).map((p) => key(renamed(p))));
    const first = pieces[0];
    const fresh = wanted.filter((w) => !kept.has(key(w)));
    if (fresh.length) {
      await insertPieces(
        tx,
        fresh.map((w) => ({
          artworkId,
          userId,
          kind: w.kind,
          number: w.number,
          sale: first.sale === 'notForSale' ? ('notForSale' as const) : ('available' as const),
          priceAmount: first.priceAmount,
          priceCurrency: first.priceCurrency,
        })),
      );
    }
    await setEditionOf(tx, artworkId, input.size, input.proofs);
    await recordHistoryEvent(tx, {
      userId,
      artworkId,
      title: artwork.title,
      mediaId: artwork.primaryImageMediaId,
      pieceId: null,
      copy: null,
      type: 'artwork.editionChanged',
      phrase: `is now ${editionWords(input.size, input.proofs).toLowerCase()}`,
      changes: [
        { what: 'Edition', from: editionWords(artwork.editionSize, artwork.editionProofs), to: editionWords(input.size, input.proofs) },
      ],
      note: input.note,
    });
    await refreshSaleStatus(tx, artworkId);
  });
}
