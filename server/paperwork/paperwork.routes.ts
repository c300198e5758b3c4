import { Hono } from 'hono';
import { html } from 'hono/html';
import { consignmentIdParams } from '../../src/schemas/consignment.schema';
import { formatDimensions } from '../../src/schemas/dimensions-format';
import { formatMoney } from '../../src/schemas/money.schema';
import { certificateNumberParams, certificateQuerySchema, labelsQuerySchema } from '../../src/schemas/paperwork.schema';
import { artworkIdParams } from '../../src/schemas/artwork-params.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../context';
import { Invalid, NotFound, VALIDATION_MESSAGE } from '../errors';
import { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
import { getConsignment } from '../consignments/consignment.repo';
import { copyOf, readArtworkPieces } from '../inventory/pieces.repo';
import { deriveKey, loadOrCreateSecret } from '../secrets';
import { certificateNumbers } from './certificate-number';
import { certificatePdf } from './certificate.pdf';
import { artistName, findVerifiedPiece, largeImageKey } from './certificate.repo';
import { consignmentFormPdf } from './consignment-form.pdf';
import { consignedPieces, galleryDetails } from './consignment-form.repo';
import { labelsPdf } from './labels.pdf';
import { labelledArtworks } from './labels.repo';
import { imageForPdf, pdfResponse } from './pdf';

const tag = 'Paperwork';
const pieceError = (message: string) => new Invalid(VALIDATION_MESSAGE, { fieldErrors: { piece: [message] } });
const unknownCertificate = () => new NotFound('No certificate has this number.');

/** The key certificate numbers are signed with: derived from the server's token secret, the same on every instance. */
const certificateKey = (deps: AppDeps) =>
  deriveKey(loadOrCreateSecret(deps.config.dataDir, 'jwt', deps.config.jwtSecret), 'certificate-number');

/** Paperwork as PDF, made on the server: certificates of authenticity (with their public check), wall labels and consignment forms. */
export function paperworkRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  const numbers = certificateNumbers(certificateKey(deps));

  api.openapi(
    {
      method: 'get',
      path: '/artwork/:id/certificate.pdf',
      summary: "A certificate of authenticity (PDF) for the work, or for one copy of an edition (`piece`: the copy's pieceId)",
      tag,
      auth: true,
      params: artworkIdParams,
      query: certificateQuerySchema,
      responses: {
        200: { description: 'The certificate (application/pdf, one A4 page)', contentType: 'application/pdf' },
        400: errorDoc('Invalid input: an unknown piece, or no piece for an edition'),
        401: errorDoc('Not signed in'),
        404: errorDoc('No such artwork'),
      },
    },
    async (c, { params, query }) => {
      const userId = c.var.auth.user.userId;
      const found = await readArtworkPieces(deps.db, userId, params.id);
      const { artwork } = found;
      const piece = query.piece
        ? found.pieces.find((p) => p.id === query.piece)
        : artwork.editionSize === null
          ? found.pieces[0]
          : undefined;
      if (!piece)
        throw pieceError(query.piece ? 'This artwork has no such piece' : 'Choose which copy of the edition the certificate is for');
      const number = numbers.of(piece.id);
      const doc = await certificatePdf({
        title: artwork.title,
        year: artwork.year,
        medium: artwork.medium,
        dimensions: formatDimensions(artwork.dimensions),
        copy: copyOf(artwork, piece),
        artist: await artistName(deps.db, userId),
        number,
        verifyUrl: `${deps.config.appUrl}/verify/${number}`,
        image: await imageForPdf(deps.storage, await largeImageKey(deps.db, userId, artwork.primaryImageMediaId)),
      });
      return pdfResponse(doc, `certificate-${number}.pdf`);
    },
  );

  api.openapi(
    {
      method: 'get',
      path: '/certificate/:number',
      summary: "Checks a certificate's number: the work's title, year, artist and copy (never its buyer). Public",
      tag,
      params: certificateNumberParams,
      responses: {
        200: { description: 'The certificate is genuine: what it certifies' },
        404: errorDoc('No certificate has this number'),
      },
    },
    async (c, { params }) => c.json(await verify(params.number), 200),
  );

  api.openapi(
    {
      method: 'get',
      path: '/paperwork/labels.pdf',
      summary: 'Wall labels (PDF, A4, eight to a page) for the chosen works, in the order given (`artworkIds`: ids separated by commas)',
      tag,
      auth: true,
      query: labelsQuerySchema,
      responses: {
        200: { description: 'The sheet of labels (application/pdf)', contentType: 'application/pdf' },
        400: errorDoc('Invalid input: no works, too many, or an id that is not one'),
        401: errorDoc('Not signed in'),
        404: errorDoc('One of the works is not one of yours'),
      },
    },
    async (c, { query }) => {
      const userId = c.var.auth.user.userId;
      const rows = await labelledArtworks(deps.db, userId, query.artworkIds);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const labels = query.artworkIds.map((id) => {
        const row = byId.get(id);
        if (!row) throw new NotFound('Artwork not found.');
        return { title: row.title, year: row.year, medium: row.medium, dimensions: formatDimensions(row.dimensions) };
      });
      return pdfResponse(await labelsPdf(await artistName(deps.db, userId), labels), 'wall-labels.pdf');
    },
  );

  api.openapi(
    {
      method: 'get',
      path: '/consignment/:id/form.pdf',
      summary: 'The consignment form (PDF): artist and gallery, the terms, each work with its picture, size and price, two signature lines',
      tag,
      auth: true,
      params: consignmentIdParams,
      responses: {
        200: { description: 'The form (application/pdf)', contentType: 'application/pdf' },
        400: errorDoc('Invalid input'),
        401: errorDoc('Not signed in'),
        404: errorDoc('No such consignment'),
      },
    },
    async (c, { params }) => {
      const userId = c.var.auth.user.userId;
      const consignment = await getConsignment(deps.db, userId, params.id, deps.mediaUrls);
      const items = consignment.items.filter((i) => i.state !== 'returned');
      const pieces = new Map(
        (
          await consignedPieces(
            deps.db,
            userId,
            items.map((i) => i.pieceId),
          )
        ).map((p) => [p.pieceId, p]),
      );
      const gallery = await galleryDetails(deps.db, userId, consignment.gallery.contactId);
      const works = [];
      for (const item of items) {
        const piece = pieces.get(item.pieceId);
        works.push({
          title: item.title,
          copy: item.copy,
          year: piece?.year ?? null,
          medium: piece?.medium ?? '',
          dimensions: piece ? formatDimensions(piece.dimensions) : '',
          price:
            piece?.priceAmount != null && piece.priceCurrency
              ? formatMoney({ amount: piece.priceAmount, currency: piece.priceCurrency }, 'en')
              : '',
          image: await imageForPdf(deps.storage, piece?.imageKey ?? null, 400),
        });
      }
      const doc = await consignmentFormPdf({
        artist: await artistName(deps.db, userId),
        gallery: {
          name: consignment.gallery.name,
          address: gallery?.address ?? '',
          email: gallery?.email ?? '',
          phone: gallery?.phone ?? '',
        },
        commissionPercent: consignment.commissionPercent,
        startsOn: consignment.startsOn,
        endsOn: consignment.endsOn,
        terms: consignment.terms,
        works,
      });
      return pdfResponse(doc, `consignment-${consignment.consignmentId}.pdf`);
    },
  );

  async function verify(number: string) {
    const pieceId = numbers.open(number);
    const row = pieceId ? await findVerifiedPiece(deps.db, pieceId) : null;
    if (!row) throw unknownCertificate();
    return {
      number: number.trim().toUpperCase(),
      title: row.title,
      year: row.year,
      artist: `${row.firstName} ${row.lastName}`.trim(),
      copy: copyOf(row, row),
    };
  }

  /** The verification address printed on every certificate: a plain public page. */
  const page = new Hono<AppEnv>();
  page.get('/verify/:number', async (c) => {
    const number = c.req.param('number');
    let found: Awaited<ReturnType<typeof verify>> | null = null;
    try {
      found = await verify(number);
    } catch (err) {
      if (!(err instanceof NotFound)) throw err;
    }
    const body = found
      ? html`<h1>Certificate ${found.number} is genuine</h1>
          <p>It certifies <strong>${found.title || 'Untitled'}</strong>${found.year ? html`, ${found.year}` : ''}, by ${found.artist}${
            found.copy ? html`, copy ${found.copy}` : html`, a unique work`
          }.</p>`
      : html`<h1>No certificate has this number</h1>
          <p>Check the number printed on the certificate.</p>`;
    return c.html(
      html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Certificate check</title></head><body>${body}</body></html>`,
      found ? 200 : 404,
    );
  });

  return { api, page };
}
