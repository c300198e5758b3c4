import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_SLUGS } from '../../server/publish/address';
import { publicationSchema, publishResultSchema } from '../../src/schemas/publish.schema';
import { SITE_PROFILE_MESSAGES } from '../../src/schemas/site-profile.schema';
import { SLUG_MESSAGES } from '../../src/schemas/slug.schema';
import { addMedia, artworkInput, createArtwork, makeJpeg } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`the portfolio's address and the artist's words (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: Awaited<ReturnType<typeof signedInUser>>;
  let bo: Awaited<ReturnType<typeof signedInUser>>;

  const publish = (token: string, body?: unknown) =>
    t.request('/api/publish', { method: 'POST', token, ...(body === undefined ? {} : { json: body }) });
  const published = async (token: string, body?: unknown) => {
    const res = await publish(token, body);
    expect(res.status, await res.clone().text()).toBe(200);
    return publishResultSchema.parse(await res.json());
  };
  const open = (path: string) => t.request(path);

  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'https://studio.example' });
    ada = await signedInUser(t, 'ada.address@example.com');
    bo = await signedInUser(t, 'bo.address@example.com');
    await t.request('/api/user', { method: 'POST', token: ada.idToken, json: { firstName: 'Ada', lastName: 'Lovelace' } });
    const work = await createArtwork(t, ada.idToken, artworkInput('PHYSICAL_2D', { title: 'Harbour' }));
    await addMedia(t, ada.idToken, work.artworkId, await makeJpeg(800, 600), 'image/jpeg');
  });
  afterAll(() => t.close());

  it('publishes at the chosen address; the previous one answers 301 to the same page there', async () => {
    const first = await published(ada.idToken);
    expect(first.url).toMatch(/^https:\/\/studio\.example\/p\/[a-z2-7]{10}$/);
    const random = first.slug!;

    const moved = await published(ada.idToken, { slug: '  Ada-Lovelace ' });
    expect(moved.url).toBe('https://studio.example/p/ada-lovelace');
    expect(moved.slug).toBe('ada-lovelace');
    expect(moved.previousUrl).toBe(`https://studio.example/p/${random}`);
    expect((await open('/p/ada-lovelace')).status).toBe(200);

    const home = await open(`/p/${random}`);
    expect(home.status).toBe(301);
    expect(home.headers.get('location')).toBe('/p/ada-lovelace');
    const work = await open(`/p/${random}/artworks/x?y=1`);
    expect(work.status).toBe(301);
    expect(work.headers.get('location')).toBe('/p/ada-lovelace/artworks/x?y=1');

    // GET /api/publish says where it is now; publishing again without a slug keeps it there.
    const last = publicationSchema.parse(await (await t.request('/api/publish', { token: ada.idToken })).json());
    expect(last?.slug).toBe('ada-lovelace');
    expect((await published(ada.idToken)).url).toBe('https://studio.example/p/ada-lovelace');
    expect((await open(`/p/${random}`)).status).toBe(301);
  });

  it('the images of the live snapshot are served at the new address, the old one redirects', async () => {
    const page = await (await open('/p/ada-lovelace')).text();
    const src = /<img src="([^"]+)"/.exec(page)![1];
    expect(src).toMatch(/^\/p\/ada-lovelace\/images\//);
    expect((await open(src)).status).toBe(200);
  });

  it('refuses a malformed address (400 with the message), a reserved one and one another artist has (409)', async () => {
    for (const slug of ['ab', 'a'.repeat(41), 'ada_lovelace', '-ada', 'ada--x', 'adà', 'ada/x']) {
      const res = await publish(ada.idToken, { slug });
      expect(res.status, slug).toBe(400);
      const body = await res.json();
      expect([SLUG_MESSAGES.length, SLUG_MESSAGES.characters], slug).toContain(body.fieldErrors.slug[0]);
    }
    expect((await publish(ada.idToken, { slug: 7 })).status).toBe(400);
    expect(RESERVED_SLUGS.has('api')).toBe(true);
    for (const slug of ['api', 'admin', 'www', 'images']) {
      const res = await publish(bo.idToken, { slug });
      expect(res.status, slug).toBe(409);
      expect((await res.json()).message).toContain('kept for the studio’s own use');
    }
    const taken = await publish(bo.idToken, { slug: 'ada-lovelace' });
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toContain('another artist’s portfolio');
    // Nothing was published for him by the refused attempts.
    expect(await (await t.request('/api/publish', { token: bo.idToken })).json()).toBeNull();
    expect((await publish(bo.idToken, 'not an object')).status).toBe(400);
  });

  it('an address that only redirects is free: another artist who takes it gets it, and it leads to them', async () => {
    await published(ada.idToken, { slug: 'ada-paints' });
    expect((await open('/p/ada-lovelace')).headers.get('location')).toBe('/p/ada-paints');
    const his = await published(bo.idToken, { slug: 'ada-lovelace' });
    expect(his.url).toBe('https://studio.example/p/ada-lovelace');
    const page = await open('/p/ada-lovelace');
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('Harbour');
    // Ada's site is where she put it, and her own first address still leads there.
    expect((await open('/p/ada-paints')).status).toBe(200);
  });

  it('an artist may move back to an address of their own that redirects', async () => {
    const back = await published(ada.idToken, { slug: 'ada-paints-2' });
    expect(back.previousUrl).toBe('https://studio.example/p/ada-paints');
    await published(ada.idToken, { slug: 'ada-paints' });
    expect((await open('/p/ada-paints')).status).toBe(200);
    expect((await open('/p/ada-paints-2')).headers.get('location')).toBe('/p/ada-paints');
  });

  it('POST /api/user validates and saves the bio and links; GET answers them; each left out stays', async () => {
    const save = (json: object) =>
      t.request('/api/user', { method: 'POST', token: ada.idToken, json: { firstName: 'Ada', lastName: 'Lovelace', ...json } });
    const bad = await save({
      website: 'javascript:alert(1)',
      contactEmail: 'nope',
      instagram: 'a b',
      bluesky: '@x',
      bio: 'x'.repeat(3001),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors).toEqual({
      website: [SITE_PROFILE_MESSAGES.website],
      contactEmail: [SITE_PROFILE_MESSAGES.email],
      instagram: [SITE_PROFILE_MESSAGES.instagram],
      bluesky: [SITE_PROFILE_MESSAGES.bluesky],
      bio: [SITE_PROFILE_MESSAGES.bioTooLong],
    });
    const ok = await save({
      bio: ' Paints harbours.\nIn oil. ',
      website: 'ada.art',
      contactEmail: 'Studio@Ada.art',
      instagram: '@ada.paints',
      bluesky: '@ada.bsky.social',
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await ok.json()).toMatchObject({
      bio: 'Paints harbours.\nIn oil.',
      website: 'https://ada.art',
      contactEmail: 'studio@ada.art',
      instagram: 'ada.paints',
      bluesky: 'ada.bsky.social',
    });
    expect((await save({ website: '' })).status).toBe(200);
    const user = await (await t.request('/api/user', { token: ada.idToken })).json();
    expect(user).toMatchObject({ bio: 'Paints harbours.\nIn oil.', website: '', instagram: 'ada.paints' });
    // Another artist's profile is untouched.
    expect(await (await t.request('/api/user', { token: bo.idToken })).json()).toMatchObject({ bio: '', instagram: '' });
  });
});
