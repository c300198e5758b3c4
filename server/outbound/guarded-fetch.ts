import dns from 'node:dns/promises';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';
import { isPublicAddress } from './address-rule';
import { ambientDeadline, startDeadline, withDeadline, type Deadline } from './deadline';

export const PRIVATE_ADDRESS_MESSAGE = 'That server address points into a private network and cannot be used.';

/** Why the door refused a request: an address it may not reach, too many redirects, a downgrade, or too much data. */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: 'private' | 'redirects' | 'scheme' | 'too-large',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

/** Every address a name resolves to. */
export type ResolveAll = (hostname: string) => Promise<string[]>;

export interface OutboundOptions {
  /** Lets requests reach loopback and private networks (tests, a PDS on the operator's LAN). */
  allowPrivateNetwork: boolean;
  /** How names are resolved; the system resolver unless a test stands in for DNS. */
  resolve?: ResolveAll;
  /** Addresses treated as public although they are not: lets a test play a public server on loopback. */
  alsoAllow?: string[];
  maxRedirects?: number;
  maxResponseBytes?: number;
  timeoutMs?: number;
}

export interface OutboundDoor {
  /** fetch() for requests made on an artist's behalf, to addresses an artist chose. */
  fetch: typeof fetch;
  /** Resolves a host as the door would and throws OutboundRefused if the door would refuse it. */
  checkHost(hostname: string): Promise<void>;
  close(): Promise<void>;
}

const systemResolve: ResolveAll = async (hostname) => (await dns.lookup(hostname, { all: true })).map((a) => a.address);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The one way out for requests to addresses an artist gave (their PDS today). Every connection, the first and every
 * redirect hop, resolves its name once, refuses it unless every address is public unicast, and connects to exactly
 * those addresses: no second lookup can answer differently (DNS rebinding), and no redirect skips the check.
 * Redirects are followed by hand (at most 3), answers are capped in size and time: each call owns its deadline
 * (server/outbound/deadline.ts), which covers the connection, every hop and the reading of the body, and which also
 * ends with the caller's signal or the withDeadline the call is made in.
 */
export function createOutboundDoor(options: OutboundOptions): OutboundDoor {
  const {
    allowPrivateNetwork,
    resolve = systemResolve,
    maxRedirects = 3,
    maxResponseBytes = 5 * 1024 * 1024,
    timeoutMs = 15_000,
  } = options;
  const alsoAllow = new Set((options.alsoAllow ?? []).map((a) => ipaddr.process(a).toString()));
  const permitted = (address: string) =>
    allowPrivateNetwork || isPublicAddress(address) || (ipaddr.isValid(address) && alsoAllow.has(ipaddr.process(address).toString()));

  async function checkedAddresses(hostname: string): Promise<string[]> {
    const host = hostname.replace(/^\[|\]$/g, '');
    const addresses = net.isIP(host) ? [host] : await resolve(host);
    if (!addresses.length) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    if (!addresses.every(permitted)) throw new OutboundRefused('private', PRIVATE_ADDRESS_MESSAGE);
    return addresses;
  }

  // Node calls this for every connection to a name; what it answers is what the socket connects to.
  const lookup: LookupFunction = (hostname, opts, callback) => {
    checkedAddresses(hostname).then(
      (all) => {
        const wanted = opts.family === 4 || opts.family === 'IPv4' ? 4 : opts.family === 6 || opts.family === 'IPv6' ? 6 : 0;
        const list = all.filter((a) => !wanted || net.isIP(a) === wanted).map((address) => ({ address, family: net.isIP(address) }));
        if (!list.length) callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        else if (opts.all) callback(null, list);
        else callback(null, list[0].address, list[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
  const baseConnect = buildConnector({ lookup });
  // An address written in the URL is not looked up by Node, so it is checked here, at the same moment.
  const agent = new Agent({
    connect: (opts, callback) => {
      if (net.isIP(opts.hostname) && !permitted(opts.hostname)) callback(new OutboundRefused('private', PRIVATE_ADDRESS_MESSAGE), null);
      else baseConnect(opts, callback);
    },
  });

  async function guardedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    // The caller's own signal, not request.signal: a Request's copy follows it only weakly (nodejs/undici#4068).
    const deadline = startDeadline(timeoutMs, [init?.signal ?? (input instanceof Request ? input.signal : null), ambientDeadline()]);
    let handedOver = false;
    try {
      const res = await follow(request, deadline.signal);
      const out = capped(res, maxResponseBytes, deadline);
      handedOver = true;
      return out;
    } finally {
      if (!handedOver) deadline.clear();
    }
  }

  async function follow(request: Request, signal: AbortSignal): Promise<Response> {
    let url = new URL(request.url);
    let method = request.method;
    const headers = new Headers(request.headers);
    // Kept whole so a 307/308 can send it again; what the product sends (JSON, images under 2 MB) is small.
    let body = request.body ? await request.arrayBuffer() : undefined;
    for (let hop = 0; ; hop++) {
      const res = await fetch(url, { method, headers, body, signal, redirect: 'manual', dispatcher: agent } as RequestInit).catch(
        unwrapRefusal,
      );
      const location = REDIRECTS.has(res.status) ? res.headers.get('location') : null;
      if (!location) return res;
      await res.body?.cancel();
      if (hop === maxRedirects) throw new OutboundRefused('redirects', `That server redirected more than ${maxRedirects} times.`);
      const next = new URL(location, url);
      if (next.protocol !== 'https:' && !(next.protocol === 'http:' && url.protocol === 'http:')) {
        throw new OutboundRefused('scheme', 'That server redirected to an address that is not https://.');
      }
      // Tokens are for the server they were issued by, never for wherever it points.
      if (next.origin !== url.origin) ['authorization', 'cookie'].forEach((h) => headers.delete(h));
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        ['content-type', 'content-length'].forEach((h) => headers.delete(h));
      }
      url = next;
    }
  }

  return {
    fetch: guardedFetch,
    checkHost: (hostname) => withDeadline(timeoutMs, () => checkedAddresses(hostname)).then(() => undefined),
    close: () => agent.close(),
  };
}

/** fetch() wraps a connection error in "fetch failed"; a refusal is worth saying as itself. */
function unwrapRefusal(err: unknown): never {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof OutboundRefused) throw e;
  throw err;
}

const tooLarge = (max: number) =>
  new OutboundRefused('too-large', `That server sent an answer larger than ${Math.round(max / 1024 / 1024)} MB.`);

/**
 * The answer, refused as soon as it declares or sends more than max bytes, and cut when the deadline passes while its
 * body is read (the pipe holds the deadline's signal; the source is cancelled, which closes the connection). The
 * deadline ends when the body has been read, cancelled or cut.
 */
function capped(res: Response, max: number, deadline: Deadline): Response {
  if (Number(res.headers.get('content-length')) > max) {
    void res.body?.cancel();
    throw tooLarge(max);
  }
  if (!res.body || NULL_BODY.has(res.status)) {
    deadline.clear();
    return res;
  }
  let seen = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > max) controller.error(tooLarge(max));
      else controller.enqueue(chunk);
    },
  });
  res.body
    .pipeTo(counter.writable, { signal: deadline.signal })
    .catch(() => undefined)
    .finally(deadline.clear);
  return new Response(counter.readable, { status: res.status, statusText: res.statusText, headers: res.headers });
}
