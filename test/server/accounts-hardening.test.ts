import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const ROUTES: Array<[string, string, boolean]> = [
  ['POST', '/api/auth/create', false],
  ['POST', '/api/auth/sign-in', false],
  ['POST', '/api/auth/forgotPassword', false],
  ['POST', '/api/auth/resend-verification', false],
  ['POST', '/api/auth/verify-email', false],
  ['POST', '/api/auth/reset-password', false],
  ['POST', '/api/auth/refresh', false],
  ['POST', '/api/auth/sign-out', false],
  ['POST', '/api/user', true],
  ['POST', '/api/user/security', true],
  ['POST', '/api/user/avatar', true],
];

const NASTY: unknown[] = [
  null,
  [],
  42,
  'text',
  {},
  { email: null, password: null },
  { email: ['a@b.co'], password: { $gt: '' } },
  { email: 12, password: 12, firstName: 12, lastName: true, token: 5, refreshToken: [], fileName: {}, fileType: 1, fileSizeInBytes: 'big' },
  { email: 'a'.repeat(100_000), password: 'b'.repeat(100_000), firstName: '\u0000\u202e', token: '💥'.repeat(500) },
  { email: 'ünïcødé@exämple.com', password: 'Pässwörd1', currentPassword: '\ud800' },
  { fileName: '../../etc/passwd', fileType: 'image/png', fileSizeInBytes: -1 },
  { fileName: 'x.png', fileType: 'image/png', fileSizeInBytes: 1e308 },
];

describe(`hardening: bad input gets a clear error, never a 500 (${dbLabel()})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInUser(t)).idToken;
  });
  afterAll(() => t.close());

  it.each(ROUTES)('%s %s: nasty bodies answer 4xx with a message', async (method, path, auth) => {
    for (const body of NASTY) {
      const res = await t.request(path, { method, json: body, token: auth ? token : undefined });
      // Sign-out takes an optional refresh token, so an object without one is a valid (harmless) sign-out.
      const noRefreshToken = typeof body === 'object' && body !== null && !Array.isArray(body) && !('refreshToken' in body);
      if (path === '/api/auth/sign-out' && noRefreshToken) {
        expect(res.status).toBe(204);
        continue;
      }
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof (await res.json()).message).toBe('string');
    }
  });

  it.each(ROUTES)('%s %s: malformed JSON 400, wrong content type 415', async (method, path, auth) => {
    const headers: Record<string, string> = auth ? { authorization: `Bearer ${token}` } : {};
    const malformed = await t.request(path, { method, headers: { ...headers, 'content-type': 'application/json' }, body: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toBe('The body is not valid JSON.');
    const text = await t.request(path, { method, headers: { ...headers, 'content-type': 'text/plain' }, body: 'email=a' });
    expect(text.status).toBe(415);
    const none = await t.request(path, { method, headers });
    expect(none.status).toBe(415);
  });

  it('a JSON body over 1 MB answers 413', async () => {
    const res = await t.request('/api/auth/sign-in', { method: 'POST', json: { email: 'a@b.co', password: 'x'.repeat(1_100_000) } });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('The request body is too large.');
  });

  it('an unknown API path answers 404 JSON; the app paths answer the app', async () => {
    const res = await t.request('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found.' });
  });

  it('an upload URL with a forged token answers 401', async () => {
    const res = await t.request('/api/uploads/local/not-a-token', { method: 'PUT', headers: { 'content-type': 'image/png' }, body: 'x' });
    expect(res.status).toBe(401);
  });

  it('health answers 200 with the database kind; ping answers without touching anything', async () => {
    expect(await (await t.request('/api/health')).json()).toMatchObject({ status: 'ok', database: dbLabel() });
    expect(await (await t.request('/api/ping')).json()).toEqual({ ok: true });
  });

  it('the OpenAPI document lists every account route with its schemas', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const [method, path] of ROUTES) {
      const op = doc.paths[path.replace('/api', '')]?.[method.toLowerCase()];
      expect(op, path).toBeDefined();
      expect(op.requestBody.content['application/json'].schema.type).toBe('object');
    }
    expect(doc.paths['/user'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/auth/sign-in'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
