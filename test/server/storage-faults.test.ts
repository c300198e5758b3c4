import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '../../server/storage/local-store';
import { addMedia, createArtwork, everyFile, fakeMp4, makeJpeg, pathOf, readBody, requestTicket } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';
import { mountTmpfs, remount, unmount } from '../support/mount';

/**
 * The file store sits on its own small file system (a 2 MB tmpfs), so a full disk and a read-only disk are real ones.
 * Mounting needs root, or sudo for a non-root runner (test/support/mount.ts).
 */
describe(`a full or read-only disk while an upload arrives (${dbLabel()})`, () => {
  let t: TestApp;
  let dir: string;
  let token: string;
  let artworkId: string;
  let photo: { mediaId: string; bytes: Buffer };
  beforeAll(async () => {
    t = await createTestApp();
    dir = (t.deps.storage as LocalBlobStore).dir;
    await fs.mkdir(dir, { recursive: true });
    mountTmpfs(dir, '2m');
    token = (await signedInUser(t)).idToken;
    artworkId = (await createArtwork(t, token)).artworkId;
    const bytes = await makeJpeg(200, 150);
    photo = { mediaId: (await addMedia(t, token, artworkId, bytes, 'image/jpeg', 'kept.jpg')).mediaId, bytes };
  });
  afterAll(async () => {
    if (dir) unmount(dir);
    await t?.close();
  });

  const put = async (bytes: Buffer, type: string) => {
    const ticket = await (await requestTicket(t, token, artworkId, { name: 'f', type, size: bytes.length })).json();
    const res = await t.request(pathOf(ticket.uploadUrl), { method: 'PUT', headers: ticket.headers, body: new Uint8Array(bytes) });
    return { res, ticket };
  };
  const readsStillWork = async () => {
    const original = await t.request(`/api/media/${photo.mediaId}`, { token });
    expect(original.status).toBe(200);
    expect((await readBody(original)).equals(photo.bytes)).toBe(true);
    expect((await t.request(`/api/artwork/${artworkId}/media`, { token })).status).toBe(200);
  };

  it('a full disk answers 507 "The server is out of storage space.", keeps nothing half written, and reads go on', async () => {
    const before = await everyFile(dir);
    const { res, ticket } = await put(fakeMp4(3 * 1024 * 1024), 'video/mp4');
    expect(res.status).toBe(507);
    expect(await res.json()).toEqual({ message: 'The server is out of storage space.' });
    expect(await everyFile(dir)).toEqual(before);
    expect((await t.request(`/api/uploads/${ticket.uploadId}/complete`, { method: 'POST', token })).status).toBe(409);
    await readsStillWork();
    // The space the refused upload took is free again: a file that fits goes in.
    const fits = await put(fakeMp4(1024 * 1024), 'video/mp4');
    expect(fits.res.status).toBe(200);
  });

  it('a disk gone read-only answers 503 with a clear message, and reads go on', async () => {
    remount(dir, 'ro');
    try {
      const before = await everyFile(dir);
      const { res } = await put(await makeJpeg(40, 40), 'image/jpeg');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: 'The server cannot store files right now. Please try again later.' });
      expect(await everyFile(dir)).toEqual(before);
      await readsStillWork();
    } finally {
      remount(dir, 'rw');
    }
  });
});
