import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE } from '../src/schemas/artwork-import.schema';
import { artworkImportRoutes } from './artworks/artwork-import.routes';
import { artworkRoutes } from './artworks/artwork.routes';
import { artworkBatchRoutes } from './artwork-changes/artwork-batch.routes';
import { deleteArtwork } from './artwork-changes/artwork-delete.repo';
import { ARTWORK_FROM_FILE_PURPOSE } from './artworks/artwork-from-file.purpose';
import { processArtworkFromFile } from './media/artwork-from-file';
import { authRoutes } from './auth/auth.routes';
import { collectionRoutes } from './collections/collection.routes';
import { consignmentRoutes } from './consignments/consignment.routes';
import { contactDetail } from './contact-page/contact-page';
import { contactRoutes } from './contacts/contact.routes';
import type { AppDeps, AppEnv } from './context';
import { isDatabaseUnavailable } from './db/unavailable';
import { HttpError, toHttpError } from './http/errors';
import { studioReportRoutes } from './reports/studio-report.routes';
import { asStorageFault } from './storage/faults';
import { createLifecycle, healthRoutes, type Lifecycle } from './http/health';
import { openApiDocument } from './http/api-router';
import { inquiryRoutes } from './inquiries/inquiry.routes';
import { inventoryRoutes } from './inventory/inventory.routes';
import { paperworkRoutes } from './paperwork/paperwork.routes';
import { inventoryReportRoutes } from './paperwork/inventory-report.routes';
import { journalRoutes } from './journal/journal.routes';
import { serveCustomDomains } from './domains/custom-host';
import { domainRoutes } from './domains/domain.routes';
import { createPublicSite } from './site/public-site';
import { mediaFileRoutes } from './media/media-file.routes';
import { ARTWORK_MEDIA_PURPOSE, processArtworkMedia } from './media/media.processor';
import { mediaRoutes } from './media/media.routes';
import { publishRoutes } from './publish/publish.routes';
import { publicPortfolioRoutes } from './site/portfolio.routes';
import { measureJson } from './http/json-length';
import { lingerOnUnreadBody } from './http/linger';
import { securityHeaders } from './http/security-headers';
import { serveApp } from './http/static';
import { accountRoutes } from './social/accounts.routes';
import { postMediaFileRoutes } from './social/post-media-file.routes';
import { postMediaLinkRoutes } from './social/post-media-link.routes';
import { linkPreviewRoutes } from './social/link-card/link-preview.routes';
import { POST_MEDIA_PURPOSE, processPostMedia } from './social/post-media.processor';
import { postRoutes } from './social/posts.routes';
import { oauthPublicRoutes, oauthRoutes } from './social/providers/bluesky/oauth/oauth.routes';
import { metaCallbackRoutes, metaConnectRoutes } from './social/providers/meta/meta-connect.routes';
import { instagramQuotaRoutes } from './social/providers/instagram/instagram-quota.routes';
import { uploadRoutes } from './uploads/uploads.routes';
import type { UploadProcessor } from './uploads/uploads.service';
import { processAvatar } from './users/avatar';
import { qaRoutes } from './qa/qa.routes';
import { accountDataRoutes } from './users/account-data.routes';
import { userRoutes } from './users/user.routes';

const JSON_BODY_LIMIT = 1024 * 1024;
/** A database restart takes a few seconds; clients and proxies come back after this. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

/** What to do with a confirmed upload, by its purpose. */
const uploadProcessors: Record<string, UploadProcessor> = {
  avatar: processAvatar,
  [ARTWORK_MEDIA_PURPOSE]: processArtworkMedia,
  [ARTWORK_FROM_FILE_PURPOSE]: processArtworkFromFile,
  [POST_MEDIA_PURPOSE]: processPostMedia,
};

