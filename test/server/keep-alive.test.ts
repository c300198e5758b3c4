import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createTestApp, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

/**
 * A keep-alive client sending a body to a route that reads none: the answer must not promise a connection that the
 * body left in it then breaks (the client's next request on it reset).
 */
describe(`a body nobody reads, over a kept-alive connection (${dbLabel()})`, () => {
  let t: TestApp;
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    const app = buildApp(t.deps);
    server = await new Promise<http.Server>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as http.Server)) as http.Server;
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await t?.close();
  });

  /** One request on the agent's single connection: its status, its Connection header, or the socket error. */
  const send = (agent: http.Agent, method: string, path: string, size = 0) =>
    new Promise<{ status?: number; connection?: string; error?: string }>((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: size ? { 'content-type': 'application/json', 'content-length': size } : {},
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
      req.end(size ? Buffer.alloc(size, 0x20) : undefined);
    });

  // Refused before the body is read: not signed in, no such route, a method the page does not take, too large (3 MB).
  it.each([
    ['POST', '/api/domains/verify'],
    ['DELETE', '/api/domains'],
    ['POST', '/api/nothing-here'],
    ['PUT', '/api/ping'],
    ['POST', '/p/nobody-published-this'],
  ])('%s %s with 400 KB and 3 MB: the answer says Connection: close, and the next request goes through', async (method, path) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const size of [400_000, 3_000_000, 400_000]) {
        const answer = await send(agent, method, path, size);
        const next = await send(agent, 'GET', '/api/ping');
        expect({ size, answer, next }).toEqual({
          size,
          answer: { status: expect.any(Number), connection: 'close' },
          next: { status: 200, connection: 'keep-alive' },
        });
        expect(answer.status).toBeGreaterThanOrEqual(400);
      }
    } finally {
      agent.destroy();
    }
  });

  it('a route that reads its body keeps the connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await send(agent, 'POST', '/api/auth/sign-in', 400_000)).toEqual({ status: 400, connection: 'keep-alive' });
      expect(await send(agent, 'GET', '/api/ping')).toEqual({ status: 200, connection: 'keep-alive' });
    } finally {
      agent.destroy();
    }
  });
});
