import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepStorage } from '../../server/storage-sweep/storage-sweep';
import { createVerifiedAccount, startServer, type RunningServer } from '../support/browser';
import { artworkInput, createArtwork, everyFile, makeJpeg, requestTicket } from '../support/portfolio';
import { createTestApp, signedInUser } from '../support/test-app';
import { dbLabel, testDatabaseConfig } from '../support/test-db';

const JWT = 'jwt-secret-jwt-secret-jwt-secret-jwt!';
const SOCIAL = 'social-key-social-key-social-key-social!';

describe(`storage after a crash (${dbLabel()})`, () => {
  let first: RunningServer | undefined;
  let second: RunningServer | undefined;
  const open: http.ClientRequest[] = [];
  afterAll(async () => {
    open.forEach((r) => r.destroy());
    await second?.stop();
    if (first) await fs.rm(first.dataDir, { recursive: true, force: true });
  });

  it('a server killed during uploads leaves nothing behind once the sweep has run', async () => {
    const database = await testDatabaseConfig();
    // With a shared database other instances may be mid-write, so files are only swept past a grace; here none.
    const env: Record<string, string> =
      database.kind === 'postgres'
        ? { DATABASE_URL: database.url, JWT_SECRET: JWT, SOCIAL_SECRET_KEY: SOCIAL, STORAGE_SWEEP_GRACE_MINUTES: '0' }
        : {};
    first = await startServer(env);
    const files = path.join(first.dataDir, 'files');
    const { idToken } = await createVerifiedAccount(first, 'crash@example.com', 'Secret123');
    const api = (p: string, init: RequestInit = {}) =>
      fetch(`${first!.url}/api${p}`, {
        ...init,
        headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json', ...init.headers },
      });
    const { artworkId } = await (await api('/artwork', { method: 'POST', body: JSON.stringify(artworkInput()) })).json();
    const ticket = async (size: number) =>
      (
        await api(`/artwork/${artworkId}/media`, {
          method: 'POST',
          body: JSON.stringify({ fileName: 'f.jpg', fileType: 'image/jpeg', fileSizeInBytes: size }),
        })
      ).json();

    // One upload goes all the way: its files must outlive the sweep.
    const jpeg = await makeJpeg(300, 200);
    const done = await ticket(jpeg.length);
    expect((await fetch(done.uploadUrl, { method: 'PUT', headers: done.headers, body: new Uint8Array(jpeg) })).status).toBe(200);
    const { mediaId } = await (await api(`/uploads/${done.uploadId}/complete`, { method: 'POST' })).json();
    const kept = await everyFile(files);
    expect(kept.some((f) => f.includes(mediaId))).toBe(true);

    // Four uploads are half way through their bodies when the server dies.
    const big = await makeJpeg(1200, 900, { quality: 95 });
    for (let i = 0; i < 4; i++) {
      const t = await ticket(big.length);
      const url = new URL(t.uploadUrl);
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'PUT',
        headers: { ...t.headers, 'Content-Length': big.length },
      });
      req.on('error', () => {});
      req.write(big.subarray(0, big.length / 2));
      open.push(req);
    }
    await expect.poll(async () => (await everyFile(path.join(files, '.incoming'))).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    // What a crash between storing files and recording them leaves: a media folder and an upload no row claims.
    const [, userId] = kept.find((f) => f.startsWith('media/'))!.split('/');
    const orphanFolder = path.join(files, 'media', userId, artworkId, randomUUID());
    await fs.mkdir(orphanFolder, { recursive: true });
    await fs.writeFile(path.join(orphanFolder, 'original'), jpeg);
    await fs.writeFile(path.join(orphanFolder, 'large.webp'), 'half a variant');
    await fs.mkdir(path.join(files, 'uploads', userId), { recursive: true });
    await fs.writeFile(path.join(files, 'uploads', userId, randomUUID()), jpeg);

    process.kill(first.pid, 'SIGKILL');
    await first.exited;
    const left = await everyFile(files);
    expect(left.filter((f) => f.startsWith('.incoming/')).length).toBeGreaterThanOrEqual(4);
    expect(left.length).toBeGreaterThan(kept.length + 4);

    // The same address, as tokens name it.
    second = await startServer({ ...env, DATA_DIR: first.dataDir, PORT: new URL(first.url).port });
    await expect.poll(() => everyFile(files), { timeout: 20_000, interval: 250 }).toEqual(kept);
    await expect(fs.stat(orphanFolder)).rejects.toThrow(/ENOENT/);
    const media = await fetch(`${second.url}/api/media/${mediaId}`, { headers: { authorization: `Bearer ${idToken}` } });
    expect(media.status).toBe(200);
    expect(Buffer.from(await media.arrayBuffer()).equals(jpeg)).toBe(true);
  });
});

type S3rverCtor = new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> };
// s3rver ships no type declarations.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverCtor;

describe(`storage sweep in a bucket (${dbLabel()})`, () => {
  it('removes files no row claims from the bucket, keeps every file a row claims and files the product does not own', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sweep-s3rver-'));
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'sweep', configs: [] }],
    });
    const { port } = await s3.run();
    const t = await createTestApp({
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'sweep',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    try {
      const { idToken } = await signedInUser(t);
      const { artworkId } = await createArtwork(t, idToken);
      // The browser PUTs straight to the bucket; the test does the same.
      const jpeg = await makeJpeg(120, 90);
      const ticket = await (await requestTicket(t, idToken, artworkId, { name: 'kept.jpg', type: 'image/jpeg', size: jpeg.length })).json();
      expect((await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: new Uint8Array(jpeg) })).status).toBe(200);
      expect((await t.request(`/api/uploads/${ticket.uploadId}/complete`, { method: 'POST', token: idToken })).status).toBe(200);
      const keys = async () => {
        const out: string[] = [];
        for await (const f of t.deps.storage.list('')) out.push(f.key);
        return out.sort();
      };
      const kept = await keys();
      expect(kept.filter((k) => k.startsWith('media/')).length).toBeGreaterThan(1);
      const [, userId] = kept[0].split('/');
      for (const key of [
        `media/${userId}/${artworkId}/${randomUUID()}/original`,
        `uploads/${userId}/${randomUUID()}`,
        'health/0123abcd',
        'published/abcdefghij/3/1.webp',
      ]) {
        await t.deps.storage.put(key, Buffer.from('left by a crash'), 'application/octet-stream');
      }
      await t.deps.storage.put('elsewhere/not-ours', Buffer.from('an operator file'), 'text/plain');
      expect(await sweepStorage(t.deps, new Date(Date.now() + 60_000))).toMatchObject({ orphans: 4 });
      expect(await keys()).toEqual([...kept, 'elsewhere/not-ours'].sort());
    } finally {
      await t.close();
      await s3.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
