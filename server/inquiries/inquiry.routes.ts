import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as z from 'zod/mini';
import { inquiryPageSchema, inquiryQuerySchema, inquirySchema } from '../../src/schemas/inquiry.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { Invalid, NotFound, VALIDATION_MESSAGE } from '../errors';
import { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
import type { Site } from '../site/site.urls';
import { findPublishedArtwork } from '../publish/published-artwork';
import { findPublication } from '../publish/publish.service';
import { toInquiryDto } from './inquiry.dto';
import { inquiryAlert, renderInquiryForm } from './inquiry.form';
import { handleInquiry, INQUIRY_FAILURES } from './inquiry.handler';
import { INQUIRY_PAGE_CSP, renderInquiryPage } from './inquiry.page';
import { listInquiries, markInquiryRead } from './inquiry.repo';

const tag = 'Inquiries';
const errors = { 400: errorDoc('Invalid input'), 401: errorDoc('Not signed in') };
const inquiryIdParams = z.object({ id: z.uuid({ error: 'Inquiry ID must be a valid UUID' }) });

/** The artist's inquiries in the app: newest first, and marking one read. */
export function inquiryRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  api.openapi(
    {
      method: 'get',
      path: '/inquiries',
      summary: "Buyers' inquiries from the public portfolio, newest first; nextCursor fetches the following page",
      tag,
      auth: true,
      query: inquiryQuerySchema,
      responses: { 200: { description: 'One page of inquiries', schema: inquiryPageSchema }, ...errors },
    },
    async (c, { query }) => {
      const page = await listInquiries(deps.db, c.var.auth.user.userId, query);
      if (!page) throw new Invalid(VALIDATION_MESSAGE, { fieldErrors: { cursor: ['The cursor is not valid'] } });
      return c.json({ items: page.rows.map(toInquiryDto), nextCursor: page.nextCursor, unreadCount: page.unreadCount }, 200);
    },
  );
  api.openapi(
    {
      method: 'post',
      path: '/inquiries/:id/read',
      summary: 'Mark an inquiry read (marking it again changes nothing)',
      tag,
      auth: true,
      params: inquiryIdParams,
      responses: { 200: { description: 'The inquiry', schema: inquirySchema }, 404: errorDoc('No such inquiry'), ...errors },
    },
    async (c, { params }) => {
      const row = await markInquiryRead(deps.db, c.var.auth.user.userId, params.id);
      if (!row) throw new NotFound('Inquiry not found.');
      return c.json(toInquiryDto(row), 200);
    },
  );
  return api;
}

/** Name and address are short and a message is at most 5000 characters: percent-encoded, well under this. */
export const INQUIRY_BODY_LIMIT = 64 * 1024;

const PAGE_HEADERS = {
  'Content-Security-Policy': INQUIRY_PAGE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // The page may hold what a buyer typed.
  'Cache-Control': 'no-store',
};

/** Where an artwork's inquiry form posts, and where the buyer reads the answer: <site>/artworks/<id>/inquiry. */
export const inquiryPath = (site: Site, artworkId: string) => `${site.base}/artworks/${encodeURIComponent(artworkId)}/inquiry`;
/** The site addresses inquiryRoutes answers (relative to the site's root). */
export const INQUIRY_ROUTE = /^\/artworks\/[^/]+\/inquiry$/;

type InquiryEnv = { Bindings: { site: Site; client: string } };

/**
 * The public side, relative to a site's root (/p/<slug> or a custom domain): the artwork page's form posts to
 * POST <site>/artworks/:artworkId/inquiry (form-encoded, no script needed). Sent: 303 to GET of the same address,
 * which shows the confirmation; refused: that page with the buyer's text and the messages (never cached).
 */
export function inquirySiteRoutes(deps: AppDeps) {
  const app = new Hono<InquiryEnv>();
  const page = (c: Context<InquiryEnv>, status: 200 | 400 | 404 | 413 | 415 | 429, p: Parameters<typeof renderInquiryPage>[0]) =>
    c.html(renderInquiryPage(p), status, PAGE_HEADERS);
  const home = (c: Context<InquiryEnv>) => c.env.site.base || '/';
  const refused = (c: Context<InquiryEnv>, status: 400 | 413 | 415, message: string) =>
    page(c, status, { portfolio: home(c), artist: '', artworkTitle: '', formHtml: inquiryAlert(message) });
  const notFound = (c: Context<InquiryEnv>) =>
    page(c, 404, { portfolio: home(c), artist: '', artworkTitle: '', formHtml: inquiryAlert(INQUIRY_FAILURES.notFound) });

  const limit = bodyLimit({
    maxSize: INQUIRY_BODY_LIMIT,
    onError: (c) => refused(c as Context<InquiryEnv>, 413, 'This message is too long to send. Please shorten it and try again.'),
  });

  app.post('/artworks/:artworkId/inquiry', limit, async (c) => {
    const { site, client } = c.env;
    const artworkId = c.req.param('artworkId');
    if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(c.req.header('content-type') ?? '')) {
      return refused(c, 415, 'Please send the form from the artwork’s page.');
    }
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      return refused(c, 400, 'The form could not be read. Please send it again from the artwork’s page.');
    }
    const action = inquiryPath(site, artworkId);
    const out = await handleInquiry(deps, { slug: site.slug, artworkId, form, ip: client, page: action });
    if (out.status === 303) return c.redirect(out.location!, 303);
    if (out.status === 404) return notFound(c);
    if (out.retryAfterSeconds) c.header('Retry-After', String(out.retryAfterSeconds));
    const formHtml = renderInquiryForm({ action, artist: out.artist, values: out.values, errors: out.errors });
    const artworkUrl = `${site.base}/artworks/${encodeURIComponent(artworkId)}`;
    return page(c, out.status, { portfolio: home(c), artist: out.artist, artworkTitle: out.artworkTitle, artworkUrl, formHtml });
  });

  app.get('/artworks/:artworkId/inquiry', async (c) => {
    const { site } = c.env;
    const artworkId = c.req.param('artworkId');
    const found = await findPublication(deps.db, site.slug);
    const artwork = found ? findPublishedArtwork(found.snapshot, artworkId) : null;
    if (!found || !artwork) return notFound(c);
    const sent = c.req.query('inquiry') === 'sent';
    const formHtml = renderInquiryForm({ action: inquiryPath(site, artworkId), artist: found.snapshot.artist, sent });
    const artworkUrl = `${site.base}/artworks/${encodeURIComponent(artworkId)}`;
    return page(c, 200, { portfolio: home(c), artist: found.snapshot.artist, artworkTitle: artwork.title, artworkUrl, formHtml });
  });
  return app;
}
