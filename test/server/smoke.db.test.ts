import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`smoke (${dbLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('health answers 200 with the database kind', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: dbLabel() });
  });

  it('a verified user signs in and reads themselves as New User', async () => {
    const u = await signedInUser(t);
    const res = await t.request('/api/user', { token: u.idToken });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: u.email, displayName: '' });
  });
});