/** The whole HTTP surface: the API under /api and the built app everywhere else. */
export function buildApp(deps: AppDeps, lifecycle: Lifecycle = createLifecycle()) {
  const app = new Hono<AppEnv>();
  const log = deps.log;

  // A leaving instance asks every client (and the proxy) to open its next connection elsewhere.
  app.use('*', async (c, next) => {
    await next();
    if (lifecycle.draining) c.header('Connection', 'close');
  });

  // An answer given before the body was read (a refused upload, a route that takes no body) closes the connection
  // after reading the rest for a moment: the client reads the answer, and its next request goes on a new connection.
  app.use('*', lingerOnUnreadBody);
  app.use('*', securityHeaders(deps.config));
  // JSON and the public page are compressed as they go out; the app's own files were compressed at build time
  // and stored files (images, video, audio) are compressed already.
  app.use('*', compress({ contentTypeFilter: /^\s*(application\/json|text\/html)/i }));
  // A verified custom domain is the artist's public site and nothing else; every other host goes on to the app.
  // One public site (and its page cache) for both mounts: a verified custom domain's root and /p/<slug>.
  const publicSite = createPublicSite(deps);
  const paperwork = paperworkRoutes(deps);
  app.use('*', serveCustomDomains({ config: deps.config, hosts: deps.domains.hosts }, publicSite));
  app.use('/api/*', measureJson);

  app.use('/api/*', async (c, next) => {
    const started = performance.now();
    await next();
    if (log.isLevelEnabled('info')) {
      log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: +(performance.now() - started).toFixed(1) }, 'request');
    }
  });

  if (deps.config.corsOrigins.length) {
    app.use(
      '/api/*',
      cors({
        origin: deps.config.corsOrigins,
        allowHeaders: ['Authorization', 'Content-Type'],
        allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
        exposeHeaders: ['Retry-After', 'ETag'],
        maxAge: 600,
      }),
    );
  }

  // JSON bodies are small; file bytes only ever go to the upload URL, which streams and enforces its own limit. An
  // inventory CSV is the one large body: refused at 50 MB, by its Content-Length before a byte is read, or as it streams.
  const limitJsonBody = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: (c) => c.json({ message: 'The request body is too large.' }, 413) });
  const limitCsvBody = bodyLimit({ maxSize: IMPORT_MAX_BYTES - 1, onError: (c) => c.json({ message: IMPORT_TOO_LARGE }, 413) });
  app.use('/api/*', (c, next) => {
    if (c.req.path.startsWith('/api/uploads/local/')) return next();
    return (c.req.path === '/api/artwork/import' ? limitCsvBody : limitJsonBody)(c, next);
  });

  const probes = new Hono<AppEnv>();
  // Liveness: answers without touching anything (also the baseline the benchmarks compare routes with).
  probes.get('/ping', (c) => c.json({ ok: true }, 200));
  healthRoutes(probes, deps, lifecycle);
  app.route('/api', probes);

  // Each feature is a sub-app of its own; the order is the order routes are matched and documented in.
  const features = [
    authRoutes(deps),
    userRoutes(deps),
    accountDataRoutes(deps),
    uploadRoutes(deps, uploadProcessors),
    artworkBatchRoutes(deps),
    artworkImportRoutes(deps),
    artworkRoutes(deps, deleteArtwork),
    inventoryRoutes(deps),
    contactRoutes(deps, contactDetail),
    consignmentRoutes(deps),
    paperwork.api,
    inventoryReportRoutes(deps),
    studioReportRoutes(deps),
    mediaRoutes(deps),
    mediaFileRoutes(deps),
    collectionRoutes(deps),
    journalRoutes(deps),
    inquiryRoutes(deps),
    publishRoutes(deps),
    domainRoutes(deps),
    accountRoutes(deps),
    oauthRoutes(deps),
    metaConnectRoutes(deps),
    instagramQuotaRoutes(deps),
    postRoutes(deps),
    postMediaFileRoutes(deps),
    linkPreviewRoutes(deps),
  ];
  for (const feature of features) app.route('/api', feature);

  // Written out when first asked for, then kept: turning every schema into JSON Schema costs a fifth of a second of CPU,
  // which every start (each test server, each instance) paid for a document few clients read.
  let openApi: ReturnType<typeof openApiDocument> | undefined;
  const apiDocument = () =>
    (openApi ??= openApiDocument(
      features,
      { title: 'Artist Studio API', version: '1.0.0', description: 'Every protected call carries the ID token as a bearer token.' },
      '/api',
    ));
  // QA mode only: the statechart studio's report. Kept out of the documented API.
  if (deps.config.qa.tools) app.route('/api', qaRoutes(deps));
  const rest = new Hono<AppEnv>();
  rest.get('/openapi.json', (c) => c.json(apiDocument()));
  rest.all('*', (c) => c.json({ message: 'Not found.' }, 404));
  app.route('/api', rest);

  app.onError((thrown, c) => {
    // Domain failures (server/errors.ts) and storage faults become the HttpError they are answered with.
    const err = toHttpError(asStorageFault(thrown));
    if (err instanceof HttpError) {
      // A full or read-only disk is answered plainly, and the operator needs to hear of it.
      if (err.cause) log.error({ err: String(err.cause), method: c.req.method, path: c.req.path }, 'file storage cannot be written');
      for (const [name, value] of Object.entries(err.extra.headers ?? {})) c.header(name, value);
      return c.json(err.body, err.status);
    }
    if (err instanceof HTTPException) {
      const status = err.status as ContentfulStatusCode;
      const message = status === 415 ? 'Send the body as application/json.' : err.message || 'Bad request.';
      return c.json({ message }, status);
    }
    if (isDatabaseUnavailable(err)) {
      // The database is restarting or failing over: nothing was lost, and the same request works again in a moment.
      log.warn({ err: String(err), method: c.req.method, path: c.req.path }, 'database unavailable');
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ message: 'The studio is briefly unavailable. Please try again in a moment.' }, 503);
    }
    log.error({ err, method: c.req.method, path: c.req.path }, 'unhandled error');
    return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
  });

  // Public portfolios are pages of their own, before the app's fallback takes every other address.
  app.route('/', publicPortfolioRoutes(deps, publicSite));
  app.route('/', oauthPublicRoutes(deps));
  app.route('/', metaCallbackRoutes(deps));
  app.route('/', postMediaLinkRoutes(deps));
  app.route('/', paperwork.page);
  serveApp(app, deps.config.staticDir, { qaTools: deps.config.qa.tools });
  return app;
}
