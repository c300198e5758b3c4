import { todayUtc } from '../../src/schemas/inventory-fields';
import type { ConsignmentReturnValues, ConsignmentValues } from '../../src/schemas/consignment.schema';
import { toBasisPoints } from '../../src/schemas/money.schema';
import { requireContact } from '../contacts/contact.repo';
import type { Db } from '../db/database';
import { Conflict, Invalid, VALIDATION_MESSAGE } from '../errors';
import { changeLife } from '../inventory/life';
import { type ArtworkPieces, copyOf, lockArtworkPieces, pieceNamed, type PieceRow } from '../inventory/pieces.repo';
import {
  consignmentNotFound,
  findConsignmentRow,
  insertConsignment,
  insertConsignmentItem,
  lockConsignmentItem,
  markConsignmentItemReturned,
} from './consignment.repo';

export { consignmentNotFound, type ConsignmentRow } from './consignment.repo';

interface Named {
  ap: ArtworkPieces;
  piece: PieceRow;
  /** How the history and a refusal name it: "'Dawn'" or "'Dawn' 3/25". */
  about: string;
}

/**
 * The pieces a request names, in its order: unique works by artworkIds, copies of editions by copies. Artworks are
 * locked in id order (every writer of pieces locks their artwork first), so two requests never wait on each other
 * in a circle. Another artist's artwork is 404; a piece named twice, an edition without a copy, a bad copy: 400.
 */
async function namedPieces(tx: Db, userId: string, input: { artworkIds: string[]; copies: Array<{ artworkId: string; copy: string }> }) {
  const ids = [...new Set([...input.artworkIds, ...input.copies.map((c) => c.artworkId)])].sort();
  const locked = new Map<string, ArtworkPieces>();
  for (const id of ids) locked.set(id, await lockArtworkPieces(tx, userId, id));
  const fieldErrors: Record<string, string[]> = {};
  const named: Named[] = [];
  const seen = new Set<string>();
  const add = (ap: ArtworkPieces, piece: PieceRow, field: string) => {
    if (seen.has(piece.id)) fieldErrors[field] = ['This work is named twice'];
    seen.add(piece.id);
    const copy = copyOf(ap.artwork, piece);
    named.push({ ap, piece, about: `'${ap.artwork.title.trim() || 'Untitled'}'${copy ? ` ${copy}` : ''}` });
  };
  input.artworkIds.forEach((id, i) => {
    const ap = locked.get(id)!;
    if (ap.artwork.editionSize !== null) fieldErrors[`artworkIds.${i}`] = ['This artwork is an edition: name its copies in copies'];
    else add(ap, ap.pieces[0], `artworkIds.${i}`);
  });
  input.copies.forEach((c, i) => {
    try {
      add(locked.get(c.artworkId)!, pieceNamed(locked.get(c.artworkId)!, c.copy, `copies.${i}.copy`), `copies.${i}.copy`);
    } catch (err) {
      if (!(err instanceof Invalid)) throw err;
      Object.assign(fieldErrors, err.details.fieldErrors);
    }
  });
  if (Object.keys(fieldErrors).length) throw new Invalid(VALIDATION_MESSAGE, { fieldErrors });
  return named;
}

/** POST /api/consignment: the works go to a gallery contact (the chart's 'custody.consign' for each; one refusal: none go). */
export function createConsignment(db: Db, userId: string, input: ConsignmentValues): Promise<string> {
  return db.transaction(async (tx) => {
    const gallery = await requireContact(tx, userId, input.contactId);
    if (gallery.kind !== 'gallery') {
      throw new Invalid(VALIDATION_MESSAGE, { fieldErrors: { contactId: ['Consign works to a contact of the kind Gallery'] } });
    }
    const named = await namedPieces(tx, userId, input);
    const row = await insertConsignment(tx, {
      userId,
      contactId: gallery.id,
      commissionBasisPoints: toBasisPoints(input.commissionPercent),
      startsOn: input.startsOn,
      endsOn: input.endsOn,
      terms: input.terms,
    });
    for (const { ap, piece, about } of named) {
      await changeLife(
        tx,
        ap.artwork,
        piece,
        {
          type: 'artwork.consigned',
          event: { type: 'custody.consign', consignmentId: row.id },
          phrase: `was consigned to ${gallery.name} until ${input.endsOn}`,
          note: input.note,
          occurredOn: input.startsOn,
        },
        about,
      );
      await insertConsignmentItem(tx, { consignmentId: row.id, pieceId: piece.id, artworkId: ap.artwork.id });
    }
    return row.id;
  });
}

/**
 * POST /api/consignment/{id}/return: some or all of its works come back to the studio (the chart's
 * 'custody.returnFromConsignment'). A work not in it, already returned or sold through it: 409, and none come back.
 */
export function returnFromConsignment(db: Db, userId: string, consignmentId: string, input: ConsignmentReturnValues) {
  return db.transaction(async (tx) => {
    const consignment = await findConsignmentRow(tx, userId, consignmentId);
    if (!consignment) throw consignmentNotFound();
    const named = await namedPieces(tx, userId, input);
    const date = input.date ?? todayUtc();
    for (const { ap, piece, about } of named) {
      const item = await lockConsignmentItem(tx, consignmentId, piece.id);
      if (!item) throw new Conflict(`${about}: It is not in this consignment`, { code: 'NOT_IN_CONSIGNMENT' });
      if (item.returnedAt) throw new Conflict(`${about}: It was already returned from this consignment`, { code: 'ALREADY_RETURNED' });
      if (item.saleId) throw new Conflict(`${about}: It was sold through this consignment`, { code: 'SOLD_THROUGH_CONSIGNMENT' });
      await changeLife(
        tx,
        ap.artwork,
        piece,
        {
          type: 'artwork.consignmentReturned',
          event: { type: 'custody.returnFromConsignment' },
          phrase: 'came back from its consignment',
          note: input.note,
          occurredOn: date,
        },
        about,
      );
      await markConsignmentItemReturned(tx, consignmentId, piece.id, date);
    }
  });
}
