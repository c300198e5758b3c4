import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzOperations, operationsOf } from '../support/fuzz';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

// Every operation of the API description, every field given hostile values: bad input is a 4xx, never a 5xx.
describe(`hostile input on every operation (${dbLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers no 5xx to thousands of hostile requests', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(30);

    let user = await signedInUser(t);
    const artwork = await t.request('/api/artwork', {
      method: 'POST',
      token: user.idToken,
      json: { title: 'Target', saleStatus: 'SOLD', mediaType: 'DIGITAL_2D', dimensions: { mediaType: 'DIGITAL_2D', height: 1, width: 1 } },
    });
    expect(artwork.status).toBe(201);
    const { id } = (await artwork.json()) as { id: string };

    const statuses = new Map<number, number>();
    const { sent, failures } = await fuzzOperations(operations, {
      ids: { id },
      token: async () => user.idToken,
      async beforeOperation() {
        if ((await t.request('/api/user', { token: user.idToken })).status === 401) user = await signedInUser(t);
      },
      async send(req) {
        const headers: Record<string, string> = {};
        if (req.token) headers.authorization = `Bearer ${req.token}`;
        if (req.body !== undefined) headers['content-type'] = 'application/json';
        const res = await t.request(req.path, { method: req.method, headers, ...(req.body !== undefined ? { body: req.body } : {}) });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        return res.status;
      },
    });

    expect(sent).toBeGreaterThan(2000);
    // Most hostile input is refused as input, which shows the requests reached validation and not only a 404 or 401.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(sent / 2);
    expect(failures).toEqual([]);
  }, 600_000);
});
