import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { JoseKey } from '@atproto/oauth-client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blueskyOAuthStore, socialAccounts, users } from '../../server/db/schema';
import { createSessionStore } from '../../server/social/providers/bluesky/oauth/oauth-store';
import { loadOrCreateOAuthKey } from '../../server/social/providers/bluesky/oauth/oauth-key';
import { confidentialMetadata, oauthModeOf } from '../../server/social/providers/bluesky/oauth/oauth-client';
import type { Pds } from '../support/pds';
import { sharedPds } from '../support/shared-pds';
import { newPdsAccount, oauthTestEnv, type PdsAccount } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`connecting Bluesky with OAuth against a real PDS (${dbLabel()})`, () => {
  let pds: Pds;
  let t: TestApp;
  let ada: { idToken: string };
  let alice: PdsAccount;
  beforeAll(async () => {
    pds = await sharedPds();
    t = await createTestApp(oauthTestEnv(pds));
    ada = await signedInUser(t);
    alice = await newPdsAccount(pds, 'alice');
  });
  afterAll(async () => {
    await t?.close();
    await pds?.close();
  });

  const start = (identifier: string, token = ada.idToken) =>
    t.request('/api/social/oauth/start', { method: 'POST', token, json: { identifier } });
  const states = () => t.deps.db.select().from(blueskyOAuthStore).where(eq(blueskyOAuthStore.kind, 'state'));
  /** The callback as a browser sends it, with the cookie it holds (if any). */
  const callback = (query: Record<string, string>, cookie?: string) =>
    t.request(`/oauth/callback?${new URLSearchParams(query)}`, { headers: cookie ? { cookie } : {} });
  /** A sign-in begun for a handle: the cookie its browser got, and the state the studio keeps for it. */
  const begin = async (identifier: string) => {
    const res = await start(identifier);
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie')!.split(';')[0];
    const [row] = (await states()).sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
    return { cookie, state: row.key };
  };
  const resultOf = (res: Response) => {
    const to = new URL(res.headers.get('location')!);
    return { path: to.pathname, ...Object.fromEntries(to.searchParams) };
  };

  it('starts at the PDS: a handle (typed with @) answers the address of its authorization page as a loopback client', async () => {
    const res = await start(`@${alice.handle.toUpperCase()}`);
    expect(res.status).toBe(200);
    const url = new URL(((await res.json()) as { authorizeUrl: string }).authorizeUrl);
    expect(url.origin).toBe(new URL(pds.url).origin);
    const clientId = new URL(url.searchParams.get('client_id')!);
    expect(clientId.origin).toBe('http://localhost');
    expect(clientId.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:8080/oauth/callback');
    expect(clientId.searchParams.get('scope')).toBe('atproto transition:generic');
    expect(url.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
  });

  it("a PDS address starts too (the artist picks the account on the PDS's page)", async () => {
    const res = await start(pds.url);
    expect(res.status).toBe(200);
  });

  it('the state of an authorization under way is sealed at rest: no DPoP private key, no verifier, no user id in clear', async () => {
    const rows = await states();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.sealed).toMatch(/^v1\./);
      expect(row.sealed).not.toContain('dpopJwk');
      expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now());
      const open = JSON.parse(t.deps.social.box.open(row.sealed));
      expect(open).toMatchObject({ dpopJwk: { d: expect.any(String) }, verifier: expect.any(String) });
      // Who began it, and the hash of the nonce in that browser's cookie (never the nonce).
      expect(JSON.parse(open.appState)).toEqual({ userId: expect.any(String), binding: expect.stringMatching(/^[\w-]{43}$/) });
    }
  });

  it('refuses what is not a handle or an address, with a message on the field', async () => {
    for (const identifier of ['', 'not a handle', 'nodot']) {
      const res = await start(identifier);
      expect(res.status, identifier).toBe(400);
      const body = (await res.json()) as { fieldErrors: Record<string, string[]> };
      expect(body.fieldErrors.identifier?.[0]).toBeTruthy();
    }
  });

  it('an unknown handle is a 400 on the field that says so', async () => {
    const res = await start('nobody-here.test');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; fieldErrors: Record<string, string[]> };
    expect(body.code).toBe('BLUESKY_UNKNOWN_HANDLE');
    expect(body.fieldErrors.identifier).toEqual(['No Bluesky account @nobody-here.test was found. Check the handle.']);
  });

  it('a PDS address that does not answer is a 502 saying it cannot be reached', async () => {
    const res = await start('http://127.0.0.1:9');
    expect(res.status).toBe(502);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('BLUESKY_UNREACHABLE');
    expect(body.message).toContain('cannot be reached');
  });

  it('needs a signed-in artist', async () => {
    expect((await t.request('/api/social/oauth/start', { method: 'POST', json: { identifier: alice.handle } })).status).toBe(401);
  });

  it('a callback with a state nobody began goes back to the accounts page as expired, and connects nothing', async () => {
    const res = await callback({ state: 'forged-state', code: 'x', iss: pds.url });
    expect(res.status).toBe(303);
    expect(resultOf(res)).toEqual({ path: '/social-media/accounts/connect/bluesky', bluesky: 'failed', reason: 'expired' });
    const none = await callback({});
    expect(resultOf(none)).toMatchObject({ bluesky: 'failed', reason: 'expired' });
    expect(await t.deps.db.select().from(socialAccounts)).toEqual([]);
  });

  it('an artist who denies access at the PDS comes back with "denied"; that state cannot be used again', async () => {
    const { cookie, state } = await begin(alice.handle);
    const query = { state, iss: new URL(pds.url).origin, error: 'access_denied', error_description: 'Access denied' };
    expect(resultOf(await callback(query, cookie))).toEqual({
      path: '/social-media/accounts/connect/bluesky',
      bluesky: 'failed',
      reason: 'denied',
    });
    // The state is used up: the same answer again is an expired one.
    expect(resultOf(await callback(query, cookie))).toMatchObject({ reason: 'expired' });
    expect(await t.deps.db.select().from(socialAccounts)).toEqual([]);
  });

  it('starting sets the binding cookie: HttpOnly, SameSite=Lax, for the whole site, an hour (not Secure on plain http)', async () => {
    const res = await start(alice.handle);
    expect(res.headers.get('set-cookie')).toMatch(/^studio-flow=[\w-]{43}; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('a callback from a browser that did not begin the sign-in is refused with a page saying so, and uses its state up', async () => {
    const iss = new URL(pds.url).origin;
    const { cookie: anotherFlows } = await begin(alice.handle);
    for (const cookie of [undefined, anotherFlows]) {
      const { cookie: own, state } = await begin(alice.handle);
      const query = { state, iss, code: 'a-code-the-pds-gave' };
      const res = await callback(query, cookie);
      expect(res.status).toBe(403);
      const page = await res.text();
      expect(page).toContain('<h1>This sign-in was started in another browser</h1>');
      expect(page).toContain('Nothing was connected.');
      // Used up: not even the browser that began it can finish it now.
      expect(resultOf(await callback(query, own))).toMatchObject({ bluesky: 'failed', reason: 'expired' });
    }
    expect(await t.deps.db.select().from(socialAccounts)).toEqual([]);
  });

  it("a loopback client's callback on 127.0.0.1 goes on to APP_URL's host once, for the browser's cookie to come with it", async () => {
    const { state } = await begin(alice.handle);
    const query = { state, iss: new URL(pds.url).origin, error: 'access_denied' };
    const sent = await t.request(`http://127.0.0.1:8080/oauth/callback?${new URLSearchParams(query)}`);
    expect(sent.status).toBe(303);
    const on = new URL(sent.headers.get('location')!);
    expect(`${on.origin}${on.pathname}`).toBe('http://localhost:8080/oauth/callback');
    expect(Object.fromEntries(on.searchParams)).toEqual({ ...query, studio_sent_on: '1' });
    // Sent on once only: arriving on 127.0.0.1 again without the cookie is refused, not sent round in circles.
    expect((await t.request(`http://127.0.0.1:8080${on.pathname}${on.search}`)).status).toBe(403);
    const { cookie: again, state: next } = await begin(alice.handle);
    const home = await t.request(`/oauth/callback?${new URLSearchParams({ ...query, state: next, studio_sent_on: '1' })}`, {
      headers: { cookie: again },
    });
    expect(resultOf(home)).toMatchObject({ bluesky: 'failed', reason: 'denied' });
  });

  it('the session store seals grants at rest and reads them back', async () => {
    const store = createSessionStore(t.deps.db, t.deps.social.box);
    const key = await JoseKey.generate(['ES256']);
    const session = {
      dpopJwk: key.privateJwk!,
      authMethod: { method: 'none' as const },
      tokenSet: {
        iss: pds.url,
        sub: alice.did as `did:plc:${string}`,
        aud: pds.url,
        scope: 'atproto transition:generic' as const,
        access_token: 'access-token-secret',
        refresh_token: 'refresh-token-secret',
        token_type: 'DPoP' as const,
      },
    };
    await store.set(alice.did, session);
    const [row] = await t.deps.db
      .select()
      .from(blueskyOAuthStore)
      .where(and(eq(blueskyOAuthStore.kind, 'session'), eq(blueskyOAuthStore.key, alice.did)));
    expect(row.sealed).not.toContain('refresh-token-secret');
    expect(row.sealed).not.toContain('access-token-secret');
    expect(row.sealed).not.toContain((key.privateJwk as { d: string }).d);
    expect(await store.get(alice.did)).toEqual(session);
    await store.del(alice.did);
    expect(await store.get(alice.did)).toBeUndefined();
  });

  it('a grant Bluesky no longer honours marks the account as needing reconnection, and publishing says so', async () => {
    const store = createSessionStore(t.deps.db, t.deps.social.box);
    const key = await JoseKey.generate(['ES256']);
    // A grant whose access token has expired and whose refresh token the PDS never issued (or has revoked).
    await store.set(alice.did, {
      dpopJwk: key.privateJwk!,
      authMethod: { method: 'none' },
      tokenSet: {
        iss: new URL(pds.url).origin,
        sub: alice.did as `did:plc:${string}`,
        aud: pds.url,
        scope: 'atproto transition:generic',
        access_token: 'expired',
        refresh_token: 'revoked',
        token_type: 'DPoP',
        expires_at: new Date(Date.now() - 60_000).toISOString(),
      },
    });
    const [row] = await t.deps.db
      .insert(socialAccounts)
      .values({
        userId: await userIdOf(t),
        platform: 'bluesky',
        handle: alice.handle,
        did: alice.did,
        service: pds.url,
        authMethod: 'oauth',
      })
      .returning();
    await expect(t.deps.social.agents.agentFor(row)).rejects.toMatchObject({
      kind: 'auth',
      message: `Bluesky no longer accepts the connection of @${alice.handle}. Reconnect the account on the accounts page.`,
    });
    const [after] = await t.deps.db.select().from(socialAccounts).where(eq(socialAccounts.id, row.id));
    expect(after.needsReconnectAt).toBeInstanceOf(Date);
    const listed = (await (await t.request('/api/social-media/accounts', { token: ada.idToken })).json()) as unknown[];
    expect(listed).toEqual([expect.objectContaining({ handle: alice.handle, authMethod: 'oauth', needsReconnectAt: expect.any(String) })]);
    // The dropped grant is gone from the store.
    expect(await store.get(alice.did)).toBeUndefined();
  });

  it('a studio on plain http under another name cannot use OAuth, and says to use an app password', async () => {
    const lan = await createTestApp({ APP_URL: 'http://studio.lan' });
    try {
      const user = await signedInUser(lan);
      const res = await lan.request('/api/social/oauth/start', { method: 'POST', token: user.idToken, json: { identifier: alice.handle } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'OAUTH_UNAVAILABLE',
        message: 'Connecting with Bluesky needs the studio to be served on https (APP_URL). Use an app password instead.',
      });
      expect(resultOf(await lan.request('/oauth/callback?state=x&code=y'))).toMatchObject({ bluesky: 'failed', reason: 'error' });
    } finally {
      await lan.close();
    }
  });

  it('on https the server is a confidential client: metadata and JWKS at APP_URL, private_key_jwt', async () => {
    expect(oauthModeOf('http://localhost:5173')).toBe('loopback');
    expect(oauthModeOf('https://studio.example')).toBe('confidential');
    expect(oauthModeOf('http://studio.lan')).toBe('unavailable');
    const https = await createTestApp({ APP_URL: 'https://studio.example' });
    try {
      const meta = await (await https.request('/oauth/client-metadata.json')).json();
      expect(meta).toEqual(confidentialMetadata('https://studio.example'));
      expect(meta).toMatchObject({
        client_id: 'https://studio.example/oauth/client-metadata.json',
        redirect_uris: ['https://studio.example/oauth/callback'],
        token_endpoint_auth_method: 'private_key_jwt',
        jwks_uri: 'https://studio.example/oauth/jwks.json',
        dpop_bound_access_tokens: true,
      });
      const jwks = (await (await https.request('/oauth/jwks.json')).json()) as { keys: Array<Record<string, unknown>> };
      expect(jwks.keys).toHaveLength(1);
      expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', kid: 'studio-oauth-1' });
      // Only the public half is published.
      expect(jwks.keys[0].d).toBeUndefined();
    } finally {
      await https.close();
    }
    // The key is made once into DATA_DIR/keys and read back on the next start; a configured one is used as given.
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-oauth-key-'));
    try {
      const made = await loadOrCreateOAuthKey(dataDir);
      expect((await loadOrCreateOAuthKey(dataDir)).publicJwk).toEqual(made.publicJwk);
      expect((await fs.stat(path.join(dataDir, 'keys', 'oauth.jwk'))).mode & 0o777).toBe(0o600);
      const given = await JoseKey.generate(['ES256'], 'operator-key');
      const configured = await loadOrCreateOAuthKey(dataDir, JSON.stringify(given.privateJwk));
      expect(configured.publicJwk).toEqual(given.publicJwk);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
    // The loopback server publishes no metadata: its client id says it all.
    expect((await t.request('/oauth/client-metadata.json')).headers.get('content-type')).not.toContain('application/json');
  });
});

async function userIdOf(t: TestApp): Promise<string> {
  const [u] = await t.deps.db.select({ id: users.id }).from(users).limit(1);
  return u.id;
}
