import { LINK_CARD_MESSAGES as M, LINK_DESCRIPTION_MAX, LINK_TITLE_MAX, type LinkCard } from '../../../src/schemas/link-card.schema';
import { type DomainError, Invalid, UpstreamFailed } from '../../errors';
import type { Logger } from '../../log';
import { DeadlinePassed, withDeadline } from '../../outbound/deadline';
import { createOutboundDoor, OutboundRefused, PRIVATE_ADDRESS_MESSAGE, type OutboundOptions } from '../../outbound/guarded-fetch';
import type { BlobStore } from '../../storage/blob-store';
import { readPageMeta, sniffCharset } from './page-meta';
import { recompressThumb, storeThumb, thumbPathOf } from './link-thumb';

export interface LinkPreviewOptions {
  /** Lets pages on loopback and private networks be read (tests, development): SOCIAL_ALLOW_PRIVATE_NETWORK. */
  allowPrivateNetwork: boolean;
  /** Test hooks of the outbound door (a stand-in DNS, loopback addresses playing public ones). */
  door?: Pick<OutboundOptions, 'resolve' | 'alsoAllow'>;
  /** The whole fetch of a page, or of its image (default 5 s each). */
  timeoutMs?: number;
  /** How much of a page is read (default 1 MB): the head is at the top, the rest is cut off. */
  maxHtmlBytes?: number;
  /** The largest image read (default 5 MB); a larger one leaves the card without an image. */
  maxImageBytes?: number;
  /** How long an answer is remembered per URL (default 10 minutes; a failure, a minute). */
  cacheMs?: number;
}

const MAX_REDIRECTS = 5;
const CACHE_ENTRIES = 500;
/** A declared length above this is refused before reading (a page is cut at maxHtmlBytes anyway). */
const DECLARED_LIMIT = 50 * 1024 * 1024;
const HTML = /^\s*(text\/html|application\/xhtml\+xml)\b/i;
const HEADERS = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', 'user-agent': 'ArtistStudio-LinkPreview/1.0' };

const bad = () => new Invalid(M.badUrl, { code: 'LINK_BAD_URL', fieldErrors: { url: [M.badUrl] } });
const upstream = (message: string, code: string) => new UpstreamFailed(message, { code });

/** The link as one the fetcher will try: http(s), with a host, no credentials in it. */
function parseLink(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw bad();
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) throw bad();
  return url;
}

