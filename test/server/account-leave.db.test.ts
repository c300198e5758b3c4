import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { AtpAgent } from '@atproto/api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artwork } from '../../src/schemas/artwork.schema';
import type { MediaItem } from '../../src/schemas/media.schema';
import { socialAccounts } from '../../server/db/schema';
import { credentialsOf } from '../../server/social/providers/bluesky/agents';
import type { S3BlobStore } from '../../server/storage';
import type { Pds } from '../support/pds';
import { sharedPds } from '../support/shared-pds';
import { addMedia, artworkInput, createArtwork, fakeMp3, makeJpeg, pathOf, publishedFolder, storedFiles } from '../support/portfolio';
import { SOCIAL_TEST_ENV, addPostMedia, connectOk, newPdsAccount, savePostOk } from '../support/social';
import { PASSWORD, createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';
import { unzip } from '../support/zip';

type Artist = Awaited<ReturnType<typeof signedInUser>>;

describe(`take your data, or leave (${dbLabel()})`, () => {
  let pds: Pds;
  let t: TestApp;
  beforeAll(async () => {
    pds = await sharedPds();
    t = await createTestApp(SOCIAL_TEST_ENV);
  });
  afterAll(async () => {
    await t?.close();
    await pds?.close();
  });

  const exportOf = (token: string) => t.request('/api/user/export', { token });
  const archiveOf = async (token: string) => {
    const res = await exportOf(token);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    return { res, entries: await unzip(bytes) };
  };
  const jsonIn = (entries: Map<string, Buffer>, name: string) => JSON.parse(entries.get(name)!.toString('utf8'));
  const deleteAccount = (token: string, currentPassword: unknown) =>
    t.request('/api/user', { method: 'DELETE', token, json: { currentPassword } });
  const userIdOf = async (token: string) => ((await (await t.request('/api/user', { token })).json()) as { userId: string }).userId;
  const signIn = (email: string, password: string) => t.request('/api/auth/sign-in', { method: 'POST', json: { email, password } });

  /** An artist with two artworks (a photo; two songs of the same name), a post with a file, Bluesky, a published portfolio. */
  async function fullStudio() {
    const artist = await signedInUser(t);
    await t.request('/api/user', { method: 'POST', token: artist.idToken, json: { firstName: 'Ada', lastName: 'Lovelace' } });
    const painting = await createArtwork(t, artist.idToken);
    const song = await createArtwork(t, artist.idToken, artworkInput('AUDIO', { title: 'Harbour Song' }));
    const photo = await makeJpeg(640, 480);
    const mp3 = fakeMp3(5000);
    const mp3b = fakeMp3(6000);
    const photoItem = await addMedia(t, artist.idToken, painting.artworkId, photo, 'image/jpeg', 'harbour.jpg');
    await addMedia(t, artist.idToken, song.artworkId, mp3, 'audio/mpeg', 'take.mp3');
    await addMedia(t, artist.idToken, song.artworkId, mp3b, 'audio/mpeg', 'TAKE.mp3');
    const bluesky = await newPdsAccount(pds, 'leaver');
    const account = await connectOk(t, artist.idToken, bluesky, pds.url);
    const ref = { platform: account.platform, handle: account.handle };
    const post = await savePostOk(t, artist.idToken, {
      content: 'Studio day',
      accounts: [ref],
      dateScheduled: Date.now() + 3_600_000,
    } as never);
    const postPhoto = await makeJpeg(320, 240);
    await addPostMedia(t, artist.idToken, post.postId, postPhoto, 'image/jpeg', 'sketch.jpg');
    const published = await (await t.request('/api/publish', { method: 'POST', token: artist.idToken })).json();
    const made = await t.request('/api/collection', {
      method: 'POST',
      token: artist.idToken,
      json: { title: 'Harbours', visibility: 'unlisted', artworkIds: [painting.artworkId], tags: ['sea'] },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const collection = (await made.json()) as { collectionId: string };
    return {
      collection,
      artist,
      userId: await userIdOf(artist.idToken),
      painting,
      song,
      photo,
      mp3,
      mp3b,
      photoItem,
      post,
      postPhoto,
      bluesky,
      published: published as { url: string },
    };
  }

  describe('GET /api/user/export', () => {
    let studio: Awaited<ReturnType<typeof fullStudio>>;
    let entries: Map<string, Buffer>;
    let res: Response;
    beforeAll(async () => {
      studio = await fullStudio();
      ({ res, entries } = await archiveOf(studio.artist.idToken));
    });

    it('answers a ZIP to save, never cached; HEAD answers its length alone', async () => {
      const head = await t.request('/api/user/export', { method: 'HEAD', token: studio.artist.idToken });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(res.headers.get('content-length'));
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="artist-studio-\d{4}-\d{2}-\d{2}\.zip"$/);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });

    it('holds the six JSON files and every original file, byte for byte, under media/<title> (<artworkId>)/<fileName>', () => {
      const { painting, song, photo, mp3, mp3b, post, postPhoto } = studio;
      expect([...entries.keys()].sort()).toEqual(
        [
          'artworks.json',
          'collections.json',
          'inquiries.json',
          'journal.json',
          'posts.json',
          'profile.json',
          `media/Blue Harbour (${painting.artworkId})/harbour.jpg`,
          `media/Harbour Song (${song.artworkId})/take.mp3`,
          // Same name but for case: a second name, so nothing is overwritten when unpacked on Windows or macOS.
          `media/Harbour Song (${song.artworkId})/TAKE (2).mp3`,
          `posts/${post.postId}/sketch.jpg`,
        ].sort(),
      );
      expect(entries.get(`media/Blue Harbour (${painting.artworkId})/harbour.jpg`)).toEqual(photo);
      expect(entries.get(`media/Harbour Song (${song.artworkId})/take.mp3`)).toEqual(mp3);
      expect(entries.get(`media/Harbour Song (${song.artworkId})/TAKE (2).mp3`)).toEqual(mp3b);
      expect(entries.get(`posts/${post.postId}/sketch.jpg`)).toEqual(postPhoto);
    });

    it('the JSON says what each thing is and where its files are, without signed addresses or secrets', () => {
      const { artist, painting, song, photoItem, post, bluesky, published } = studio;
      const profile = jsonIn(entries, 'profile.json');
      expect(profile).toMatchObject({
        email: artist.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        avatar: null,
        publishedPortfolio: { url: published.url },
      });
      expect(profile.socialAccounts).toEqual([expect.objectContaining({ platform: 'bluesky', handle: bluesky.handle, service: pds.url })]);

      const artworks = jsonIn(entries, 'artworks.json') as Array<Artwork & { media: Array<MediaItem & { file: string }> }>;
      expect(artworks.map((a) => a.title)).toEqual(['Blue Harbour', 'Harbour Song']);
      expect(artworks[0]).toMatchObject({
        artworkId: painting.artworkId,
        medium: 'Oil on canvas',
        tags: ['sea', 'blue'],
        primaryImageMediaId: photoItem.mediaId,
      });
      expect(artworks[0].media).toEqual([
        expect.objectContaining({
          mediaId: photoItem.mediaId,
          fileName: 'harbour.jpg',
          isPrimary: true,
          file: `media/Blue Harbour (${painting.artworkId})/harbour.jpg`,
        }),
      ]);
      expect(artworks[1].media.map((m) => m.file)).toEqual([
        `media/Harbour Song (${song.artworkId})/take.mp3`,
        `media/Harbour Song (${song.artworkId})/TAKE (2).mp3`,
      ]);
      for (const file of artworks.flatMap((a) => a.media.map((m) => m.file))) expect(entries.has(file)).toBe(true);

      const journal = jsonIn(entries, 'journal.json');
      expect(journal.filter((e: { journalEntryType: string }) => e.journalEntryType === 'artwork.new')).toHaveLength(2);

      const posts = jsonIn(entries, 'posts.json');
      expect(posts).toEqual([
        expect.objectContaining({ postId: post.postId, content: 'Studio day', isDraft: true, dateScheduled: post.dateScheduled }),
      ]);
      expect(posts[0].media).toEqual([expect.objectContaining({ fileName: 'sketch.jpg', file: `posts/${post.postId}/sketch.jpg` })]);

      expect(jsonIn(entries, 'collections.json')).toEqual([
        expect.objectContaining({
          collectionId: studio.collection.collectionId,
          title: 'Harbours',
          visibility: 'unlisted',
          artworkIds: [painting.artworkId],
          tags: ['sea'],
        }),
      ]);
      expect(jsonIn(entries, 'inquiries.json')).toEqual([]);

      const text = ['profile.json', 'artworks.json', 'journal.json', 'posts.json', 'collections.json']
        .map((n) => entries.get(n)!.toString('utf8'))
        .join('\n');
      expect(text).not.toMatch(/sig=|exp=|"\w+Url"|"urls"/);
      expect(text).not.toContain(bluesky.appPassword);
      expect(text).not.toMatch(/eyJ[\w-]+\.eyJ/);
      expect(text).not.toMatch(/passwordHash|password_hash|argon2/);
    });

    it("another artist's export holds only their own data; without a token it is 401", async () => {
      const other = await signedInUser(t);
      const { entries: theirs } = await archiveOf(other.idToken);
      expect([...theirs.keys()].sort()).toEqual([
        'artworks.json',
        'collections.json',
        'inquiries.json',
        'journal.json',
        'posts.json',
        'profile.json',
      ]);
      expect(jsonIn(theirs, 'collections.json')).toEqual([]);
      expect(jsonIn(theirs, 'artworks.json')).toEqual([]);
      expect(jsonIn(theirs, 'posts.json')).toEqual([]);
      expect(jsonIn(theirs, 'journal.json')).toEqual([]);
      expect(jsonIn(theirs, 'profile.json')).toMatchObject({ email: other.email, socialAccounts: [], publishedPortfolio: null });
      expect([...theirs.values()].some((b) => b.toString('latin1').includes(studio.painting.artworkId))).toBe(false);
      expect((await t.request('/api/user/export')).status).toBe(401);
      expect((await t.request('/api/user/export', { token: 'not-a-token' })).status).toBe(401);
    });

    it('is described in the OpenAPI document, with DELETE /api/user', async () => {
      const doc = await (await t.request('/api/openapi.json')).json();
      expect(doc.paths['/user/export'].get.responses['200'].content).toHaveProperty('application/zip');
      expect(doc.paths['/user'].delete.requestBody.content['application/json'].schema.required).toEqual(['currentPassword']);
      expect(Object.keys(doc.paths['/user'].delete.responses)).toEqual(expect.arrayContaining(['204', '403']));
    });
  });

  describe('DELETE /api/user', () => {
    it('a wrong password is 403 on the field and deletes nothing; no password is 400', async () => {
      const artist = await signedInUser(t);
      await createArtwork(t, artist.idToken);
      const wrong = await deleteAccount(artist.idToken, 'Wrong12345');
      expect(wrong.status).toBe(403);
      expect((await wrong.json()).fieldErrors.currentPassword).toEqual(['The current password is not correct.']);
      expect((await deleteAccount(artist.idToken, '')).status).toBe(400);
      expect((await t.request('/api/user', { method: 'DELETE', token: artist.idToken, json: {} })).status).toBe(400);
      expect((await t.request('/api/user', { method: 'DELETE', json: { currentPassword: PASSWORD } })).status).toBe(401);
      expect((await t.request('/api/user', { token: artist.idToken })).status).toBe(200);
      const { entries } = await archiveOf(artist.idToken);
      expect(jsonIn(entries, 'artworks.json')).toHaveLength(1);
    });

    it('password guesses count with sign-in attempts: past the limit, 429', async () => {
      const artist = await signedInUser(t);
      const answers: number[] = [];
      for (let i = 0; i < 10; i++) answers.push((await deleteAccount(artist.idToken, `Guess${i}abcd`)).status);
      expect(new Set(answers.slice(0, 9))).toEqual(new Set([403]));
      const limited = await deleteAccount(artist.idToken, PASSWORD);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await t.request('/api/user', { token: artist.idToken })).status).toBe(200);
    });

    describe('with the right password', () => {
      let studio: Awaited<ReturnType<typeof fullStudio>>;
      let bystander: Artist;
      let bystanderId: string;
      let refreshJwt: string;
      let mediaLinks: string[];
      let filesBefore: string[];
      let slug: string;
      /** Where its portfolio's images are stored: published/<folder>/. */
      let folder: string;
      beforeAll(async () => {
        studio = await fullStudio();
        bystander = await signedInUser(t);
        bystanderId = await userIdOf(bystander.idToken);
        await addMedia(
          t,
          bystander.idToken,
          (await createArtwork(t, bystander.idToken)).artworkId,
          await makeJpeg(200, 150),
          'image/jpeg',
          'kept.jpg',
        );
        const [row] = await t.deps.db.select().from(socialAccounts).where(eq(socialAccounts.handle, studio.bluesky.handle));
        refreshJwt = credentialsOf(t.deps.social.box, row).session.refreshJwt;
        mediaLinks = Object.values(studio.photoItem.urls).filter((u): u is string => Boolean(u));
        for (const link of mediaLinks) expect((await t.request(pathOf(link))).status).toBe(200);
        slug = new URL(studio.published.url).pathname.split('/').pop()!;
        expect((await t.request(`/p/${slug}`)).status).toBe(200);
        folder = await publishedFolder(t, slug);
        filesBefore = await storedFiles(t);
        expect(filesBefore.some((f) => f.startsWith(`published/${folder}/`))).toBe(true);
        const res = await deleteAccount(studio.artist.idToken, PASSWORD);
        expect(res.status).toBe(204);
      });

      it('signs nobody in any more: the old password is 401 and the old tokens are refused', async () => {
        expect((await signIn(studio.artist.email, PASSWORD)).status).toBe(401);
        expect((await t.request('/api/user', { token: studio.artist.idToken })).status).toBe(401);
        expect((await t.request('/api/auth/refresh', { method: 'POST', json: { refreshToken: studio.artist.refreshToken } })).status).toBe(
          401,
        );
      });

      it('media links answer 404 and the public page is gone', async () => {
        for (const link of mediaLinks) expect((await t.request(pathOf(link))).status).toBe(404);
        const page = await t.request(`/p/${slug}`);
        expect(page.status).toBe(404);
        expect(await page.text()).toContain('Portfolio not found');
      });

      it('leaves no row and no file of theirs, and keeps everyone else’s', async () => {
        const tables = (await t.deps.db.execute(
          sql`select table_name from information_schema.columns where column_name = 'user_id' and table_schema = current_schema()`,
        )) as unknown as { rows: Array<{ table_name: string }> };
        expect(tables.rows.length).toBeGreaterThan(8);
        for (const { table_name } of tables.rows) {
          const count = (await t.deps.db.execute(
            sql`select count(*)::int as n from ${sql.identifier(table_name)} where user_id = ${studio.userId}`,
          )) as unknown as {
            rows: Array<{ n: number }>;
          };
          expect(count.rows[0].n, table_name).toBe(0);
        }
        const scheduled = (await t.deps.db.execute(
          sql`select count(*)::int as n from social_posts where id = ${studio.post.postId}`,
        )) as unknown as { rows: Array<{ n: number }> };
        expect(scheduled.rows[0].n).toBe(0);

        const files = await storedFiles(t);
        const theirs = filesBefore.filter((f) => f.includes(studio.userId) || f.startsWith(`published/${folder}/`));
        expect(theirs.length).toBeGreaterThan(5);
        expect(files.filter((f) => f.includes(studio.userId) || f.startsWith(`published/${folder}/`))).toEqual([]);
        expect(files.filter((f) => f.includes(bystanderId)).length).toBeGreaterThan(0);
        expect((await t.request('/api/user', { token: bystander.idToken })).status).toBe(200);
      });

      it('ends the Bluesky session at the PDS', async () => {
        const agent = new AtpAgent({ service: pds.url });
        await expect(
          agent.com.atproto.server.refreshSession(undefined, { headers: { authorization: `Bearer ${refreshJwt}` } }),
        ).rejects.toMatchObject({ status: 400 });
      });

      it('confirms by mail, and the address can create an account again', async () => {
        expect(t.mails.at(-1)).toMatchObject({ to: studio.artist.email, subject: 'Your Artist Studio account was deleted' });
        const again = await signedInUser(t, studio.artist.email, 'Another2026');
        expect((await t.request('/api/user', { token: again.idToken })).status).toBe(200);
        const { entries } = await archiveOf(again.idToken);
        expect(jsonIn(entries, 'artworks.json')).toEqual([]);
        expect(jsonIn(entries, 'profile.json')).toMatchObject({ email: studio.artist.email, firstName: '' });
      });
    });
  });

  describe('with files in a bucket', () => {
    // s3rver ships no type declarations.
    const S3rver = createRequire(import.meta.url)('s3rver') as new (o: Record<string, unknown>) => {
      run(): Promise<{ port: number }>;
      close(): Promise<void>;
    };
    let s3: InstanceType<typeof S3rver>;
    let dir: string;
    let bucketApp: TestApp;
    beforeAll(async () => {
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'leave-s3-'));
      s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'studio', configs: [] }] });
      const { port } = await s3.run();
      bucketApp = await createTestApp({
        S3_BUCKET: 'studio',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      });
    });
    afterAll(async () => {
      await bucketApp?.close();
      await s3?.close();
      await fs.rm(dir, { recursive: true, force: true });
    });

    it('exports the originals from the bucket and deletes every object of the artist', async () => {
      const artist = await signedInUser(bucketApp);
      const userId = ((await (await bucketApp.request('/api/user', { token: artist.idToken })).json()) as { userId: string }).userId;
      const song = await createArtwork(bucketApp, artist.idToken, artworkInput('AUDIO'));
      const mp3 = fakeMp3(70_000);
      const ticketRes = await bucketApp.request(`/api/artwork/${song.artworkId}/media`, {
        method: 'POST',
        token: artist.idToken,
        json: { fileName: 'demo.mp3', fileType: 'audio/mpeg', fileSizeInBytes: mp3.length },
      });
      const ticket = await ticketRes.json();
      // The browser PUTs straight to the bucket.
      expect((await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: mp3 })).status).toBe(200);
      expect((await bucketApp.request(`/api/uploads/${ticket.uploadId}/complete`, { method: 'POST', token: artist.idToken })).status).toBe(
        200,
      );

      const res = await bucketApp.request('/api/user/export', { token: artist.idToken });
      const entries = await unzip(Buffer.from(await res.arrayBuffer()));
      expect(entries.get(`media/Blue Harbour (${song.artworkId})/demo.mp3`)).toEqual(mp3);

      const store = bucketApp.deps.storage as S3BlobStore;
      const keys = async () =>
        ((await store.client.send(new ListObjectsV2Command({ Bucket: 'studio' }))).Contents ?? []).map((o) => o.Key!);
      expect((await keys()).filter((k) => k.includes(userId)).length).toBeGreaterThan(0);
      expect(
        (await bucketApp.request('/api/user', { method: 'DELETE', token: artist.idToken, json: { currentPassword: PASSWORD } })).status,
      ).toBe(204);
      expect((await keys()).filter((k) => k.includes(userId))).toEqual([]);
    });
  });
});
