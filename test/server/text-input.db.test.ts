import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const ARTWORK = {
  title: 'Dawn',
  saleStatus: 'SOLD',
  mediaType: 'DIGITAL_2D',
  dimensions: { mediaType: 'DIGITAL_2D', height: 1, width: 1 },
};

// Text the database cannot store, or that is not text at all: each must be a 400 on its field, never a 500.
const HOSTILE = {
  nul: 'a\u0000b',
  bell: 'a\u0007b',
  escape: 'a\u001bb',
  loneHigh: 'a\uD800b',
  loneLow: 'a\uDC00b',
};

describe(`user text that cannot be saved (${dbLabel()})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInUser(t)).idToken;
  });
  afterAll(() => t.close());

  const fieldErrors = async (res: Response) => {
    expect(res.status).toBe(400);
    return ((await res.json()) as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
  };

  for (const [kind, value] of Object.entries(HOSTILE)) {
    it(`refuses ${kind} in artwork fields, names, post text and search with the field's message`, async () => {
      const title = await fieldErrors(await t.request('/api/artwork', { method: 'POST', token, json: { ...ARTWORK, title: value } }));
      expect(title.title).toContain('Title contains characters that cannot be saved.');

      const tags = await fieldErrors(await t.request('/api/artwork', { method: 'POST', token, json: { ...ARTWORK, tags: ['ok', value] } }));
      expect(Object.values(tags).flat()).toContain('Tags contains characters that cannot be saved.');

      const medium = await fieldErrors(await t.request('/api/artwork', { method: 'POST', token, json: { ...ARTWORK, medium: value } }));
      expect(medium.medium).toContain('Medium contains characters that cannot be saved.');

      const name = await fieldErrors(
        await t.request('/api/user', { method: 'POST', token, json: { firstName: value, lastName: 'Lovelace' } }),
      );
      expect(Object.keys(name)).toContain('firstName');

      const post = await t.request('/api/social-media/post', { method: 'POST', token, json: { content: value, accounts: [] } });
      expect(post.status).toBe(400);

      if (kind.startsWith('lone')) {
        // A URL cannot carry a lone surrogate (UTF-8 has no bytes for one): its would-be bytes are not text, and
        // the search treats them as characters to look for, never as a failure.
        expect((await t.request('/api/artwork?q=%ED%A0%80', { token })).status).toBe(200);
      } else {
        expect((await t.request(`/api/artwork?q=${encodeURIComponent(value)}`, { token })).status).toBe(400);
      }
    });
  }

  it('keeps tabs and newlines, and stores text in one normal form (NFC)', async () => {
    const decomposed = 'Cafe\u0301\tline one\nline two';
    const res = await t.request('/api/artwork', {
      method: 'POST',
      token,
      json: { ...ARTWORK, title: 'Caf\u0065\u0301', description: decomposed },
    });
    expect(res.status).toBe(201);
    const saved = (await res.json()) as { title: string; description: string };
    expect(saved.title).toBe('Caf\u00e9');
    expect(saved.description).toBe('Caf\u00e9\tline one\nline two');
    // A search typed the other way finds it.
    const found = (await (await t.request(`/api/artwork?q=${encodeURIComponent('Cafe\u0301')}`, { token })).json()) as { items: unknown[] };
    expect(found.items.length).toBe(1);
  });

  it('a password is checked as typed, never normalised: one chosen in decomposed form keeps signing in', async () => {
    const decomposed = 'Cafe\u0301Secret1';
    const u = await signedInUser(t, `nfd-${Date.now()}@example.com`, decomposed);
    const again = await t.request('/api/auth/sign-in', { method: 'POST', json: { email: u.email, password: decomposed } });
    expect(again.status).toBe(200);
    // The composed form is other bytes, so it is another password: proof that nothing was normalised on the way.
    const composed = await t.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: u.email, password: decomposed.normalize('NFC') },
    });
    expect(composed.status).toBe(401);
    const bad = await t.request('/api/auth/sign-in', { method: 'POST', json: { email: u.email, password: 'a\u0000Secret1' } });
    expect(bad.status).toBe(400);
  });

  it('a NUL in the query string is a 400, not a 500', async () => {
    expect((await t.request('/api/artwork?q=%00', { token })).status).toBe(400);
    expect((await t.request('/api/journal?cursor=%00', { token })).status).toBe(400);
  });
});
