import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/browser';
import { SOCIAL_TEST_ENV } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

/**
 * Connecting Bluesky when the handle cannot be looked up because nothing answers (the network, or the resolver, is
 * down): the artist is told Bluesky could not be reached, never that the account does not exist.
 */
describe(`looking a Bluesky handle up while the network is down (${dbLabel()})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // A resolver on a port where nothing listens: every lookup is refused before any answer.
    const closed = await freePort();
    t = await createTestApp({
      ...SOCIAL_TEST_ENV,
      OAUTH_HANDLE_RESOLVER: `http://127.0.0.1:${closed}`,
      OAUTH_PLC_URL: `http://127.0.0.1:${closed}`,
    });
    token = (await signedInUser(t)).idToken;
  });
  afterAll(() => t?.close());

  it('is a 502 on the field saying Bluesky cannot be reached, not a 400 saying no such account', async () => {
    const res = await t.request('/api/social/oauth/start', { method: 'POST', token, json: { identifier: 'berthe.bsky.social' } });
    const body = (await res.json()) as { code: string; message: string; fieldErrors: Record<string, string[]> };
    expect(body.code).toBe('BLUESKY_UNREACHABLE');
    expect(res.status).toBe(502);
    expect(body.message).toBe('@berthe.bsky.social could not be looked up: Bluesky cannot be reached right now. Try again in a moment.');
    expect(body.fieldErrors.identifier).toEqual(['@berthe.bsky.social could not be looked up: Bluesky cannot be reached right now.']);
  });
});
