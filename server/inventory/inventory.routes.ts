import type { z } from 'zod/mini';
import { historyPageSchema, historyQuerySchema } from '../../src/schemas/history.schema';
import {
  availabilityInputSchema,
  editionInputSchema,
  holdInputSchema,
  inventorySchema,
  loanInputSchema,
  locationInputSchema,
  pieceNoteInputSchema,
  pricingInputSchema,
} from '../../src/schemas/inventory.schema';
import { saleIdParams, saleInputSchema, saleReturnInputSchema, saleSchema } from '../../src/schemas/sale.schema';
import { artworkIdParams } from '../../src/schemas/artwork-params.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import type { Db } from '../db/database';
import { Invalid, VALIDATION_MESSAGE } from '../errors';
import { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
import { listHistory } from '../journal/history.repo';
import { readInventory } from './inventory.read';
import {
  backToStudio,
  lend,
  moveElsewhere,
  placeHold,
  releaseHold,
  returnFromLoan,
  setAvailability,
  setEdition,
  setPricing,
} from './inventory.service';
import { readArtworkPieces } from './pieces.repo';
import { recordSale, returnSale } from './sales.service';

const tag = 'Inventory';
const errors = { 400: errorDoc('Invalid input'), 401: errorDoc('Not signed in'), 404: errorDoc('No such artwork (or contact)') };
const refusedDoc = { 409: errorDoc("The artwork's chart does not allow this now; the message says why") };
const inventoryAnswer = { 200: { description: "The artwork's pieces as they are now", schema: inventorySchema } };

type Change<S extends z.ZodMiniType> = (db: Db, userId: string, artworkId: string, input: z.output<S>) => Promise<void>;

/**
 * Where every piece is: an artwork's pieces (its copies when an edition), their sales, holds, loans, consignments and
 * places, its price and edition, and its history. Every change goes through the artwork-life chart (409 with its
 * reason when it refuses) and answers the artwork's pieces as they are after it.
 */
export function inventoryRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  const { db } = deps;

  api.openapi(
    {
      method: 'get',
      path: '/artwork/:id/inventory',
      summary: "The artwork's pieces (one, or an edition's copies) with their sale state, custody, hold, price and sale",
      tag,
      auth: true,
      params: artworkIdParams,
      responses: { ...inventoryAnswer, ...errors },
    },
    async (c, { params }) => c.json(await readInventory(db, c.var.auth.user.userId, params.id), 200),
  );

  api.openapi(
    {
      method: 'get',
      path: '/artwork/:id/history',
      summary: "The artwork's history, newest first: every change with its date, what changed, from, to, who and the note",
      tag,
      auth: true,
      params: artworkIdParams,
      query: historyQuerySchema,
      responses: { 200: { description: 'One page of the history', schema: historyPageSchema }, ...errors },
    },
    async (c, { params, query }) => {
      const userId = c.var.auth.user.userId;
      await readArtworkPieces(db, userId, params.id);
      const page = await listHistory(db, userId, params.id, query);
      if (!page) throw new Invalid(VALIDATION_MESSAGE, { fieldErrors: { cursor: ['The cursor is not valid'] } });
      return c.json(page, 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/artwork/:id/sale',
      summary: 'Record a sale (of one copy of an edition): Sold, and with the buyer; commission and net are computed',
      tag,
      auth: true,
      params: artworkIdParams,
      body: saleInputSchema,
      responses: { 201: { description: 'The sale', schema: saleSchema }, ...refusedDoc, ...errors },
    },
    async (c, { params, body }) => c.json(await recordSale(db, c.var.auth.user.userId, params.id, body), 201),
  );

  api.openapi(
    {
      method: 'post',
      path: '/sale/:id/return',
      summary: 'Return a sale: recorded as its own event; the piece is back in the studio, for sale',
      tag,
      auth: true,
      params: saleIdParams,
      body: saleReturnInputSchema,
      responses: {
        200: { description: 'The sale, returned', schema: saleSchema },
        409: errorDoc('Already returned, or the chart does not allow it'),
        ...errors,
        404: errorDoc('No such sale'),
      },
    },
    async (c, { params, body }) => c.json(await returnSale(db, c.var.auth.user.userId, params.id, body), 200),
  );

  /** A change of one piece that answers the pieces after it. */
  const pieceChange = <S extends z.ZodMiniType>(method: 'post' | 'put', path: string, summary: string, body: S, run: Change<S>) =>
    api.openapi(
      {
        method,
        path: `/artwork/:id/${path}`,
        summary,
        tag,
        auth: true,
        params: artworkIdParams,
        body,
        responses: { ...inventoryAnswer, ...refusedDoc, ...errors },
      },
      async (c, input) => {
        const userId = c.var.auth.user.userId;
        await run(db, userId, input.params.id, input.body as z.output<S>);
        return c.json(await readInventory(db, userId, input.params.id), 200);
      },
    );

  pieceChange('post', 'hold', 'Put it on hold for a contact until a date (it lapses by itself then)', holdInputSchema, placeHold);
  pieceChange('post', 'hold/release', 'Release its hold', pieceNoteInputSchema, releaseHold);
  pieceChange('post', 'loan', 'Lend it to an exhibition or a person until a date', loanInputSchema, lend);
  pieceChange('post', 'loan/return', 'It came back from its loan', pieceNoteInputSchema, returnFromLoan);
  pieceChange('post', 'location', 'It is elsewhere: storage, the framer, in transit', locationInputSchema, moveElsewhere);
  pieceChange('post', 'location/studio', 'It is back in the studio', pieceNoteInputSchema, backToStudio);
  pieceChange('post', 'availability', 'Mark it for sale (forSale: true) or not for sale', availabilityInputSchema, setAvailability);
  pieceChange(
    'put',
    'pricing',
    'Its asking price (per copy for an edition) and what the public site says of it',
    pricingInputSchema,
    setPricing,
  );
  pieceChange(
    'put',
    'edition',
    "Make it an edition of `size` copies and `proofs` artist's proofs, or a unique work (size null)",
    editionInputSchema,
    setEdition,
  );
  return api;
}
