import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishResultSchema } from '../../src/schemas/publish.schema';
import { artworkMedia, collectionArtworks, collections, publications, socialDeliveries, socialPosts } from '../../server/db/schema';
import { findPublication, snapshotFiles } from '../../server/publish/publish.service';
import type { PublishedSnapshot, SiteSnapshot } from '../../server/publish/snapshot';
import { readIfd0, TAG } from '../support/exif';
import { addMedia, artworkInput, createArtwork, makeJpeg, pathOf, publishedFolder, readBody, storedFiles } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const userIdOf = async (t: TestApp, token: string): Promise<string> => (await (await t.request('/api/user', { token })).json()).userId;

describe(`publishing the public site (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: Awaited<ReturnType<typeof signedInUser>>;
  let adaId: string;
  let slug: string;
  let snapshot: SiteSnapshot;
  // Created in this order, so the snapshot lists them C, B, A (newest first).
  const art = { a: '', b: '', c: '' };
  let photoId = '';
  const col = { manual: '', byTitle: '', byYear: '', secret: '', his: '' };
  const year = new Date().getUTCFullYear();

  const publish = async (token: string) => {
    const res = await t.request('/api/publish', { method: 'POST', token });
    expect(res.status, await res.clone().text()).toBe(200);
    return publishResultSchema.parse(await res.json());
  };
  const live = async (s = slug) => (await findPublication(t.deps.db, s))!.snapshot;
  const open = (path: string) => t.request(path);
  const image = (s: string, version: number, file: string) => open(`/p/${s}/images/${version}-${file}`);

  beforeAll(async () => {
    t = await createTestApp();
    ada = await signedInUser(t);
    await t.request('/api/user', { method: 'POST', token: ada.idToken, json: { firstName: 'Ada', lastName: 'Lovelace' } });
    adaId = await userIdOf(t, ada.idToken);
    const make = (title: string, year: number | null, medium: string) =>
      createArtwork(t, ada.idToken, artworkInput('PHYSICAL_2D', { title, year, medium, saleStatus: 'AVAILABLE' }));
    art.a = (await make('banana', 2001, 'Oil')).artworkId;
    art.b = (await make('Apple', null, 'Acrylic')).artworkId;
    art.c = (await make('cherry', 1999, 'Bronze')).artworkId;
    photoId = (await addMedia(t, ada.idToken, art.a, await makeJpeg(2400, 1800, { orientation: 6, gps: true }), 'image/jpeg')).mediaId;

    const bob = await signedInUser(t);
    const bobId = await userIdOf(t, bob.idToken);
    const bobsArt = (await createArtwork(t, bob.idToken, artworkInput('DIGITAL_2D', { title: 'Pixel Sea' }))).artworkId;

    const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes));
    const addCollection = async (values: Partial<typeof collections.$inferInsert>, members: string[]) => {
      const [row] = await t.deps.db
        .insert(collections)
        .values({ userId: adaId, title: 'Untitled', visibility: 'public', ...values })
        .returning({ id: collections.id });
      // Positions with gaps and out of insertion order: the order is the positions', not the rows'.
      if (members.length)
        await t.deps.db
          .insert(collectionArtworks)
          .values(members.map((artworkId, i) => ({ collectionId: row.id, artworkId, position: (members.length - i) * -10 })).reverse());
      return row.id;
    };
    col.manual = await addCollection(
      { title: 'Fruit', description: 'Still lifes', tags: ['fruit'], coverArtworkId: art.c, createdAt: at(1) },
      [art.b, art.a, art.c],
    );
    col.byTitle = await addCollection({ title: 'By title', visibility: 'unlisted', sortField: 'title', createdAt: at(2) }, [
      art.c,
      art.a,
      art.b,
    ]);
    col.byYear = await addCollection({ title: 'By year', sortField: 'year', sortDirection: 'desc', createdAt: at(3) }, [
      art.a,
      art.c,
      art.b,
    ]);
    col.secret = await addCollection({ title: 'Secret', visibility: 'private', createdAt: at(4) }, [art.a]);
    col.his = await addCollection({ userId: bobId, title: 'His', createdAt: at(5) }, [bobsArt]);

    // Posts shared from artwork A: two went out (one to two accounts, one of which failed), one is still pending.
    const post = async (userId: string, artworkId: string | null) =>
      (await t.deps.db.insert(socialPosts).values({ userId, artworkId, accounts: [], isDraft: false }).returning())[0].id;
    let rkey = 0;
    const delivery = (postId: string, handle: string, status: 'posted' | 'pending' | 'error', postedAt?: Date) =>
      t.deps.db.insert(socialDeliveries).values({
        postId,
        platform: 'bluesky',
        handle,
        rkey: `rk${++rkey}`,
        text: 'x',
        status,
        postUrl: status === 'posted' ? `https://bsky.app/profile/${handle}/post/rk${rkey}` : null,
        postedAt: postedAt ?? null,
      });
    const first = await post(adaId, art.a);
    await delivery(first, 'ada.bsky.social', 'posted', new Date('2025-03-01T10:00:00Z'));
    await delivery(first, 'ada-studio.bsky.social', 'error');
    const second = await post(adaId, art.a);
    await delivery(second, 'ada.bsky.social', 'posted', new Date('2025-04-01T10:00:00Z'));
    await delivery(await post(adaId, art.a), 'ada.bsky.social', 'pending');
    await delivery(await post(adaId, null), 'ada.bsky.social', 'posted', new Date('2025-05-01T10:00:00Z'));
    await delivery(await post(bobId, bobsArt), 'bob.bsky.social', 'posted', new Date('2025-05-01T10:00:00Z'));

    slug = (await publish(ada.idToken)).url.split('/').pop()!;
    snapshot = await live();
  });
  afterAll(() => t.close());

  it('lists every artwork by id, newest first, with the artist and the copyright notice', () => {
    expect(snapshot.format).toBe(2);
    expect(snapshot.artist).toBe('Ada Lovelace');
    expect(snapshot.copyright).toBe(`© ${year} Ada Lovelace`);
    expect(snapshot.artworks.map((a) => [a.id, a.title])).toEqual([
      [art.c, 'cherry'],
      [art.b, 'Apple'],
      [art.a, 'banana'],
    ]);
  });

  it('has the public and unlisted collections, never the private ones or another artist’s, newest first', () => {
    expect(snapshot.collections.map((c) => [c.id, c.title, c.visibility])).toEqual([
      [col.byYear, 'By year', 'public'],
      [col.byTitle, 'By title', 'unlisted'],
      [col.manual, 'Fruit', 'public'],
    ]);
    expect(snapshot.collections.find((c) => c.id === col.manual)).toEqual({
      id: col.manual,
      title: 'Fruit',
      description: 'Still lifes',
      visibility: 'public',
      tags: ['fruit'],
      coverArtworkId: art.c,
      artworkIds: [art.b, art.a, art.c],
    });
    expect(JSON.stringify(snapshot)).not.toContain('Secret');
  });

  it('orders a collection by its sortField as the editor shows it (ascending by default; an unknown year last either way), else by position', () => {
    const order = (id: string) => snapshot.collections.find((c) => c.id === id)!.artworkIds;
    expect(order(col.manual)).toEqual([art.b, art.a, art.c]);
    // Titles without regard to case: Apple, banana, cherry.
    expect(order(col.byTitle)).toEqual([art.b, art.a, art.c]);
    expect(order(col.byYear)).toEqual([art.a, art.c, art.b]);
  });

  it('lists where an artwork was posted: the deliveries that went out, newest first', () => {
    const posts = (id: string) => snapshot.artworks.find((a) => a.id === id)!.posts;
    expect(posts(art.a)).toEqual([
      {
        platform: 'bluesky',
        handle: 'ada.bsky.social',
        url: 'https://bsky.app/profile/ada.bsky.social/post/rk3',
        postedAt: '2025-04-01T10:00:00.000Z',
      },
      {
        platform: 'bluesky',
        handle: 'ada.bsky.social',
        url: 'https://bsky.app/profile/ada.bsky.social/post/rk1',
        postedAt: '2025-03-01T10:00:00.000Z',
      },
    ]);
    expect(posts(art.b)).toEqual([]);
    expect(posts(art.c)).toEqual([]);
  });

  it('publishes each primary image in four sizes, <n>-xs.webp, <n>-sm.webp, <n>-md.webp and <n>-lg.webp, served for the live version only', async () => {
    const a = snapshot.artworks.find((x) => x.id === art.a)!;
    expect(a.image).toEqual({
      alt: 'banana',
      files: [
        { file: '3-xs.webp', width: 300, height: 400 },
        { file: '3-sm.webp', width: 450, height: 600 },
        { file: '3-md.webp', width: 720, height: 960 },
        { file: '3-lg.webp', width: 1200, height: 1600 },
      ],
    });
    expect(snapshot.artworks.filter((x) => x.image).length).toBe(1);
    for (const f of a.image!.files) {
      const res = await image(slug, snapshot.version, f.file);
      expect(res.status, f.file).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(await readBody(res)).metadata();
      expect([meta.width, meta.height]).toEqual([f.width, f.height]);
    }
    const folder = await publishedFolder(t, slug);
    expect((await storedFiles(t)).filter((f) => f.startsWith(`published/${folder}/`))).toEqual(snapshotFiles(folder, snapshot).sort());

    await publish(ada.idToken);
    const next = await live();
    expect(next.version).toBe(snapshot.version + 1);
    for (const f of a.image!.files) {
      expect((await image(slug, snapshot.version, f.file)).status, `old ${f.file}`).toBe(404);
      expect((await image(slug, next.version, f.file)).status, `new ${f.file}`).toBe(200);
    }
    expect((await storedFiles(t)).filter((f) => f.startsWith(`published/${folder}/`))).toEqual(snapshotFiles(folder, next).sort());
    snapshot = next;
  });

  it('an image uploaded before the medium size existed is published in the sizes it has: its page offers the large one next', async () => {
    const erin = await signedInUser(t);
    const id = (await createArtwork(t, erin.idToken, artworkInput('PHYSICAL_2D', { title: 'Old Pier' }))).artworkId;
    const media = await addMedia(t, erin.idToken, id, await makeJpeg(1600, 1200), 'image/jpeg');
    // As such an upload was stored: its variants without 'medium' (and no file for it).
    const [row] = await t.deps.db.select({ variants: artworkMedia.variants }).from(artworkMedia).where(eq(artworkMedia.id, media.mediaId));
    const { medium, ...before } = row.variants;
    await t.deps.storage.delete(medium);
    await t.deps.db.update(artworkMedia).set({ variants: before }).where(eq(artworkMedia.id, media.mediaId));
    expect((await t.request(pathOf(media.urls.medium!))).status).toBe(404);

    const hers = (await publish(erin.idToken)).url.split('/').pop()!;
    const s = await live(hers);
    expect(s.artworks[0].image!.files).toEqual([
      { file: '1-xs.webp', width: 400, height: 300 },
      { file: '1-sm.webp', width: 600, height: 450 },
      { file: '1-lg.webp', width: 1600, height: 1200 },
    ]);
    for (const f of s.artworks[0].image!.files) expect((await image(hers, s.version, f.file)).status, f.file).toBe(200);
    const html = await (await open(`/p/${hers}/artworks/${id}`)).text();
    const picture = /<a id="picture" href="#view">(<img [^>]+>)/.exec(html)![1];
    expect(picture).toContain(
      `srcset="/p/${hers}/images/${s.version}-1-xs.webp 400w, /p/${hers}/images/${s.version}-1-sm.webp 600w, /p/${hers}/images/${s.version}-1-lg.webp 1600w"`,
    );
    expect(picture).toContain(`src="/p/${hers}/images/${s.version}-1-sm.webp"`);
  });

  it('every published image carries the artist and the notice (EXIF and XMP), nothing else, and the picture unchanged', async () => {
    const [media] = await t.deps.db.select({ variants: artworkMedia.variants }).from(artworkMedia).where(eq(artworkMedia.id, photoId));
    for (const [file, variant] of [
      ['3-xs.webp', 'preview'],
      ['3-sm.webp', 'sm'],
      ['3-md.webp', 'medium'],
      ['3-lg.webp', 'large'],
    ]) {
      const bytes = await readBody(await image(slug, snapshot.version, file));
      const meta = await sharp(bytes).metadata();
      const { tags, nextIfd } = readIfd0(meta.exif!);
      expect(Object.fromEntries(tags), file).toEqual({ [TAG.Artist]: 'Ada Lovelace', [TAG.Copyright]: `© ${year} Ada Lovelace` });
      // No GPS, Exif (camera) or thumbnail directory: the photo's GPS, make and model are not carried over.
      expect(nextIfd).toBe(0);
      expect(bytes.includes('Secret Model')).toBe(false);
      expect(bytes.includes('TestCam')).toBe(false);
      expect(meta.icc).toBeUndefined();
      const xmp = meta.xmpAsString!;
      expect(xmp).toContain('<dc:creator><rdf:Seq><rdf:li>Ada Lovelace</rdf:li></rdf:Seq></dc:creator>');
      expect(xmp).toContain(`<dc:rights><rdf:Alt><rdf:li xml:lang="x-default">© ${year} Ada Lovelace</rdf:li></rdf:Alt></dc:rights>`);
      expect(xmp).toContain('xmpRights:Marked="True"');
      // The credit is added to the file, not re-encoded into it: the same pixels as the stored variant.
      const stored = Buffer.concat(await (await t.deps.storage.read(media.variants[variant]))!.body.toArray());
      expect((await sharp(bytes).raw().toBuffer()).equals(await sharp(stored).raw().toBuffer()), file).toBe(true);
    }
  });

  it('an artist without a name: the notice has the year only, no creator, and never the email', async () => {
    const carol = await signedInUser(t, 'carol.secret@example.com');
    const id = (await createArtwork(t, carol.idToken, artworkInput('PHYSICAL_2D', { title: 'Dunes' }))).artworkId;
    await addMedia(t, carol.idToken, id, await makeJpeg(800, 600), 'image/jpeg');
    const hers = (await publish(carol.idToken)).url.split('/').pop()!;
    const s = await live(hers);
    expect([s.artist, s.copyright]).toEqual(['', `© ${year}`]);
    const files = s.artworks[0].image!.files;
    // 800 x 600 fits the medium size's box: the large one, the same size, is left out.
    expect(files.map((f) => f.file)).toEqual(['1-xs.webp', '1-sm.webp', '1-md.webp']);
    for (const f of files) {
      const bytes = await readBody(await image(hers, s.version, f.file));
      const meta = await sharp(bytes).metadata();
      expect(Object.fromEntries(readIfd0(meta.exif!).tags)).toEqual({ [TAG.Copyright]: `© ${year}` });
      expect(meta.xmpAsString).not.toContain('dc:creator');
      expect(bytes.includes('carol')).toBe(false);
    }
  });

  it('a format 1 snapshot stored before this version is still read and served', async () => {
    const dora = await signedInUser(t);
    const doraId = await userIdOf(t, dora.idToken);
    const doras = (await publish(dora.idToken)).url.split('/').pop()!;
    const [{ version }] = await t.deps.db
      .select({ version: publications.version })
      .from(publications)
      .where(eq(publications.userId, doraId));
    const old: PublishedSnapshot = {
      version,
      artist: 'Dora Maar',
      artworks: [
        {
          title: 'Weeping Woman',
          year: 1937,
          medium: 'Oil',
          description: '',
          tags: ['portrait'],
          dimensions: '60 × 49 cm',
          saleStatus: 'Sold',
          image: { file: '1.webp', width: 300, height: 200 },
        },
        { title: 'Untitled', year: null, medium: '', description: '', tags: [], dimensions: '', saleStatus: 'Not For Sale', image: null },
      ],
    };
    // Stored before addresses could change: its images are under its slug (no folder of its own yet).
    await t.deps.db.update(publications).set({ snapshot: old, folder: null }).where(eq(publications.userId, doraId));
    const webp = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#abc' } })
      .webp()
      .toBuffer();
    await t.deps.storage.put(`published/${doras}/${version}/1.webp`, webp, 'image/webp');

    expect(await live(doras)).toEqual({
      format: 2,
      version,
      artist: 'Dora Maar',
      copyright: '',
      artworks: [
        {
          id: '1',
          ...old.artworks[0],
          image: { alt: 'Weeping Woman', files: [{ file: '1.webp', width: 300, height: 200 }] },
          posts: [],
        },
        { id: '2', ...old.artworks[1], image: null, posts: [] },
      ],
      collections: [],
    });
    const page = await (await open(`/p/${doras}`)).text();
    expect(page).toContain('Weeping Woman');
    expect(page).toContain(`src="/p/${doras}/images/${version}-1.webp"`);
    expect((await image(doras, version, '1.webp')).status).toBe(200);
    expect((await image(doras, version - 1, '1.webp')).status).toBe(404);

    // The next publish replaces it, and deletes its file.
    await publish(dora.idToken);
    expect((await image(doras, version, '1.webp')).status).toBe(404);
    expect((await storedFiles(t)).filter((f) => f.startsWith(`published/${doras}/`))).toEqual([]);
  });
});
