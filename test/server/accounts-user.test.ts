import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const post = (body: unknown, token?: string) => ({ method: 'POST', json: body, token });

describe(`accounts: profile, credentials and avatar (${dbLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/user answers each user their own data; POST saves the names', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const saved = await t.request('/api/user', post({ firstName: '  Ada ', lastName: 'Lovelace' }, a.idToken));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', displayName: 'Ada Lovelace', email: a.email });
    expect(await (await t.request('/api/user', { token: a.idToken })).json()).toMatchObject({ displayName: 'Ada Lovelace' });
    expect(await (await t.request('/api/user', { token: b.idToken })).json()).toMatchObject({ email: b.email, displayName: '' });
    const long = await t.request('/api/user', post({ firstName: 'x'.repeat(101), lastName: '' }, a.idToken));
    expect(long.status).toBe(400);
    expect((await long.json()).fieldErrors.firstName).toEqual(['First name must be at most 100 characters']);
  });

  it('credentials: the current password must verify; a new password must meet the policy', async () => {
    const u = await signedInUser(t);
    const wrong = await t.request('/api/user/security', post({ currentPassword: 'Nope12345', newPassword: 'Fresh2026x' }, u.idToken));
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).fieldErrors.currentPassword).toEqual(['The current password is not correct.']);
    const weak = await t.request('/api/user/security', post({ currentPassword: PASSWORD, newPassword: 'weak' }, u.idToken));
    expect(weak.status).toBe(400);
    const nothing = await t.request('/api/user/security', post({ currentPassword: PASSWORD }, u.idToken));
    expect((await nothing.json()).fieldErrors.newPassword).toEqual(['Enter a new email address or a new password']);
  });

  it('a new password ends the other sessions, keeps this one, and replaces the old password', async () => {
    const u = await signedInUser(t);
    const other = await (await t.request('/api/auth/sign-in', post({ email: u.email, password: PASSWORD }))).json();
    const res = await t.request('/api/user/security', post({ currentPassword: PASSWORD, newPassword: 'Fresh2026x' }, u.idToken));
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('Your password has been changed.');
    expect((await t.request('/api/user', { token: u.idToken })).status).toBe(200);
    expect((await t.request('/api/user', { token: other.idToken })).status).toBe(401);
    expect((await t.request('/api/auth/sign-in', post({ email: u.email, password: PASSWORD }))).status).toBe(401);
    expect((await t.request('/api/auth/sign-in', post({ email: u.email, password: 'Fresh2026x' }))).status).toBe(200);
  });

  it('a new address is pending until the link mailed to it is opened; one in use answers alike and its owner is told', async () => {
    const u = await signedInUser(t);
    const taken = await signedInUser(t);
    const clash = await t.request('/api/user/security', post({ currentPassword: PASSWORD, email: taken.email }, u.idToken));
    expect(clash.status).toBe(200);
    expect((await clash.json()).message).toBe(`We sent a link to ${taken.email}. Your address changes once you open it.`);
    expect(t.mails.at(-1)).toMatchObject({ to: taken.email, subject: 'Your address is already in use' });
    expect(t.mails.at(-1)!.link).toContain('/reset-password?');
    const next = `moved-${Date.now()}@example.com`;
    const res = await t.request('/api/user/security', post({ currentPassword: PASSWORD, email: next }, u.idToken));
    const body = await res.json();
    expect(body.user).toMatchObject({ email: u.email, pendingEmail: next });
    expect(body.message).toContain(next);
    expect(t.mails.at(-1)).toMatchObject({ to: next, subject: 'Confirm your new email address' });
    await t.request('/api/auth/verify-email', post({ token: t.lastLinkToken(next, 'verify-email') }));
    expect(await (await t.request('/api/user', { token: u.idToken })).json()).toMatchObject({ email: next, pendingEmail: null });
    expect((await t.request('/api/auth/sign-in', post({ email: next, password: PASSWORD }))).status).toBe(200);
  });

  it('avatar: ticket, PUT, confirm; served as a 256 px WebP without metadata, with ETag and 304', async () => {
    const u = await signedInUser(t);
    expect((await t.request('/api/user/avatar', { token: u.idToken })).status).toBe(404);
    // A portrait photo stored sideways (EXIF orientation 6) with GPS data.
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Orientation: '6', Make: 'Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
      .toBuffer();
    const ticketRes = await t.request(
      '/api/user/avatar',
      post({ fileName: 'me.jpg', fileType: 'image/jpeg', fileSizeInBytes: photo.length }, u.idToken),
    );
    expect(ticketRes.status).toBe(200);
    const ticket = await ticketRes.json();
    expect(ticket).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/jpeg' } });
    const early = await t.request(`/api/uploads/${ticket.uploadId}/complete`, { method: 'POST', token: u.idToken });
    expect(early.status).toBe(409);
    const put = await t.request(new URL(ticket.uploadUrl).pathname, { method: 'PUT', headers: ticket.headers, body: photo });
    expect(put.status).toBe(200);
    const done = await t.request(`/api/uploads/${ticket.uploadId}/complete`, { method: 'POST', token: u.idToken });
    expect(done.status).toBe(200);
    expect((await done.json()).avatarVersion).toMatch(/\.webp$/);
    expect((await t.request(`/api/uploads/${ticket.uploadId}/complete`, { method: 'POST', token: u.idToken })).status).toBe(404);

    const img = await t.request('/api/user/avatar', { token: u.idToken });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([256, 256, undefined, undefined]);
    const etag = img.headers.get('etag')!;
    expect((await t.request('/api/user/avatar', { token: u.idToken, headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('avatar requests are validated: type and size with the required messages', async () => {
    const u = await signedInUser(t);
    const cases: Array<[object, string, string]> = [
      [{ fileName: 'a.pdf', fileType: 'application/pdf', fileSizeInBytes: 10 }, 'fileType', 'File type PDF is not allowed'],
      [
        { fileName: 'big.png', fileType: 'image/png', fileSizeInBytes: 20 * 1024 * 1024 + 1 },
        'fileSizeInBytes',
        'File big.png exceeds the maximum size of 20MB',
      ],
      [{ fileName: '', fileType: 'image/png', fileSizeInBytes: 10 }, 'fileName', 'File name is required'],
      [{ fileName: 'a.png', fileType: 'image/png', fileSizeInBytes: 0 }, 'fileSizeInBytes', 'The file is empty'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.request('/api/user/avatar', post(body, u.idToken));
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors[field]).toContain(message);
    }
  });

  it('bytes that do not match the declared type are refused and nothing is left behind', async () => {
    const u = await signedInUser(t);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const ticket = await (
      await t.request('/api/user/avatar', post({ fileName: 'x.jpg', fileType: 'image/jpeg', fileSizeInBytes: png.length }, u.idToken))
    ).json();
    const put = await t.request(new URL(ticket.uploadUrl).pathname, { method: 'PUT', headers: ticket.headers, body: png });
    expect(put.status).toBe(415);
    expect(
      await t.deps.storage.stat(`uploads/${(await (await t.request('/api/user', { token: u.idToken })).json()).userId}/${ticket.uploadId}`),
    ).toBeNull();
    expect((await (await t.request('/api/user', { token: u.idToken })).json()).avatarVersion).toBeNull();
  });

  it("one user cannot confirm another's upload", async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const ticket = await (
      await t.request('/api/user/avatar', post({ fileName: 'x.png', fileType: 'image/png', fileSizeInBytes: 100 }, a.idToken))
    ).json();
    expect((await t.request(`/api/uploads/${ticket.uploadId}/complete`, { method: 'POST', token: b.idToken })).status).toBe(404);
  });
});