/** Reads at most max bytes of a body and stops there (the rest is never downloaded). */
async function readUpTo(body: ReadableStream<Uint8Array> | null, max: number): Promise<{ bytes: Buffer; cut: boolean }> {
  if (!body) return { bytes: Buffer.alloc(0), cut: false };
  const reader = body.getReader();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { bytes: Buffer.concat(chunks, size), cut: false };
      const room = max - size;
      chunks.push(Buffer.from(value.subarray(0, room)));
      size += Math.min(room, value.byteLength);
      if (value.byteLength >= room) return { bytes: Buffer.concat(chunks, size), cut: true };
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function decode(bytes: Buffer, contentType: string): string {
  const declared = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1] ?? sniffCharset(bytes.subarray(0, 2048).toString('latin1'));
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Whether a failure is a deadline that passed (the door's, or the whole preview's). */
function timedOut(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof DeadlinePassed) return true;
  return false;
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

/**
 * Link previews: a page read through an outbound door of its own (every hop's address checked, private networks
 * refused unless allowed, at most 5 redirects, a timeout), HTML only and at most 1 MB of it, its OpenGraph / Twitter
 * tags read, and its image fetched the same way and recompressed under Bluesky's blob limit into storage. Answers are
 * remembered briefly per URL, failures too, so typing and retyping a link asks the page once.
 */
export function createLinkPreviews(storage: BlobStore, log: Logger, options: LinkPreviewOptions) {
  const { timeoutMs = 5000, maxHtmlBytes = 1024 * 1024, maxImageBytes = 5 * 1024 * 1024, cacheMs = 10 * 60_000 } = options;
  const door = createOutboundDoor({
    allowPrivateNetwork: options.allowPrivateNetwork,
    ...options.door,
    maxRedirects: MAX_REDIRECTS,
    maxResponseBytes: DECLARED_LIMIT,
    timeoutMs,
  });
  const cache = new Map<string, { until: number; result: Promise<LinkCard> }>();

  /** What went wrong, as the artist reads it: a refused address is their link's fault (400), the rest the page's (502). */
  function failure(err: unknown): DomainError {
    for (let e = err; e instanceof Error; e = e.cause) {
      if (e instanceof OutboundRefused) {
        if (e.reason === 'private')
          return new Invalid(PRIVATE_ADDRESS_MESSAGE, { code: 'LINK_PRIVATE', fieldErrors: { url: [e.message] } });
        if (e.reason === 'redirects') return upstream(M.tooManyRedirects, 'LINK_REDIRECTS');
        if (e.reason === 'scheme') return upstream(M.unreachable, 'LINK_UNREACHABLE');
        return upstream(M.notHtml, 'LINK_TOO_LARGE');
      }
    }
    if (err instanceof Invalid || err instanceof UpstreamFailed) return err;
    return upstream(M.unreachable, 'LINK_UNREACHABLE');
  }

  async function fetchThumb(src: string, page: URL): Promise<string | null> {
    try {
      const url = new URL(src, page);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
      const res = await door.fetch(url, { headers: { ...HEADERS, accept: 'image/*' } });
      if (!res.ok || !/^image\//i.test(res.headers.get('content-type') ?? '')) {
        await res.body?.cancel();
        return null;
      }
      const { bytes, cut } = await readUpTo(res.body, maxImageBytes);
      if (cut) return null;
      return thumbPathOf(await storeThumb(storage, await recompressThumb(bytes)));
    } catch (err) {
      // A card without its image is still a card.
      log.info({ err, src }, 'link card image not used');
      return null;
    }
  }

  async function load(url: URL): Promise<LinkCard> {
    const res = await door.fetch(url, { headers: HEADERS });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok) {
      await res.body?.cancel();
      throw upstream(M.unreachable, 'LINK_UNREACHABLE');
    }
    if (!HTML.test(type)) {
      await res.body?.cancel();
      throw upstream(M.notHtml, 'LINK_NOT_HTML');
    }
    const page = new URL(res.url || url.href);
    const { bytes } = await readUpTo(res.body, maxHtmlBytes);
    const meta = readPageMeta(decode(bytes, type));
    const thumbUrl = meta.image ? await fetchThumb(meta.image, page) : null;
    return {
      uri: url.href,
      title: clip(meta.title || url.hostname, LINK_TITLE_MAX),
      description: clip(meta.description, LINK_DESCRIPTION_MAX),
      thumbUrl,
    };
  }

  return {
    /** Whether a preview of this link is remembered (a cache hit costs the artist nothing against the rate limit). */
    isCached(raw: string) {
      const hit = cache.get(raw);
      return Boolean(hit && hit.until > Date.now());
    },
    /** The card of a link (the link kept as written, for the post's record); throws Invalid or UpstreamFailed. */
    preview(raw: string): Promise<LinkCard> {
      const url = parseLink(raw);
      const hit = cache.get(raw);
      if (hit && hit.until > Date.now()) return hit.result;
      // The page and its image, each within timeoutMs, and the whole within its own deadline: nothing waits longer.
      const loading = withDeadline(2 * timeoutMs + 1000, () => load(url));
      const entry = {
        until: Date.now() + cacheMs,
        result: loading.catch((err: unknown) => {
          throw failure(err);
        }),
      };
      cache.delete(raw);
      cache.set(raw, entry);
      loading.catch((err: unknown) => {
        if (cache.get(raw) !== entry) return;
        // One that did not answer in time is forgotten, so asking again asks the page again; other failures are kept a minute.
        if (timedOut(err)) cache.delete(raw);
        else entry.until = Math.min(entry.until, Date.now() + Math.min(cacheMs, 60_000));
      });
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      return entry.result.then((card) => ({ ...card, uri: raw }));
    },
    close: () => door.close(),
  };
}

export type LinkPreviews = ReturnType<typeof createLinkPreviews>;
