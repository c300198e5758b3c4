import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialAccounts } from '../../server/db/schema';
import { startPds, type Pds } from '../support/pds';
import { sharedPds } from '../support/shared-pds';
import { freePort } from '../support/browser';
import { SOCIAL_TEST_ENV, connect, connectOk, newPdsAccount, type PdsAccount } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`social-media accounts against a real PDS (${dbLabel()})`, () => {
  let pds: Pds;
  let t: TestApp;
  let ada: string;
  let alice: PdsAccount;
  beforeAll(async () => {
    pds = await sharedPds();
    t = await createTestApp(SOCIAL_TEST_ENV);
    ada = (await signedInUser(t)).idToken;
    alice = await newPdsAccount(pds, 'alice');
  });
  afterAll(async () => {
    await t?.close();
    await pds?.close();
  });

  const accountRows = () => t.deps.db.select().from(socialAccounts);
  const list = async (token: string) => (await t.request('/api/social-media/accounts', { token })).json();

  it('connects Bluesky with an app password: logs in once, keeps the session, answers the account', async () => {
    const res = await connect(t, ada, alice, pds.url);
    expect(res.status).toBe(200);
    const account = await res.json();
    expect(account).toMatchObject({ platform: 'bluesky', handle: alice.handle, service: pds.url });
    expect(typeof account.connectedAt).toBe('string');
    expect(await list(ada)).toEqual([account]);

    const [row] = await accountRows();
    expect(row.did).toBe(alice.did);
    // Sealed at rest: neither the app password nor a token appears in the row.
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(alice.appPassword);
    expect(stored).not.toMatch(/eyJ[\w-]+\.eyJ/);
    expect(t.deps.social.box.open(row.appPasswordSealed!)).toBe(alice.appPassword);
    expect(JSON.parse(t.deps.social.box.open(row.sessionSealed!))).toEqual({
      accessJwt: expect.any(String),
      refreshJwt: expect.any(String),
    });
  });

  it('connecting the same handle again updates the account (typed with @ and capitals)', async () => {
    const [before] = await accountRows();
    const again = await connectOk(t, ada, { handle: `@${alice.handle.toUpperCase()}`, appPassword: alice.appPassword }, `${pds.url}/`);
    expect(again.handle).toBe(alice.handle);
    const rows = await accountRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(before.id);
    expect(rows[0].credentialsVersion).toBe(before.credentialsVersion + 1);
  });

  it('a wrong app password is a message on the app password field, and nothing is stored', async () => {
    const bob = await newPdsAccount(pds, 'bob');
    const res = await connect(t, ada, { handle: bob.handle, appPassword: 'aaaa-bbbb-cccc-dddd' }, pds.url);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toMatch(/did not accept the handle and app password/);
    expect(body.fieldErrors['credentials.appPassword'][0]).toMatch(/use an app password, not the account password/);
    expect((await accountRows()).map((r) => r.handle)).toEqual([alice.handle]);
  });

  it('a server that is not running is a clear 502, and nothing is stored', async () => {
    const stopped = await startPds();
    const carol = await stopped.createAccount('carol.test');
    const url = stopped.url;
    await stopped.close();
    const res = await connect(t, ada, carol, url);
    expect(res.status).toBe(502);
    expect((await res.json()).message).toBe(
      `The Bluesky server at ${url} cannot be reached. Check the server address, or try again later.`,
    );
    const nothing = await connect(t, ada, carol, `http://127.0.0.1:${await freePort()}`);
    expect(nothing.status).toBe(502);
    expect(await accountRows()).toHaveLength(1);
  });

  it('Instagram and Facebook are not there yet; an unknown platform is refused', async () => {
    for (const [platform, label] of [
      ['instagram', 'Instagram'],
      ['facebook', 'Facebook'],
    ]) {
      const res = await t.request('/api/social-media/accounts', {
        method: 'POST',
        token: ada,
        json: { platform, handle: 'me', credentials: { identifier: 'me', appPassword: 'x' } },
      });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(`${label} integration coming soon`);
    }
    const res = await t.request('/api/social-media/accounts', {
      method: 'POST',
      token: ada,
      json: { platform: 'myspace', handle: 'me', credentials: { identifier: 'me', appPassword: 'x' } },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors.platform).toEqual(['Invalid social media platform type. Please select a valid platform.']);
  });

  it.each([
    [
      { handle: '', credentials: { identifier: '', appPassword: '' } },
      {
        handle: ['Handle is required', 'Enter a handle like username.bsky.social'],
        'credentials.identifier': ['Handle is required'],
        'credentials.appPassword': ['App password is required'],
      },
    ],
    [{ handle: 'a b', credentials: { identifier: 'a', appPassword: 'x' } }, { handle: ['Enter a handle like username.bsky.social'] }],
  ])('validates the connect form %#', async (input, fieldErrors) => {
    const res = await t.request('/api/social-media/accounts', { method: 'POST', token: ada, json: { platform: 'bluesky', ...input } });
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toEqual(fieldErrors);
  });

  it("accounts are the user's own: another artist sees none and cannot disconnect them", async () => {
    const bea = (await signedInUser(t)).idToken;
    expect(await list(bea)).toEqual([]);
    const res = await t.request('/api/social-media/accounts', {
      method: 'DELETE',
      token: bea,
      json: { platform: 'bluesky', handle: alice.handle },
    });
    expect(res.status).toBe(404);
    expect(await accountRows()).toHaveLength(1);
    expect((await t.request('/api/social-media/accounts')).status).toBe(401);
  });

  it('disconnecting forgets the account and its secrets', async () => {
    const res = await t.request('/api/social-media/accounts', {
      method: 'DELETE',
      token: ada,
      json: { platform: 'bluesky', handle: `@${alice.handle}` },
    });
    expect(res.status).toBe(204);
    expect(await list(ada)).toEqual([]);
    expect(await t.deps.db.select().from(socialAccounts).where(eq(socialAccounts.handle, alice.handle))).toEqual([]);
  });
});

describe(`PDS addresses in private networks (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: string;
  beforeAll(async () => {
    t = await createTestApp();
    ada = (await signedInUser(t)).idToken;
  });
  afterAll(() => t?.close());

  it.each([
    ['https://127.0.0.1:2583', 'That server address points into a private network and cannot be used.'],
    ['https://[::1]', 'That server address points into a private network and cannot be used.'],
    ['https://10.1.2.3', 'That server address points into a private network and cannot be used.'],
    ['https://localhost', 'That server address points into a private network and cannot be used.'],
    ['http://bsky.example.com', 'The server address must start with https://'],
    ['https://user:pw@bsky.example.com', 'The server address must not contain credentials'],
    ['not a url', 'Enter the server address, e.g. https://bsky.social'],
  ])('%s is refused unless SOCIAL_ALLOW_PRIVATE_NETWORK is set', async (service, message) => {
    const res = await connect(t, ada, { handle: 'alice.test', appPassword: 'x' }, service);
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toEqual({ 'credentials.service': [message] });
  });
});
