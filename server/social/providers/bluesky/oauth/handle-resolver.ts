import dns from 'node:dns/promises';
import type { HandleResolver, ResolvedHandle } from '@atproto/oauth-client-node';
import { OutboundRefused } from '../../../../outbound/guarded-fetch';
import { atprotoOAuth } from '../atproto-libs';

/**
 * A handle could not be looked up: its DNS or its server did not answer (the network is down, a resolver times out).
 * Not the same as a handle that does not exist, which is a lookup that answered "no DID".
 */
export class HandleUnreachable extends Error {
  constructor(handle: string, options?: { cause?: unknown }) {
    super(`The handle ${handle} could not be looked up`, options);
    this.name = 'HandleUnreachable';
  }
}

/** What one way of looking a handle up found: a DID, an answer that there is none, or no answer at all. */
type Lookup = { did: ResolvedHandle } | 'none' | 'unreachable';

/** DNS answers that say the name holds no such record; any other failure is a DNS server that did not answer. */
const NO_SUCH_RECORD = new Set(['ENOTFOUND', 'ENODATA']);
const WELL_KNOWN_TIMEOUT_MS = 3000;

const codeOf = (err: unknown): string | undefined => {
  for (let e = err; e instanceof Error; e = e.cause) if ('code' in e && typeof e.code === 'string') return e.code;
  return undefined;
};

/** The `_atproto.<handle>` TXT record (atproto.com/specs/handle: exactly one `did=` line). */
async function fromDns(handle: string, resolveTxt: (name: string) => Promise<string[][]>): Promise<Lookup> {
  const { isResolvedHandle } = await atprotoOAuth();
  try {
    const lines = (await resolveTxt(`_atproto.${handle}`)).map((chunks) => chunks.join(''));
    const dids = lines.filter((l) => l.startsWith('did=')).map((l) => l.slice(4));
    return dids.length === 1 && isResolvedHandle(dids[0]) ? { did: dids[0] } : 'none';
  } catch (err) {
    return NO_SUCH_RECORD.has(codeOf(err) ?? '') ? 'none' : 'unreachable';
  }
}

/** `https://<handle>/.well-known/atproto-did`: any answer counts; a host that does not exist is "none" too. */
async function fromWellKnown(handle: string, fetch: typeof globalThis.fetch, signal?: AbortSignal): Promise<Lookup> {
  const { isResolvedHandle } = await atprotoOAuth();
  try {
    const timeout = AbortSignal.timeout(WELL_KNOWN_TIMEOUT_MS);
    const res = await fetch(`https://${handle}/.well-known/atproto-did`, {
      redirect: 'error',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const first = res.ok ? (await res.text()).split('\n')[0].trim() : '';
    if (!res.ok) await res.body?.cancel();
    return isResolvedHandle(first) && first ? { did: first } : 'none';
  } catch (err) {
    signal?.throwIfAborted();
    // A handle whose host sits in a private network cannot be one the studio may use: as if it had no DID there.
    if (err instanceof OutboundRefused) return 'none';
    return NO_SUCH_RECORD.has(codeOf(err) ?? '') ? 'none' : 'unreachable';
  }
}

/** `com.atproto.identity.resolveHandle` on one server (OAUTH_HANDLE_RESOLVER): 400 "Unable to resolve handle" is none. */
async function fromXrpc(base: string, handle: string, fetch: typeof globalThis.fetch, signal?: AbortSignal): Promise<Lookup> {
  const { isResolvedHandle } = await atprotoOAuth();
  let res: Response;
  try {
    res = await fetch(new URL(`/xrpc/com.atproto.identity.resolveHandle?handle=${encodeURIComponent(handle)}`, base), { signal });
  } catch {
    signal?.throwIfAborted();
    return 'unreachable';
  }
  const body = (await res.json().catch(() => null)) as { did?: unknown; message?: unknown } | null;
  if (res.ok && isResolvedHandle(body?.did) && body.did) return { did: body.did };
  if (res.status === 400 && body?.message === 'Unable to resolve handle') return 'none';
  return 'unreachable';
}

export interface HandleResolverOptions {
  /** The outbound door: a well-known address is one an artist chose. */
  fetch: typeof globalThis.fetch;
  /** A server to ask instead of DNS and the handle's own host (tests: the local PDS). */
  xrpcUrl?: string;
  resolveTxt?: (name: string) => Promise<string[][]>;
}

/**
 * Handle resolution as atproto.com/specs/handle describes it (DNS TXT, then the well-known address), told apart from
 * an outage: a handle is "not found" (null) only when every way of looking it up answered that there is none. When one
 * of them could not be asked and none found a DID, it throws HandleUnreachable, which the connect screen says as "could
 * not reach". (The library's own resolver turns every failure into "no DID", so a network down read as "no account".)
 */
export function createHandleResolver({ fetch, xrpcUrl, resolveTxt = dns.resolveTxt }: HandleResolverOptions): HandleResolver {
  return {
    async resolve(handle, options) {
      const lookups = xrpcUrl
        ? [await fromXrpc(xrpcUrl, handle, fetch, options?.signal)]
        : await Promise.all([fromDns(handle, resolveTxt), fromWellKnown(handle, fetch, options?.signal)]);
      options?.signal?.throwIfAborted();
      for (const lookup of lookups) if (typeof lookup === 'object') return lookup.did;
      if (lookups.includes('unreachable')) throw new HandleUnreachable(handle);
      return null;
    },
  };
}
