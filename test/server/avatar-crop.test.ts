import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';
import { unzip } from '../support/zip';

const post = (json: unknown, token: string) => ({ method: 'POST', json, token });

/**
 * A portrait photo as a phone stores it: pixels sideways (800 × 600) and EXIF orientation 6, so it is seen 600 wide and
 * 800 tall: red in its top half, blue in its bottom half.
 */
async function sidewaysPortrait() {
  const seen = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#0000ff' } })
    .composite([{ input: { create: { width: 600, height: 400, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
    .png()
    .toBuffer();
  return sharp(seen).rotate(270).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
}

describe(`the avatar: the part the artist chose, the original kept as uploaded (${dbLabel()})`, () => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    photo = await sidewaysPortrait();
  });
  afterAll(() => t?.close());

  async function upload(token: string, body: Buffer, crop?: object, type = 'image/jpeg') {
    const ticketRes = await t.request(
      '/api/user/avatar',
      post({ fileName: 'me.jpg', fileType: type, fileSizeInBytes: body.length, crop }, token),
    );
    expect(ticketRes.status).toBe(200);
    const ticket = await ticketRes.json();
    expect(
      (await t.request(new URL(ticket.uploadUrl).pathname, { method: 'PUT', headers: ticket.headers, body: new Uint8Array(body) })).status,
    ).toBe(200);
    const done = await t.request(`/api/uploads/${ticket.uploadId}/complete`, { method: 'POST', token });
    expect(done.status).toBe(200);
    return done.json() as Promise<{ avatarVersion: string; userId: string }>;
  }
  const avatarColour = async (token: string) => {
    const img = Buffer.from(await (await t.request('/api/user/avatar', { token })).arrayBuffer());
    const { data, info } = await sharp(img).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([256, 256]);
    const middle = (128 * 256 + 128) * info.channels;
    return [data[middle], data[middle + 1], data[middle + 2]].map((v) => Math.round(v / 255));
  };

  it('cuts the chosen square from the picture as it is seen (orientation applied): top is red, bottom is blue', async () => {
    const u = await signedInUser(t);
    await upload(u.idToken, photo, { x: 100, y: 0, width: 400, height: 400 });
    expect(await avatarColour(u.idToken)).toEqual([1, 0, 0]);
    await upload(u.idToken, photo, { x: 100, y: 400, width: 400, height: 400 });
    expect(await avatarColour(u.idToken)).toEqual([0, 0, 1]);
  });

  it('a crop reaching past the picture is kept within it', async () => {
    const u = await signedInUser(t);
    await upload(u.idToken, photo, { x: 300, y: 700, width: 5000, height: 5000 });
    expect(await avatarColour(u.idToken)).toEqual([0, 0, 1]);
  });

  it('refuses a crop that is not whole, non-negative pixels, with the message on its field', async () => {
    const u = await signedInUser(t);
    for (const crop of [
      { x: -1, y: 0, width: 10, height: 10 },
      { x: 0, y: 0, width: 0, height: 10 },
      { x: 0.5, y: 0, width: 10, height: 10 },
      'top',
    ]) {
      const res = await t.request(
        '/api/user/avatar',
        post({ fileName: 'me.jpg', fileType: 'image/jpeg', fileSizeInBytes: 100, crop }, u.idToken),
      );
      expect(res.status, JSON.stringify(crop)).toBe(400);
      expect(
        Object.keys((await res.json()).fieldErrors).some((k) => k.startsWith('crop')),
        JSON.stringify(crop),
      ).toBe(true);
    }
  });

  it('the export holds the avatar as uploaded (same bytes, its own type), and a new avatar leaves no old file behind', async () => {
    const u = await signedInUser(t);
    const first = await upload(u.idToken, photo, { x: 0, y: 0, width: 600, height: 600 });
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const second = await upload(u.idToken, png, undefined, 'image/png');
    const res = await t.request('/api/user/export', { token: u.idToken });
    expect(res.status).toBe(200);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    expect(entries.get('profile/avatar.png')).toEqual(png);
    expect([...entries.keys()].filter((k) => k.startsWith('profile/avatar'))).toEqual(['profile/avatar.png']);
    expect(JSON.parse(entries.get('profile.json')!.toString()).avatar).toBe('profile/avatar.png');
    const stored = [];
    for await (const f of t.deps.storage.list(`avatars/${second.userId}/`)) stored.push(f.key.split('/').pop());
    const id = (v: string) => v.replace(/\.webp$/, '');
    expect(stored.sort()).toEqual([second.avatarVersion, `${id(second.avatarVersion)}-original.png`].sort());
    expect(stored.some((k) => k?.startsWith(id(first.avatarVersion)))).toBe(false);
  });
});
