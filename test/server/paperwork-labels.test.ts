import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABELS_MAX } from '../../src/schemas/paperwork.schema';
import { artworkInput, createArtwork } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { pdfRead } from '../support/pdf-text';
import { dbLabel } from '../support/test-db';

describe(`wall labels as PDF (${dbLabel()})`, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInUser(t)).idToken;
    await t.request('/api/user', { method: 'POST', token, json: { firstName: 'Ada', lastName: 'Lovelace' } });
  });
  afterAll(() => t.close());

  const labels = (ids: string[], as = token) => t.request(`/api/paperwork/labels.pdf?artworkIds=${ids.join(',')}`, { token: as });

  it('nine works make two A4 pages of labels, each label with the artist, title, medium and dimensions', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 9; i++) {
      ids.push((await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: `Study ${i}`, medium: 'Gouache on paper' }))).artworkId);
    }
    const res = await labels(ids);
    expect(res.status).toBe(200);
    const { pages } = await pdfRead(res);
    expect(pages).toHaveLength(2);
    for (let i = 1; i <= 8; i++) expect(pages[0]).toContain(`Study ${i}`);
    expect(pages[1]).toContain('Study 9');
    expect(pages[1]).not.toContain('Study 8');
    expect(pages[0].match(/Ada Lovelace/g)).toHaveLength(8);
    expect(pages[0]).toContain('Gouache on paper');
    expect(pages[0]).toContain('50 × 70 cm');
  });

  it("bad input is 400, another artist's work 404, signed out 401", async () => {
    const mine = (await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Mine' }))).artworkId;
    const other = await signedInUser(t);
    expect((await labels([mine], other.idToken)).status).toBe(404);
    expect((await t.request(`/api/paperwork/labels.pdf?artworkIds=${mine}`)).status).toBe(401);
    expect((await t.request('/api/paperwork/labels.pdf', { token })).status).toBe(400);
    expect((await labels(['not-an-id'])).status).toBe(400);
    const tooMany = Array.from({ length: LABELS_MAX + 1 }, () => crypto.randomUUID());
    const res = await labels(tooMany);
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors.artworkIds[0]).toBe(`At most ${LABELS_MAX} works on one sheet of labels`);
  });
});
