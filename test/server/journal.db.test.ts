import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artwork } from '../../src/schemas/artwork.schema';
import { JOURNAL_TYPES, type JournalEntry, type JournalPage, journalPageSchema } from '../../src/schemas/journal.schema';
import { journalEntries } from '../../server/db/schema';
import { addMedia, artworkInput, createArtwork, makeJpeg, pathOf } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`activity journal (${dbLabel()})`, () => {
  let t: TestApp;
  let token: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInUser(t)).idToken;
    other = (await signedInUser(t)).idToken;
  });
  afterAll(() => t.close());

  const journal = async (query = '', as = token): Promise<JournalPage> => {
    const res = await t.request(`/api/journal${query}`, { token: as });
    expect(res.status, await res.clone().text()).toBe(200);
    return journalPageSchema.parse(await res.json());
  };
  const latest = async () => (await journal('?limit=1&includeDismissed=true')).items[0];
  const entriesOf = async (artworkId: string) =>
    (await journal('?limit=100&includeDismissed=true')).items.filter((e) => e.metadata.artworkId === artworkId);
  const put = (id: string, input: unknown) => t.request(`/api/artwork/${id}`, { method: 'PUT', json: input, token });

  describe('entries written with each change', () => {
    it("creating writes 'artwork.new'", async () => {
      const artwork = await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Blue Harbour' }));
      const entry = await latest();
      expect(entry).toMatchObject({
        message: "Artwork 'Blue Harbour' was created",
        journalEntryType: 'artwork.new',
        dismissed: false,
        mediaId: null,
        thumbnailUrl: null,
        metadata: { artworkId: artwork.artworkId },
      });
      expect(entry.metadata).not.toHaveProperty('changedFields');
      expect(Math.abs(new Date(entry.createdDate).getTime() - new Date(artwork.createdAt).getTime())).toBeLessThan(1000);
    });

    it("an artwork without a title is 'Untitled'", async () => {
      await createArtwork(t, token, artworkInput('AUDIO', { title: '   ' }));
      expect((await latest()).message).toBe("Artwork 'Untitled' was created");
    });

    it("replacing writes 'artwork.updated' with exactly the fields that changed", async () => {
      const artwork = await createArtwork(t, token, artworkInput('PHYSICAL_2D'));
      const res = await put(
        artwork.artworkId,
        artworkInput('PHYSICAL_2D', {
          title: 'Grey Harbour',
          dimensions: { mediaType: 'PHYSICAL_2D', measurementSystem: 'metric', height: 50, width: 80 },
        }),
      );
      expect(res.status).toBe(200);
      const entry = await latest();
      expect(entry).toMatchObject({
        message: "Artwork 'Grey Harbour' was updated",
        journalEntryType: 'artwork.updated',
        metadata: { artworkId: artwork.artworkId, changedFields: ['title', 'dimensions'] },
      });
    });

    it.each([
      ['title', { title: 'Other' }],
      ['year', { year: 1999 }],
      ['year', { year: null }],
      ['medium', { medium: 'Ink' }],
      ['description', { description: 'New words.' }],
      ['tags', { tags: ['blue', 'sea'] }],
      ['tags', { tags: ['sea'] }],
      ['dimensions', { dimensions: { mediaType: 'PHYSICAL_2D', measurementSystem: 'imperial', height: 50, width: 70 } }],
    ] as const)('changing only %s names only it (%j)', async (field, change) => {
      const artwork = await createArtwork(t, token, artworkInput('PHYSICAL_2D'));
      await put(artwork.artworkId, { ...artworkInput('PHYSICAL_2D'), ...change });
      expect((await entriesOf(artwork.artworkId))[0].metadata.changedFields).toEqual([field]);
    });

    it("changing only the sale status is the chart's own entry, not an update of fields", async () => {
      const artwork = await createArtwork(t, token, artworkInput('PHYSICAL_2D'));
      await put(artwork.artworkId, { ...artworkInput('PHYSICAL_2D'), saleStatus: 'NOT_FOR_SALE' });
      const [latest, created] = await entriesOf(artwork.artworkId);
      expect(latest).toMatchObject({ journalEntryType: 'artwork.notForSale', message: "Artwork 'Blue Harbour' was marked not for sale" });
      expect(created.journalEntryType).toBe('artwork.new');
    });

    it('changing the media type names the type and its dimensions', async () => {
      const artwork = await createArtwork(t, token, artworkInput('PHYSICAL_2D'));
      await put(artwork.artworkId, artworkInput('VIDEO'));
      expect((await entriesOf(artwork.artworkId))[0].metadata.changedFields).toEqual(['mediaType', 'dimensions']);
    });

    it('a replacement that changes nothing writes no entry (spacing and absent-or-null are the same value)', async () => {
      const artwork = await createArtwork(t, token, artworkInput('DIGITAL_2D'));
      const before = await entriesOf(artwork.artworkId);
      const same = {
        ...artworkInput('DIGITAL_2D'),
        title: '  Blue Harbour ',
        dimensions: { mediaType: 'DIGITAL_2D', height: 1080, width: 1920, depth: null, measurementSystem: null },
      };
      const res = await put(artwork.artworkId, same);
      expect(res.status).toBe(200);
      expect((await res.json()).updatedAt).toBe(artwork.updatedAt);
      expect(await entriesOf(artwork.artworkId)).toEqual(before);
    });

    it('the entry names the primary image, whose signed thumbnail works until the image is deleted', async () => {
      const artwork = await createArtwork(t, token);
      const image = await addMedia(t, token, artwork.artworkId, await makeJpeg(200, 150), 'image/jpeg');
      await put(artwork.artworkId, artworkInput('PHYSICAL_2D', { title: 'With picture' }));
      const entry = (await entriesOf(artwork.artworkId))[0];
      expect(entry.mediaId).toBe(image.mediaId);
      expect(entry.thumbnailUrl).toMatch(new RegExp(`^/api/media/${image.mediaId}\\?size=smCrop&exp=\\d+&sig=`));
      const thumb = await t.request(pathOf(entry.thumbnailUrl!));
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/webp');

      await t.request(`/api/artwork/${artwork.artworkId}/media/${image.mediaId}`, { method: 'DELETE', token });
      const after = (await entriesOf(artwork.artworkId))[0];
      expect(after.mediaId).toBe(image.mediaId);
      expect(after.thumbnailUrl).toBeNull();
    });
  });

  describe('in the same transaction as the change', () => {
    const constraint = (table: string, check: string) =>
      t.deps.db.execute(sql.raw(`alter table ${table} add constraint test_refuse check (${check})`));
    const drop = (table: string) => t.deps.db.execute(sql.raw(`alter table ${table} drop constraint if exists test_refuse`));

    it('a failing update writes no entry', async () => {
      const artwork = await createArtwork(t, token);
      const before = await entriesOf(artwork.artworkId);
      await constraint('artworks', "title <> 'Refused'");
      try {
        const res = await put(artwork.artworkId, artworkInput('PHYSICAL_2D', { title: 'Refused' }));
        expect(res.status).toBe(500);
      } finally {
        await drop('artworks');
      }
      expect(await entriesOf(artwork.artworkId)).toEqual(before);
    });

    it('a failing journal write undoes the update, and the creation', async () => {
      const artwork = await createArtwork(t, token);
      await constraint('journal_entries', "message not like '%Refused%'");
      try {
        expect((await put(artwork.artworkId, artworkInput('PHYSICAL_2D', { title: 'Refused' }))).status).toBe(500);
        const listBefore = (await (await t.request('/api/artwork?pageSize=100', { token })).json()).total;
        expect(
          (await t.request('/api/artwork', { method: 'POST', token, json: artworkInput('PHYSICAL_2D', { title: 'Refused too' }) })).status,
        ).toBe(500);
        expect((await (await t.request('/api/artwork?pageSize=100', { token })).json()).total).toBe(listBefore);
      } finally {
        await drop('journal_entries');
      }
      const still = (await (await t.request(`/api/artwork/${artwork.artworkId}`, { token })).json()) as Artwork;
      expect(still.title).toBe('Blue Harbour');
      expect(still.updatedAt).toBe(artwork.updatedAt);
    });
  });

  describe('reading', () => {
    let t2: TestApp;
    let me: string;
    let ids: string[];
    beforeAll(async () => {
      t2 = await createTestApp();
      me = (await signedInUser(t2)).idToken;
      // 25 creations, then 5 updates: 30 entries. Several share one timestamp, as entries of one transaction would.
      for (let i = 0; i < 25; i++) await createArtwork(t2, me, artworkInput('AUDIO', { title: `Song ${i}` }));
      const list = (await (await t2.request('/api/artwork?pageSize=100&sort=createdAt&order=asc', { token: me })).json())
        .items as Artwork[];
      ids = list.map((a) => a.artworkId);
      for (let i = 0; i < 5; i++)
        await t2.request(`/api/artwork/${ids[i]}`, {
          method: 'PUT',
          token: me,
          json: artworkInput('AUDIO', { title: `Song ${i} (live)` }),
        });
      await t2.deps.db.execute(
        sql`update journal_entries set created_at = '2025-03-01T12:00:00.123456Z' where message like 'Artwork ''Song 1_''%'`,
      );
    });
    afterAll(() => t2.close());

    const read = async (query = '', as = me) => {
      const res = await t2.request(`/api/journal${query}`, { token: as });
      expect(res.status, await res.clone().text()).toBe(200);
      return journalPageSchema.parse(await res.json());
    };
    const pageThrough = async (query: string) => {
      const all: JournalEntry[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await read(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        all.push(...page.items);
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 20);
      return { all, pages };
    };

    it('newest first, 10 by default, with a cursor for the next page', async () => {
      const page = await read();
      expect(page.items).toHaveLength(10);
      expect(page.nextCursor).toEqual(expect.any(String));
      expect(page.items[0].message).toBe("Artwork 'Song 4 (live)' was updated");
      const times = page.items.map((e) => new Date(e.createdDate).getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('the cursor pages through every entry once, ties included, and the last page has no cursor', async () => {
      const { all, pages } = await pageThrough('?limit=7');
      expect(pages).toBe(5);
      expect(all).toHaveLength(30);
      expect(new Set(all.map((e) => e.journalId)).size).toBe(30);
      const everything = (await read('?limit=100')).items;
      expect(all.map((e) => e.journalId)).toEqual(everything.map((e) => e.journalId));
    });

    it('a page stays put while new entries arrive', async () => {
      const first = await read('?limit=5');
      await createArtwork(t2, me, artworkInput('AUDIO', { title: 'Newest' }));
      const second = await read(`?limit=5&cursor=${encodeURIComponent(first.nextCursor!)}`);
      const everything = (await read('?limit=100')).items.map((e) => e.journalId);
      const at = everything.indexOf(first.items[4].journalId);
      expect(second.items.map((e) => e.journalId)).toEqual(everything.slice(at + 1, at + 6));
    });

    it('type filters by entry type', async () => {
      const updated = (await read('?type=artwork.updated&limit=100')).items;
      expect(updated).toHaveLength(5);
      expect(updated.every((e) => e.journalEntryType === 'artwork.updated')).toBe(true);
      const created = await pageThrough('?type=artwork.new&limit=10');
      expect(created.all.length).toBeGreaterThanOrEqual(25);
      expect(created.all.every((e) => e.journalEntryType === 'artwork.new')).toBe(true);
    });

    it('dismissing hides an entry unless includeDismissed; dismissing again is fine', async () => {
      const [entry] = (await read('?limit=1')).items;
      const res = await t2.request(`/api/journal/${entry.journalId}/dismiss`, { method: 'POST', token: me });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ journalId: entry.journalId, dismissed: true, message: entry.message });
      expect((await read('?limit=100')).items.map((e) => e.journalId)).not.toContain(entry.journalId);
      const withDismissed = (await read('?limit=100&includeDismissed=true')).items;
      expect(withDismissed.find((e) => e.journalId === entry.journalId)).toMatchObject({ dismissed: true });
      expect((await read('?limit=100&includeDismissed=false')).items.map((e) => e.journalId)).not.toContain(entry.journalId);

      const again = await t2.request(`/api/journal/${entry.journalId}/dismiss`, { method: 'POST', token: me });
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ journalId: entry.journalId, dismissed: true });
    });

    it('dismissing entries of a full page, the one its cursor names included, keeps the cursor: the next page follows on', async () => {
      const before = (await read('?limit=100')).items.map((e) => e.journalId);
      const first = await read();
      expect(first.items).toHaveLength(10);
      for (const entry of [first.items[0], first.items[9]]) {
        expect((await t2.request(`/api/journal/${entry.journalId}/dismiss`, { method: 'POST', token: me })).status).toBe(200);
      }
      // 'Load more entries' after the dismissals: the same cursor, the next ten, none lost or repeated.
      const next = await read(`?cursor=${encodeURIComponent(first.nextCursor!)}`);
      expect(next.items.map((e) => e.journalId)).toEqual(before.slice(10, 20));
    });

    it('dismissed entries stay in their place when included, with paging and the type filter', async () => {
      const { all } = await pageThrough('?limit=4&includeDismissed=true&type=artwork.new');
      expect(all.some((e) => e.dismissed)).toBe(true);
      expect(new Set(all.map((e) => e.journalId)).size).toBe(all.length);
    });

    it("another user's entries are never listed, and dismissing one answers 404", async () => {
      const stranger = (await signedInUser(t2)).idToken;
      expect((await read('', stranger)).items).toEqual([]);
      const [entry] = (await read('?limit=1')).items;
      const res = await t2.request(`/api/journal/${entry.journalId}/dismiss`, { method: 'POST', token: stranger });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Journal entry not found.' });
      expect((await read('?limit=1')).items[0]).toMatchObject({ journalId: entry.journalId, dismissed: false });
    });

    it('an unknown entry answers 404, an id that is not a UUID 400', async () => {
      expect((await t2.request(`/api/journal/${crypto.randomUUID()}/dismiss`, { method: 'POST', token: me })).status).toBe(404);
      const bad = await t2.request('/api/journal/nope/dismiss', { method: 'POST', token: me });
      expect(bad.status).toBe(400);
      expect((await bad.json()).fieldErrors).toEqual({ id: ['Journal ID must be a valid UUID'] });
    });

    it.each([
      ['includeDismissed=yes', 'includeDismissed', 'includeDismissed must be true or false'],
      ['type=artwork.deleted', 'type', `Type must be one of ${JOURNAL_TYPES.join(', ')}`],
      ['limit=0', 'limit', 'Limit must be a whole number from 1 to 100'],
      ['limit=101', 'limit', 'Limit must be a whole number from 1 to 100'],
      ['limit=ten', 'limit', 'Limit must be a whole number from 1 to 100'],
      ['cursor=not-a-cursor', 'cursor', 'The cursor is not valid'],
      [`cursor=${Buffer.from('123.not-a-uuid').toString('base64url')}`, 'cursor', 'The cursor is not valid'],
    ])('bad query %s answers 400', async (query, field, message) => {
      const res = await t2.request(`/api/journal?${query}`, { token: me });
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors).toEqual({ [field]: [message] });
    });

    it('needs a signed-in user', async () => {
      expect((await t2.request('/api/journal')).status).toBe(401);
      expect((await t2.request(`/api/journal/${crypto.randomUUID()}/dismiss`, { method: 'POST' })).status).toBe(401);
    });
  });

  it('no entry for the other user appears in mine', async () => {
    await createArtwork(t, other, artworkInput('AUDIO', { title: 'Not yours' }));
    const mine = await journal('?limit=100&includeDismissed=true');
    expect(mine.items.some((e) => e.message.includes('Not yours'))).toBe(false);
    expect((await t.deps.db.select().from(journalEntries)).some((e) => e.message.includes('Not yours'))).toBe(true);
  });
});
