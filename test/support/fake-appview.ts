import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for Bluesky's AppView on loopback: answers app.bsky.feed.getPosts with the counts set for each
 * URI (posts it does not know are left out, as the AppView does) and records every call: for the tests of the batching
 * budget and the schedule. The counts against a real AppView are tested in social-metrics-appview.pg.test.ts.
 */
export async function startFakeAppView() {
  const counts = new Map<string, { likeCount: number; repostCount: number; replyCount: number; quoteCount: number }>();
  const calls: string[][] = [];
  let status = 200;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://appview');
    if (url.pathname !== '/xrpc/app.bsky.feed.getPosts') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'MethodNotImplemented' }));
      return;
    }
    const uris = url.searchParams.getAll('uris');
    calls.push(uris);
    if (status !== 200 || uris.length > 25) {
      const code = uris.length > 25 ? 400 : status;
      res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'InvalidRequest', message: `HTTP ${code}` }));
      return;
    }
    const posts = uris.flatMap((uri) => {
      const c = counts.get(uri);
      return c ? [{ uri, cid: 'bafy', author: {}, record: {}, indexedAt: new Date().toISOString(), ...c }] : [];
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ posts }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    /** What the AppView says of a post from now on. */
    set(uri: string, likes: number, reposts = 0, replies = 0, quotes = 0) {
      counts.set(uri, { likeCount: likes, repostCount: reposts, replyCount: replies, quoteCount: quotes });
    },
    /** Answers every call with this HTTP status (200: works again). */
    setStatus(code: number) {
      status = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeAppView = Awaited<ReturnType<typeof startFakeAppView>>;
