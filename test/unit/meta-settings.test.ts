import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { metaAvailability } from '../../server/social/providers/meta/meta-availability';

const IG = { INSTAGRAM_APP_ID: '990602627938098', INSTAGRAM_APP_SECRET: 'ig-secret' };
const FB = { FACEBOOK_APP_ID: '1234567890123456', FACEBOOK_APP_SECRET: 'fb-secret' };

describe('Instagram and Facebook settings', () => {
  it("are off until an app's id and secret are given; then Meta's addresses and v24.0 are the defaults", () => {
    expect(loadConfig({}).social.meta).toEqual({ graphVersion: 'v24.0', instagram: null, facebook: null });
    expect(loadConfig({ ...IG, ...FB }).social.meta).toEqual({
      graphVersion: 'v24.0',
      instagram: {
        appId: '990602627938098',
        appSecret: 'ig-secret',
        authorizeUrl: 'https://www.instagram.com/oauth/authorize',
        apiUrl: 'https://api.instagram.com',
        graphUrl: 'https://graph.instagram.com',
        graphVersion: 'v24.0',
      },
      facebook: {
        appId: '1234567890123456',
        appSecret: 'fb-secret',
        authorizeUrl: 'https://www.facebook.com/dialog/oauth',
        graphUrl: 'https://graph.facebook.com',
        graphVersion: 'v24.0',
        configId: null,
      },
    });
  });

  it('take a Facebook Login for Business configuration id, and refuse one that is not an id', () => {
    expect(loadConfig({ ...FB, FACEBOOK_CONFIG_ID: '1234567890987654' }).social.meta.facebook?.configId).toBe('1234567890987654');
    expect(() => loadConfig({ ...FB, FACEBOOK_CONFIG_ID: 'my-config' })).toThrow(ConfigError);
  });

  it('take other addresses and version (a fake, in tests)', () => {
    const meta = loadConfig({
      ...IG,
      INSTAGRAM_AUTHORIZE_URL: 'http://127.0.0.1:9001/oauth/authorize',
      INSTAGRAM_API_URL: 'http://127.0.0.1:9002/',
      INSTAGRAM_GRAPH_URL: 'http://127.0.0.1:9003',
      META_GRAPH_VERSION: 'v25.0',
    }).social.meta;
    expect(meta.instagram).toMatchObject({
      authorizeUrl: 'http://127.0.0.1:9001/oauth/authorize',
      apiUrl: 'http://127.0.0.1:9002',
      graphVersion: 'v25.0',
    });
    expect(meta.graphVersion).toBe('v25.0');
  });

  it('refuse to start with a half-given app, an id that is not a number, a bad address or version', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ INSTAGRAM_APP_ID: '990602627938098' }, /INSTAGRAM_APP_SECRET is required with INSTAGRAM_APP_ID/],
      [{ FACEBOOK_APP_SECRET: 'x' }, /FACEBOOK_APP_ID is required with FACEBOOK_APP_SECRET/],
      [{ ...IG, INSTAGRAM_APP_ID: 'my-app' }, /INSTAGRAM_APP_ID must be the app's numeric id/],
      [{ ...FB, FACEBOOK_GRAPH_URL: 'graph.facebook.com' }, /FACEBOOK_GRAPH_URL must be a URL/],
      [{ META_GRAPH_VERSION: '24' }, /META_GRAPH_VERSION must be a Graph API version such as v24.0/],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
  });
});

describe('whether Instagram and Facebook are offered', () => {
  it('not before the operator sets the app up, saying so', () => {
    const a = metaAvailability(loadConfig({ APP_URL: 'https://studio.example', ...FB }), 'instagram');
    expect(a).toEqual({
      offered: false,
      reason: 'not-set-up',
      message: expect.stringMatching(/^Instagram is not set up on this studio yet/),
    });
    expect(metaAvailability(loadConfig({ APP_URL: 'https://studio.example', ...FB }), 'facebook')).toEqual({ offered: true });
  });

  it('only when APP_URL is https, or private networks are allowed (tests, a LAN)', () => {
    const http = metaAvailability(loadConfig({ APP_URL: 'http://studio.example', ...IG }), 'instagram');
    expect(http).toEqual({ offered: false, reason: 'not-public', message: expect.stringContaining('served over https') });
    expect(metaAvailability(loadConfig({ ...IG }), 'instagram')).toMatchObject({ offered: false, reason: 'not-public' });
    expect(metaAvailability(loadConfig({ APP_URL: 'https://studio.example', ...IG }), 'instagram')).toEqual({ offered: true });
    expect(metaAvailability(loadConfig({ SOCIAL_ALLOW_PRIVATE_NETWORK: 'true', ...IG }), 'instagram')).toEqual({ offered: true });
  });
});
