import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { users } from '../../server/db/schema';
import { PRIVATE_ADDRESS_MESSAGE } from '../../server/outbound/guarded-fetch';
import { sealTokens } from '../../server/social/providers/bluesky/agents';
import { saveAccount } from '../../server/social/accounts.repo';
import { DISGUISED_PRIVATE_HOSTS, countingListener } from '../support/outbound';
import { connect } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`no request into a private network on an artist's behalf (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    ada = await signedInUser(t);
  });
  afterAll(() => t?.close());

  it.each(DISGUISED_PRIVATE_HOSTS)(
    'connecting with the server https://%s:PORT answers 400 on the field and dials nothing',
    async (host) => {
      const loopback = await countingListener();
      onTestFinished(() => loopback.close());
      const res = await connect(t, ada.idToken, { handle: 'alice.test', appPassword: 'app-pass-word' }, `https://${host}:${loopback.port}`);
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors).toEqual({ 'credentials.service': [PRIVATE_ADDRESS_MESSAGE] });
      expect(loopback.connections).toBe(0);
    },
  );

  it('an account saved with a private server (connected while allowed) is refused on every later session: refresh and publish', async () => {
    const loopback = await countingListener();
    onTestFinished(() => loopback.close());
    const [{ id: userId }] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, ada.email));
    const session = {
      service: `http://[::ffff:127.0.0.1]:${loopback.port}`,
      did: 'did:plc:alice',
      handle: 'alice.test',
      accessJwt: 'a',
      refreshJwt: 'r',
    };
    const row = await saveAccount(t.deps.db, {
      userId,
      platform: 'bluesky',
      handle: session.handle,
      did: session.did,
      service: session.service,
      appPasswordSealed: t.deps.social.box.seal('app-pass-word'),
      sessionSealed: sealTokens(t.deps.social.box, session),
    });
    const err = await t.deps.social.agents.agentFor(row).catch((e) => e);
    expect([err.kind, err.message, err.retryable]).toEqual(['refused', PRIVATE_ADDRESS_MESSAGE, false]);
    expect(loopback.connections).toBe(0);
  });
});
