import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { graphError, type FakeGraphError } from './graph-errors';

export type HostName = 'instagram-login' | 'instagram-api' | 'instagram-graph' | 'facebook-login' | 'facebook-graph';

/** Every request a host received, with its parameters (query and form merged, as the Graph API reads them). */
export interface CallRecord {
  host: HostName;
  method: string;
  path: string;
  params: Record<string, string>;
  at: number;
}

/** A request to match: a host, and optionally a method and a path (a string is matched against the end of the path). */
export interface RequestMatch {
  host: HostName;
  method?: 'GET' | 'POST';
  path?: string | RegExp;
}

export interface Steering {
  calls: CallRecord[];
  /** Answer the next matching requests with this error instead (`times`, default 1). */
  failures: Array<RequestMatch & { error: FakeGraphError; times: number }>;
  /** Handle the next matching requests, then close the connection without answering. */
  lost: Array<RequestMatch & { times: number }>;
}

const matches = (m: RequestMatch, host: HostName, method: string, path: string) =>
  m.host === host &&
  (!m.method || m.method === method) &&
  (!m.path || (typeof m.path === 'string' ? path.endsWith(m.path) : m.path.test(path)));

/** The request's parameters: the query, and a POST's urlencoded or multipart fields (files left out). */
export async function paramsOf(c: Context): Promise<Record<string, string>> {
  const params: Record<string, string> = { ...c.req.query() };
  if (c.req.method === 'POST' && /urlencoded|multipart/.test(c.req.header('content-type') ?? '')) {
    for (const [k, v] of Object.entries(await c.req.parseBody({ all: false }))) if (typeof v === 'string') params[k] = v;
  }
  return params;
}

/** A Graph host: records each call, answers injected failures, and can drop the answer after the work is done. */
export function graphHost(name: HostName, steering: Steering, now: () => number) {
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.use('*', async (c, next) => {
    steering.calls.push({ host: name, method: c.req.method, path: c.req.path, params: await paramsOf(c), at: now() });
    const failure = steering.failures.find((f) => f.times > 0 && matches(f, name, c.req.method, c.req.path));
    if (failure) {
      failure.times -= 1;
      return graphError(c, failure.error);
    }
    const lose = steering.lost.find((l) => l.times > 0 && matches(l, name, c.req.method, c.req.path));
    await next();
    if (lose) {
      lose.times -= 1;
      // The work is done and recorded; the client never hears of it.
      c.env.outgoing.socket?.destroy();
    }
  });
  return app;
}

/** Graph's answer to an address it has no route for. */
export const unknownPath = (c: Context) => graphError(c, { status: 400, code: 2500, message: `Unknown path components: ${c.req.path}` });
