import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`a page address reached with a method it does not take (${dbLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s on an app page answers 405 with Allow: GET, HEAD', async (method) => {
    for (const page of ['/portfolio/artwork', '/social-media/post/new', '/']) {
      const res = await t.request(page, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(await res.text()).toBe('405 Method Not Allowed: this page is read with GET.');
    }
  });

  it('an unknown API address or file keeps its 404 whatever the method', async () => {
    for (const path of ['/api/no-such-thing', '/ads.txt', '/assets/missing.js']) {
      expect((await t.request(path, { method: 'POST' })).status).toBe(404);
    }
  });
});
