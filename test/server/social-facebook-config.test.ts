import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACEBOOK_CALLBACK, beginFacebook, connectFacebook } from '../support/facebook-login';
import { startMetaFake, type MetaFake } from '../support/meta-fake';
import { SOCIAL_TEST_ENV } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';

const CONFIG_ID = '1234567890987654';

/**
 * Facebook Login for Business: with FACEBOOK_CONFIG_ID set, the dialog is asked for that configuration (made in the
 * Meta app's settings, naming the permissions) instead of a scope; without it, for the scope as before.
 */
describe(`Facebook Login for Business configurations (${process.env.TEST_DB})`, () => {
  let meta: MetaFake;
  let withConfig: TestApp;
  let withScope: TestApp;
  beforeAll(async () => {
    meta = await startMetaFake();
    meta.facebook.configs = { [CONFIG_ID]: ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement'] };
    withConfig = await createTestApp({ ...SOCIAL_TEST_ENV, ...meta.env, FACEBOOK_CONFIG_ID: CONFIG_ID });
    withScope = await createTestApp({ ...SOCIAL_TEST_ENV, ...meta.env });
    for (const t of [withConfig, withScope]) meta.facebook.redirectUris.push(`${t.deps.config.appUrl}${FACEBOOK_CALLBACK}`);
  });
  afterAll(async () => {
    await withConfig?.close();
    await withScope?.close();
    await meta?.close();
  });

  it('asks the dialog for the configuration, not a scope, and connects the Page with the permissions it names', async () => {
    const token = (await signedInUser(withConfig)).idToken;
    const { authorizeUrl } = await beginFacebook(withConfig, token);
    const asked = new URL(authorizeUrl).searchParams;
    expect(asked.get('config_id')).toBe(CONFIG_ID);
    expect(asked.has('scope')).toBe(false);
    expect(asked.get('response_type')).toBe('code');
    expect((await connectFacebook(withConfig, token)).result).toMatchObject({ facebook: 'connected', handle: 'ada paints' });
  });

  it('without a configuration asks for the scope, as before', async () => {
    const token = (await signedInUser(withScope)).idToken;
    const asked = new URL((await beginFacebook(withScope, token)).authorizeUrl).searchParams;
    expect(asked.get('scope')).toBe('pages_show_list,pages_manage_posts,pages_read_engagement');
    expect(asked.has('config_id')).toBe(false);
  });

  it('a configuration that lacks a permission the studio needs is refused as a permission not granted', async () => {
    meta.facebook.configs = { [CONFIG_ID]: ['pages_show_list', 'pages_read_engagement'] };
    try {
      const token = (await signedInUser(withConfig)).idToken;
      expect((await connectFacebook(withConfig, token)).result).toEqual({ facebook: 'failed', reason: 'scopes' });
    } finally {
      meta.facebook.configs = { [CONFIG_ID]: ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement'] };
    }
  });

  it('refuses a FACEBOOK_CONFIG_ID that is not a configuration id', async () => {
    await expect(createTestApp({ ...SOCIAL_TEST_ENV, ...meta.env, FACEBOOK_CONFIG_ID: 'login-config' })).rejects.toThrow(
      /FACEBOOK_CONFIG_ID must be the id of a Facebook Login for Business configuration/,
    );
  });
});
