import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AtpAgent } from '@atproto/api';
import type { SavePost, SocialAccount, SocialPost, PostMedia } from '../../src/schemas/social.schema';
import type { UploadTicket } from '../../src/schemas/upload.schema';
import { createVerifiedAccount } from './mail-dir';
import type { Pds } from './pds';
import { pathOf } from './portfolio';
import type { TestApp } from './test-app';

/** Server env for tests: the PDS runs on loopback, which the server refuses unless told otherwise. */
/** What the API helpers need: the in-process test app, or a server process through remoteApi(). */
export type ApiClient = Pick<TestApp, 'request'>;

/** A server process as an ApiClient: the same `request` (a JSON body, a bearer token), over HTTP; redirects are not followed. */
export const remoteApi = (baseUrl: string): ApiClient => ({
  request: (p, { json, token, headers, holdMail: _held, ...init } = {}) =>
    fetch(/^https?:/.test(p) ? p : `${baseUrl}${p}`, {
      redirect: 'manual',
      ...init,
      headers: {
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(headers as Record<string, string> | undefined),
      },
      body: json !== undefined ? JSON.stringify(json) : init.body,
    }),
});

export const SOCIAL_TEST_ENV = { SOCIAL_ALLOW_PRIVATE_NETWORK: 'true' };

/** Server env for OAuth against the local PDS: identities resolve at its PLC directory, handles at the PDS itself. */
export const oauthTestEnv = (pds: Pds) => ({ ...SOCIAL_TEST_ENV, OAUTH_PLC_URL: pds.plcUrl, OAUTH_HANDLE_RESOLVER: pds.url });

export type PdsAccount = Awaited<ReturnType<Pds['createAccount']>>;

let accounts = 0;
/** This process's mark in its handles: test files in other processes make accounts on the same PDS. */
const processMark = Math.random().toString(36).slice(2, 6).padEnd(4, '0');
/** A fresh PDS account (handles must be unique on one PDS, their first label at most 18 characters). */
export const newPdsAccount = (pds: Pds, name = 'artist') => pds.createAccount(`${name}${++accounts}${processMark}.test`);

export function connect(t: TestApp, token: string, account: { handle: string; appPassword: string }, service: string) {
  return t.request('/api/social-media/accounts', {
    method: 'POST',
    token,
    json: {
      platform: 'bluesky',
      handle: account.handle,
      credentials: { identifier: account.handle, appPassword: account.appPassword, service },
    },
  });
}

export async function connectOk(
  t: TestApp,
  token: string,
  account: { handle: string; appPassword: string },
  service: string,
): Promise<SocialAccount> {
  const res = await connect(t, token, account, service);
  if (res.status !== 200) throw new Error(`connect: ${res.status} ${await res.text()}`);
  return (await res.json()) as SocialAccount;
}

export const savePost = (t: ApiClient, token: string, body: SavePost) =>
  t.request('/api/social-media/post', { method: 'POST', token, json: body });

