import { z } from 'zod';
import { parseGraphJson } from './graph-json';

/** How the clients reach Meta: a fetch (the one guarded door, or plain fetch in tests) and how long one call may take. */
export interface GraphTransport {
  fetch: typeof fetch;
  /** The whole call, the answer's body included; 20 s unless said. */
  timeoutMs?: number;
}

export const DEFAULT_GRAPH_TIMEOUT_MS = 20_000;

/** A failure Meta answered: the Graph envelope `{error: {message, type, code, error_subcode, ...}}` or Instagram's OAuth one. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    readonly subcode: number | undefined,
    message: string,
    readonly extra: { type?: string; fbtraceId?: string; isTransient?: boolean; userTitle?: string; userMessage?: string } = {},
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

/**
 * No answer Meta could have meant: no connection, the deadline passed, or a body that is not the JSON it promises. After
 * a write, the write may have taken effect all the same (`ambiguous`).
 */
export class GraphTransportError extends Error {
  constructor(
    readonly reason: 'timeout' | 'network' | 'malformed',
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GraphTransportError';
  }
}

/**
 * Runs `work` with a signal that aborts after `ms`. The controller and the timer belong to this call alone (a timer
 * undici would hold weakly, as AbortSignal.timeout's is, can be collected with the request still waiting:
 * nodejs/undici#4068), and the timer is cleared however the work ends, so the deadline covers reading the body too.
 */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new GraphTransportError('timeout', `No answer within ${ms} ms.`)), ms);
  try {
    return await work(controller.signal);
  } catch (err) {
    if (controller.signal.aborted) throw controller.signal.reason;
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

type Params = Record<string, string | number | boolean | undefined>;

export interface GraphRequest {
  method: 'GET' | 'POST';
  /** The whole address without its query. */
  url: string;
  /** Query parameters (GET) */
  query?: Params;
  /** Form fields (POST, application/x-www-form-urlencoded), as the Graph API reads a POST's parameters. */
  form?: Params;
}

const defined = (params: Params = {}) =>
  Object.fromEntries(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));

/** `<base>/<version>/<path>`: a versioned Graph address. */
export const graphUrl = (base: string, version: string, path: string) => `${base.replace(/\/$/, '')}/${version}/${path.replace(/^\//, '')}`;

/** One call: sends it, reads the whole answer before the deadline, and parses it with `schema` (ids as strings). */
export async function graphRequest<S extends z.ZodType>(transport: GraphTransport, request: GraphRequest, schema: S): Promise<z.output<S>> {
  const url = new URL(request.url);
  for (const [k, v] of Object.entries(defined(request.query))) url.searchParams.set(k, v);
  const init: RequestInit = { method: request.method, headers: { accept: 'application/json' } };
  if (request.form) init.body = new URLSearchParams(defined(request.form));
  const { status, text } = await withDeadline(transport.timeoutMs ?? DEFAULT_GRAPH_TIMEOUT_MS, async (signal) => {
    let res: Response;
    try {
      res = await transport.fetch(url, { ...init, signal });
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      throw new GraphTransportError('network', `${url.host} cannot be reached.`, undefined, { cause: err });
    }
    return { status: res.status, text: await res.text() };
  });
  let body: unknown;
  try {
    body = parseGraphJson(text);
  } catch {
    throw new GraphTransportError('malformed', `${url.host} answered ${status} with a body that is not JSON.`, status);
  }
  const failure = errorOf(status, body);
  if (failure) throw failure;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new GraphTransportError(
      'malformed',
      `${url.host} answered ${url.pathname} in an unexpected shape: ${parsed.error.issues[0]?.message}`,
      status,
    );
  }
  return parsed.data;
}

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : undefined);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The failure in an answer, if it is one: the Graph envelope, api.instagram.com's OAuth shape, or any non-2xx. */
function errorOf(status: number, body: unknown): GraphError | null {
  const b = (body ?? {}) as Record<string, unknown>;
  if (b.error && typeof b.error === 'object') {
    const e = b.error as Record<string, unknown>;
    return new GraphError(status, num(e.code), num(e.error_subcode), str(e.message) ?? 'Unknown error', {
      type: str(e.type),
      fbtraceId: str(e.fbtrace_id),
      isTransient: typeof e.is_transient === 'boolean' ? e.is_transient : undefined,
      userTitle: str(e.error_user_title),
      userMessage: str(e.error_user_msg),
    });
  }
  if (typeof b.error_type === 'string' || typeof b.error_message === 'string') {
    return new GraphError(status, num(b.code), undefined, str(b.error_message) ?? 'Unknown error', { type: str(b.error_type) });
  }
  if (status < 200 || status > 299) return new GraphError(status, undefined, undefined, `HTTP ${status}`);
  return null;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().int().positive().optional(),
});

/** A token from one of Meta's token endpoints (a GET answering `{access_token, token_type, expires_in}`). */
export async function getToken(transport: GraphTransport, url: string, query: Params) {
  const answer = await graphRequest(transport, { method: 'GET', url, query }, tokenAnswer);
  return { accessToken: answer.access_token, expiresInSeconds: answer.expires_in };
}

/** The address of a login page (Instagram's authorization window, Facebook's dialog) asking for `scopes`. */
export function loginPageUrl(
  authorizeUrl: string,
  login: { clientId: string; redirectUri: string; state: string } & ({ scopes: readonly string[] } | { configId: string }),
) {
  const url = new URL(authorizeUrl);
  url.search = new URLSearchParams({
    client_id: login.clientId,
    redirect_uri: login.redirectUri,
    response_type: 'code',
    // Facebook Login for Business: a configuration names the permissions; otherwise they are the scope.
    ...('configId' in login ? { config_id: login.configId } : { scope: login.scopes.join(',') }),
    state: login.state,
  }).toString();
  return url.toString();
}