export async function savePostOk(t: ApiClient, token: string, body: SavePost): Promise<SocialPost> {
  const res = await savePost(t, token, body);
  if (res.status !== 200) throw new Error(`save post: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { post: SocialPost }).post;
}

export async function getPost(t: ApiClient, token: string, postId: string): Promise<SocialPost> {
  const res = await t.request(`/api/social-media/post/${postId}`, { token });
  if (res.status !== 200) throw new Error(`get post: ${res.status} ${await res.text()}`);
  return (await res.json()) as SocialPost;
}

export const publish = (t: ApiClient, token: string, postId: string) =>
  t.request(`/api/social-media/post/${postId}/publish`, { method: 'POST', token, json: { postId } });

export const requestPostTicket = (t: ApiClient, token: string, postId: string, file: { name: string; type: string; size: number }) =>
  t.request(`/api/social-media/post/${postId}/media`, {
    method: 'POST',
    token,
    json: { fileName: file.name, fileType: file.type, fileSizeInBytes: file.size },
  });

/** Ticket, PUT, confirm: answers the first response that is not a success, else the confirm's. */
export async function uploadPostMedia(t: ApiClient, token: string, postId: string, bytes: Buffer, type: string, name: string) {
  const ticketRes = await requestPostTicket(t, token, postId, { name, type, size: bytes.length });
  if (ticketRes.status !== 200) return ticketRes;
  const ticket = (await ticketRes.json()) as UploadTicket;
  const put = await t.request(pathOf(ticket.uploadUrl), { method: 'PUT', headers: ticket.headers, body: new Uint8Array(bytes) });
  if (!put.ok) return put;
  return t.request(`/api/uploads/${ticket.uploadId}/complete`, { method: 'POST', token });
}

export async function addPostMedia(
  t: ApiClient,
  token: string,
  postId: string,
  bytes: Buffer,
  type: string,
  name: string,
): Promise<PostMedia> {
  const res = await uploadPostMedia(t, token, postId, bytes, type, name);
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return (await res.json()) as PostMedia;
}

/** Polls until check() answers something truthy. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 20_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export interface PostRecord {
  uri: string;
  value: {
    text: string;
    createdAt: string;
    facets?: Array<{ index: { byteStart: number; byteEnd: number }; features: Array<Record<string, string>> }>;
    embed?: {
      $type: string;
      images: Array<{
        alt: string;
        aspectRatio?: { width: number; height: number };
        image: { ref: { toString(): string }; mimeType: string; size: number };
      }>;
    };
    langs?: string[];
    labels?: { $type: string; values: Array<{ val: string }> };
  };
}

/** Every post record of a repository, read from the PDS itself. */
export async function postRecords(agent: AtpAgent, did: string): Promise<PostRecord[]> {
  const out: PostRecord[] = [];
  let cursor: string | undefined;
  do {
    const res = await agent.com.atproto.repo.listRecords({ repo: did, collection: 'app.bsky.feed.post', limit: 100, cursor });
    out.push(...(res.data.records as unknown as PostRecord[]));
    cursor = res.data.records.length === 100 ? res.data.cursor : undefined;
  } while (cursor);
  return out;
}

export type ProxyMode = 'up' | 'down' | 'drop-create' | 'hang';

/**
 * An HTTP proxy in front of the PDS that can play a server that is down ('down': every connection is cut), or one
 * whose answer to a post is lost after the post was written ('drop-create': the write (applyWrites, or createRecord)
 * reaches the PDS, its answer is cut off, and the proxy is down from then on), or one that accepts every request and
 * never answers ('hang'). `beforeCreate(n)` is called as the n-th write call (from 1) arrives, before it is passed on;
 * answering 'cut', the call is cut off without reaching the PDS; 'hold', it reaches the PDS and its answer never comes
 * (the connection stays open).
 */
export async function startFlakyProxy(target: string, beforeCreate?: (n: number) => 'cut' | 'hold' | void) {
  let mode: ProxyMode = 'up';
  let creates = 0;
  const isWrite = (url?: string) => /com\.atproto\.repo\.(createRecord|applyWrites)/.test(url ?? '');
  const hop = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'content-encoding']);
  const server = http.createServer((req, res) => {
    if (mode === 'down') {
      req.socket.destroy();
      return;
    }
    if (mode === 'hang') return;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const before = isWrite(req.url) ? beforeCreate?.(++creates) : undefined;
      if (before === 'cut') {
        req.socket.destroy();
        return;
      }
      try {
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([k, v]) => !hop.has(k) && typeof v === 'string')) as Record<
          string,
          string
        >;
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        const upstream = await fetch(target + req.url, { method: req.method, headers, body: body ? new Uint8Array(body) : undefined });
        const payload = Buffer.from(await upstream.arrayBuffer());
        if (before === 'hold') return;
        if (mode === 'drop-create' && isWrite(req.url)) {
          mode = 'down';
          req.socket.destroy();
          return;
        }
        if (mode === 'down') {
          req.socket.destroy();
          return;
        }
        const out: Record<string, string> = {};
        upstream.headers.forEach((v, k) => !hop.has(k) && (out[k] = v));
        res.writeHead(upstream.status, out);
        res.end(payload);
      } catch {
        req.socket.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return mode;
    },
    set(next: ProxyMode) {
      mode = next;
      if (next === 'down') server.closeIdleConnections();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A verified, signed-in artist on a server process started by startServer (its mail is written to DATA_DIR/mail). */
export async function signUpOn(
  server: { url: string; dataDir: string },
  email = `artist-${Date.now()}@example.com`,
  password = 'Secret123',
) {
  return (await createVerifiedAccount(server, email, password)).idToken;
}

/** Connects a PDS account to the artist (`token`) on a server process started by startServer, through the API. */
export async function connectOn(
  server: { url: string },
  token: string,
  account: { handle: string; appPassword: string },
  service: string,
): Promise<SocialAccount> {
  const res = await fetch(`${server.url}/api/social-media/accounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      platform: 'bluesky',
      handle: account.handle,
      credentials: { identifier: account.handle, appPassword: account.appPassword, service },
    }),
  });
  if (res.status !== 200) throw new Error(`connect: ${res.status} ${await res.text()}`);
  return (await res.json()) as SocialAccount;
}
